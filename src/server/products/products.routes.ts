import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ImageBytesSchema, ProductResponseSchema } from "../../shared/schemas/api.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  NewProductFormSchema,
  ProductPatchSchema,
  productMessages,
} from "../../shared/schemas/product-form.ts";
import { ProductListQuerySchema, ProductListSchema } from "../../shared/schemas/products.ts";
import { requireUser } from "../auth/index.ts";
import type { Config } from "../config.ts";
import {
  AppError,
  allowOfflineCopy,
  closeUnread,
  documentOnly,
  enforceRateLimits,
  type MultipartForm,
  readMultipart,
  validationError,
} from "../http/index.ts";
import { admitUpload } from "../images/index.ts";
import {
  assertOwnProduct,
  createProduct,
  deleteOwnProduct,
  replaceOwnProductImage,
  updateOwnProduct,
} from "./own-products.service.ts";
import { type PreparedAnswer, prepareProduct, prepareProductList } from "./products.service.ts";

const MINUTE_MS = 60_000;
/** Re-encoding an upload costs real CPU; a farmer adds a few products a minute, not hundreds. */
const UPLOADS_PER_MINUTE = 30;
/** Uploads across all accounts per minute: about what one core re-encodes in a minute. */
export const SHOP_UPLOADS_PER_MINUTE = 120;
/** The add-product form: the product's four text fields (product rules §3), the optional unit, stock and
 * harvest date, and its photo. */
const productForm: MultipartForm = {
  textFields: new Set([
    "name",
    "otherNames",
    "price",
    "description",
    "category",
    "unit",
    "stock",
    "harvestedOn",
  ]),
  fileField: "image",
  fileMissing: productMessages.fillAllFields,
  fileTooLarge: productMessages.imageTooLarge,
  tooLong: (field) =>
    field === "name"
      ? productMessages.nameTooLong
      : field === "description"
        ? productMessages.descriptionTooLong
        : `The field "${field}" is too long`,
  notMultipart: "Send the product as multipart/form-data with its image",
};
/** A new photo for a product: the file alone. */
const photoForm: MultipartForm = { ...productForm, textFields: new Set() };

/**
 * A prepared answer: its JSON as it is when it has one (already encoded by the route's schema, decision 035),
 * else its value through the route's schema.
 */
function sendPrepared<T>(reply: FastifyReply, answer: PreparedAnswer<T>): T {
  if (answer.json === undefined) return answer.value;
  // NOTE: a string with a JSON content type goes out as it is; Fastify serializes only objects.
  reply.header("etag", answer.json.etag).type("application/json; charset=utf-8").send(answer.json.text);
  return reply as never;
}

export async function productsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = { querystring: ProductListQuerySchema, response: { 200: ProductListSchema } };
  typed.get("/", { schema: listSchema }, async (request, reply) => {
    const user = requireUser(request);
    allowOfflineCopy(reply);
    return sendPrepared(reply, await prepareProductList(request.ctx, request.query, user));
  });

  const oneSchema = { params: IdParamsSchema, response: { 200: ProductResponseSchema } };
  typed.get("/:id", { schema: oneSchema }, async (request, reply) => {
    const user = requireUser(request);
    allowOfflineCopy(reply);
    return sendPrepared(reply, await prepareProduct(request.ctx, request.params.id, user));
  });

  uploadRoutes(app, config);

  /** The owner changes any of name, price, description, category, unit, stock and harvest date (JSON). */
  const patchSchema = {
    params: IdParamsSchema,
    body: ProductPatchSchema,
    response: { 200: ProductResponseSchema },
  };
  typed.patch("/:id", { schema: patchSchema }, async (request) => {
    const user = requireUser(request);
    const product = await updateOwnProduct(request.ctx, user.id, request.params.id, request.body);
    return { product };
  });

  const deleteSchema = { params: IdParamsSchema, response: { 204: NoContentSchema } };
  typed.delete("/:id", { schema: deleteSchema }, async (request, reply) => {
    const user = requireUser(request);
    await deleteOwnProduct(request.ctx, user.id, request.params.id);
    return reply.status(204).send(null);
  });
}

/** The uploads: a new product with its photo, and a new photo (multipart), each rate-limited and admitted. */
function uploadRoutes(app: FastifyInstance, config: Config): void {
  const stallMs = config.limits.uploadStallMs;
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
  const createSchema = {
    consumes: ["multipart/form-data"],
    // NOTE: a multipart body is read part by part (readMultipart), then its fields are parsed with this
    // schema's NewProductFormSchema; Fastify does not validate multipart bodies itself.
    body: documentOnly(NewProductFormSchema.extend({ image: ImageBytesSchema })),
    response: { 201: ProductResponseSchema },
  };
  typed.post("/", { schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: admitted before the body is read, so a flood of uploads is refused (503) without being read.
    const admission = admitUpload(request, user.id);
    try {
      return await addProduct(request, reply, user.id);
    } finally {
      admission.release();
    }
  });

  async function addProduct(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const upload = await readMultipart(request, productForm, { stallMs });
    const parsed = NewProductFormSchema.safeParse(upload.fields);
    if (!upload.file) {
      const problems = parsed.success ? undefined : validationError(parsed.error);
      const fields = { ...problems?.fields, image: productMessages.fillAllFields };
      throw new AppError("validation_failed", problems?.message ?? productMessages.fillAllFields, fields);
    }
    if (!parsed.success) throw validationError(parsed.error);
    // NOTE: counted only for uploads that reach the costly re-encoding; a mistyped form costs nothing.
    await enforceRateLimits(request, reply, [uploadLimit, shopUploadLimit], productMessages.tooManyUploads);
    const product = await createProduct(request.ctx, userId, parsed.data, upload.file);
    return reply.status(201).send({ product });
  }

  /** The owner replaces the photo (multipart `image`); the product gets a new image URL. */
  const imageSchema = {
    consumes: ["multipart/form-data"],
    params: IdParamsSchema,
    body: documentOnly(z.object({ image: ImageBytesSchema })),
    response: { 200: ProductResponseSchema },
  };
  typed.put("/:id/image", { schema: imageSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: ownership is checked before the body is read, so a stranger's upload costs nothing.
    await assertOwnProduct(request.ctx, user.id, request.params.id).catch((error: unknown) => {
      closeUnread(request);
      throw error;
    });
    const admission = admitUpload(request, user.id);
    try {
      const upload = await readMultipart(request, photoForm, { stallMs });
      if (!upload.file) {
        throw new AppError("validation_failed", productMessages.imageMissing, {
          image: productMessages.imageMissing,
        });
      }
      await enforceRateLimits(request, reply, [uploadLimit, shopUploadLimit], productMessages.tooManyUploads);
      return { product: await replaceOwnProductImage(request.ctx, user.id, request.params.id, upload.file) };
    } finally {
      admission.release();
    }
  });
}
