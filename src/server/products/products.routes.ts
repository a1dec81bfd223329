import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ImageBytesSchema, ProductResponseSchema } from "../../shared/schemas/api.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  NewProductFieldsSchema,
  newProductDetailsSchema,
  productMessages,
  productPatchSchema,
} from "../../shared/schemas/product-form.ts";
import { ProductListQuerySchema, ProductListSchema } from "../../shared/schemas/products.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { requireUser } from "../auth/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import {
  AppError,
  allowOfflineCopy,
  documentOnly,
  enforceRateLimits,
  nulMessage,
  parseWith,
  validationError,
} from "../http/index.ts";
import { imageQueue } from "../images/index.ts";
import {
  assertOwnProduct,
  createProduct,
  deleteOwnProduct,
  getProduct,
  listProducts,
  replaceOwnProductImage,
  updateOwnProduct,
} from "./products.service.ts";

const MINUTE_MS = 60_000;
/** Re-encoding an upload costs real CPU; a farmer adds a few products a minute, not hundreds. */
const UPLOADS_PER_MINUTE = 30;
/** Uploads across all accounts per minute: about what one core re-encodes in a minute. */
export const SHOP_UPLOADS_PER_MINUTE = 120;
const PLAIN_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
/** The add-product form's text fields: the product's four (product rules §3), then the optional unit, stock and harvest date. */
const PRODUCT_TEXT_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "price",
  "description",
  "category",
  "unit",
  "stock",
  "harvestedOn",
]);
const NO_TEXT_FIELDS: ReadonlySet<string> = new Set();
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

/** Reads the multipart body: the allowed text fields and one image file, nothing else. */
async function readProductUpload(
  request: FastifyRequest,
  textFields: ReadonlySet<string> = PRODUCT_TEXT_FIELDS,
): Promise<ProductUpload> {
  if (!request.isMultipart()) {
    throw new AppError("unsupported_media_type", "Send the product as multipart/form-data with its image");
  }
  const fields: Record<string, string> = {};
  const problems: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const known = part.type === "file" ? name === "image" : textFields.has(name);
      if (!known) {
        // NOTE: an image sent as text (the old data URL form) is a missing image, not an unknown field.
        problems[name] ??=
          name === "image"
            ? required
            : textFields.has(name)
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
        if (value.includes("\0")) problems[name] ??= nulMessage;
        if (name === "price" && value.trim() !== "" && !PLAIN_DECIMAL.test(value.trim())) {
          problems.price ??= "Price must be a number";
        }
        fields[name] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("image_too_large", productMessages.imageTooLarge, {
        image: productMessages.imageTooLarge,
      });
    }
    if (code === "FST_FILES_LIMIT") throw new AppError("too_many_files", "Send one image only");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new AppError("too_many_fields", "The form has too many fields");
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status < 500) throw error;
    // NOTE: busboy reports a broken body (no boundary, cut short) as a plain Error: the client's fault, not ours.
    throw new AppError("invalid_multipart", "The upload could not be read. Please try again.");
  }
  const [firstProblem] = Object.values(problems);
  if (firstProblem !== undefined) throw new AppError("validation_failed", firstProblem, problems);
  return { fields, image: image && image.length > 0 ? image : undefined };
}

