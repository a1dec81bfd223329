import type { FastifyInstance, FastifyRequest } from "fastify";
import { NewProductFieldsSchema, productMessages } from "../../shared/schemas/product-form.ts";
import { ProductListQuerySchema } from "../../shared/schemas/products.ts";
import { requireUser } from "../auth/session.plugin.ts";
import type { Db } from "../db/database.ts";
import { AppError, parseWith, validationError } from "../http/errors.ts";
import { imageMessages, prepareImage } from "../images/images.service.ts";
import { createProduct, deleteOwnProduct, getProduct, listProducts } from "./products.service.ts";

const MINUTE_MS = 60_000;
/** Re-encoding an upload costs real CPU; a farmer adds a few products a minute, not hundreds. */
const UPLOADS_PER_MINUTE = 30;
const PLAIN_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
const TEXT_FIELDS = new Set(["name", "price", "description", "category"]);
const required = productMessages.fillAllFields;
/** NOTE: a busboy field over its size limit arrives cut short, so a cut value is refused, never stored. */
const tooLongMessages: Record<string, string> = {
  name: productMessages.nameTooLong,
  description: productMessages.descriptionTooLong,
};

interface ProductUpload {
  fields: Record<string, string>;
  image?: Buffer;
}

/** Reads the multipart body: the four text fields and one image file, nothing else. */
async function readProductUpload(request: FastifyRequest): Promise<ProductUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Send the product as multipart/form-data with its image",
    );
  }
  const fields: Record<string, string> = {};
  const problems: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const known = part.type === "file" ? name === "image" : TEXT_FIELDS.has(name);
      if (!known) {
        // NOTE: an image sent as text (the spec's old data URL) is a missing image, not an unknown field.
        problems[name] ??=
          name === "image"
            ? required
            : TEXT_FIELDS.has(name)
              ? `The field "${name}" must be text`
              : `Unknown field "${name}"`;
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (name in fields || (name === "image" && image)) {
        problems[name] ??= `The field "${name}" was sent more than once`;
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (part.type === "file") {
        image = await part.toBuffer();
      } else if (part.valueTruncated) {
        problems[name] ??= tooLongMessages[name] ?? `The field "${name}" is too long`;
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        // NOTE: the browser's number input sends plain decimals; Number() alone would also take "0x10" or "1e3".
        if (name === "price" && value.trim() !== "" && !PLAIN_DECIMAL.test(value.trim())) {
          problems.price ??= "Price must be a number";
        }
        fields[name] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, "image_too_large", imageMessages.tooLarge, { image: imageMessages.tooLarge });
    }
    if (code === "FST_FILES_LIMIT") throw new AppError(413, "too_many_files", "Send one image only");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new AppError(413, "too_many_fields", "The form has too many fields");
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status < 500) throw error;
    // NOTE: busboy reports a broken body (no boundary, cut short) as a plain Error: the client's fault, not ours.
    throw new AppError(400, "invalid_multipart", "The upload could not be read. Please try again.");
  }
  if (Object.keys(problems).length > 0) {
    const [firstField] = Object.keys(problems);
    throw new AppError(400, "validation_failed", problems[firstField!]!, problems);
  }
  return { fields, image: image && image.length > 0 ? image : undefined };
}

export async function productsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const uploadLimit = app.createRateLimit({
    max: UPLOADS_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `product-upload:${request.user?.id ?? request.ip}`,
  });

  app.get("/", async (request) => {
    requireUser(request);
    return listProducts(db.kysely, parseWith(ProductListQuerySchema, request.query));
  });

  app.get<{ Params: { id: string } }>("/:id", async (request) => {
    requireUser(request);
    return { product: await getProduct(db.kysely, request.params.id) };
  });

  app.post("/", async (request, reply) => {
    const user = requireUser(request);
    const upload = await readProductUpload(request);
    const parsed = NewProductFieldsSchema.safeParse(upload.fields);
    const problems = parsed.success ? undefined : validationError(parsed.error);
    if (!upload.image) {
      const fields = { ...problems?.fields, image: required };
      throw new AppError(400, "validation_failed", problems?.message ?? required, fields);
    }
    if (!parsed.success) throw problems!;
    // NOTE: counted only for uploads that reach the costly re-encoding; a mistyped form costs nothing.
    const limit = await uploadLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header("retry-after", String(limit.ttlInSeconds));
      throw new AppError(
        429,
        "rate_limited",
        "Too many products at once. Please wait a minute and try again.",
      );
    }
    const image = await prepareImage(upload.image);
    const product = await createProduct(db.kysely, user.id, parsed.data, image);
    return reply.status(201).send({ product });
  });

  app.delete<{ Params: { id: string } }>("/:id", async (request, reply) => {
    const user = requireUser(request);
    await deleteOwnProduct(db.kysely, user.id, request.params.id);
    return reply.status(204).send();
  });
}