export async function productsRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const today = () => shopDate(new Date(), config.shopTimeZone);
  const uploadLimit = app.createRateLimit({
    max: UPLOADS_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `product-upload:${request.user?.id ?? request.clientKey}`,
  });
  /** The whole shop's uploads: many accounts together cannot keep the image queue full for long. */
  const shopUploadLimit = app.createRateLimit({
    max: SHOP_UPLOADS_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: () => "product-upload:shop",
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = { querystring: ProductListQuerySchema, response: { 200: ProductListSchema } };
  typed.get("/", { schema: listSchema }, async (request, reply) => {
    const user = requireUser(request);
    allowOfflineCopy(reply);
    return listProducts(db.kysely, request.query, user, app.clock());
  });

  const oneSchema = { params: IdParamsSchema, response: { 200: ProductResponseSchema } };
  typed.get("/:id", { schema: oneSchema }, async (request, reply) => {
    const user = requireUser(request);
    allowOfflineCopy(reply);
    return { product: await getProduct(db.kysely, request.params.id, user, app.clock()) };
  });

  const createSchema = {
    consumes: ["multipart/form-data"],
    // NOTE: the upload is read part by part (readProductUpload), so this body is declared for the docs only.
    body: documentOnly(NewProductFieldsSchema.extend({ image: ImageBytesSchema })),
    response: { 201: ProductResponseSchema },
  };
  typed.post("/", { schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: admitted before the body is read, so a flood of uploads is refused (503) without being buffered.
    const admission = imageQueue.admit();
    try {
      return await addProduct(request, reply, user.id);
    } finally {
      admission.release();
    }
  });

  async function addProduct(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const upload = await readProductUpload(request);
    const parsed = NewProductFieldsSchema.safeParse(upload.fields);
    const details = newProductDetailsSchema(today()).safeParse(upload.fields);
    const problems = parsed.success ? undefined : validationError(parsed.error);
    const detailProblems = details.success ? undefined : validationError(details.error);
    if (!upload.image) {
      const fields = { ...problems?.fields, ...detailProblems?.fields, image: required };
      throw new AppError("validation_failed", problems?.message ?? required, fields);
    }
    if (!parsed.success || !details.success) {
      const fields = { ...problems?.fields, ...detailProblems?.fields };
      throw new AppError("validation_failed", (problems ?? detailProblems)?.message ?? required, fields);
    }
    // NOTE: counted only for uploads that reach the costly re-encoding; a mistyped form costs nothing.
    await enforceRateLimits(request, reply, [uploadLimit, shopUploadLimit], productMessages.tooManyUploads);
    const product = await createProduct(db.kysely, userId, { ...parsed.data, ...details.data }, upload.image);
    return reply.status(201).send({ product });
  }

  /** The owner changes any of name, price, description, category, unit, stock and harvest date (JSON). */
  const patchSchema = {
    params: IdParamsSchema,
    // NOTE: "today" moves, so the body is checked per request (parseWith below); declared for the docs.
    body: documentOnly(productPatchSchema("9999-12-31")),
    response: { 200: ProductResponseSchema },
  };
  typed.patch("/:id", { schema: patchSchema }, async (request) => {
    const user = requireUser(request);
    const patch = parseWith(productPatchSchema(today()), request.body);
    return { product: await updateOwnProduct(db.kysely, user.id, request.params.id, patch) };
  });

  /** The owner replaces the photo (multipart `image`); the product gets a new image URL. */
  const imageSchema = {
    consumes: ["multipart/form-data"],
    params: IdParamsSchema,
    body: documentOnly(z.object({ image: ImageBytesSchema })),
    response: { 200: ProductResponseSchema },
  };
  typed.put("/:id/image", { schema: imageSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: ownership is checked before the costly re-encoding, so a stranger's upload costs nothing.
    await assertOwnProduct(db.kysely, user.id, request.params.id);
    const admission = imageQueue.admit();
    try {
      const upload = await readProductUpload(request, NO_TEXT_FIELDS);
      if (!upload.image) {
        throw new AppError("validation_failed", productMessages.imageMissing, {
          image: productMessages.imageMissing,
        });
      }
      await enforceRateLimits(request, reply, [uploadLimit, shopUploadLimit], productMessages.tooManyUploads);
      return { product: await replaceOwnProductImage(db.kysely, user.id, request.params.id, upload.image) };
    } finally {
      admission.release();
    }
  });

  const deleteSchema = { params: IdParamsSchema, response: { 204: NoContentSchema } };
  typed.delete("/:id", { schema: deleteSchema }, async (request, reply) => {
    const user = requireUser(request);
    await deleteOwnProduct(db.kysely, user.id, request.params.id);
    return reply.status(204).send(null);
  });
}
