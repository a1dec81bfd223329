import { z } from "zod";
import { FarmerSchema, InboxMessageSchema } from "./messages.ts";
import { DealSchema, ProductSchema } from "./products.ts";

/**
 * The envelopes the API answers with, around the domain shapes, and the small request parts (an image's
 * width) routes declare; path ids are in common.ts. Routes declare these (docs/architecture.md, "The API contract"); the client
 * parses what it receives with the same schemas. `NoContentSchema` and `MeResponseSchema` are in auth.ts: the
 * first screen imports them, and importing this module would bring every domain's schemas into its bundle.
 */
export const ProductResponseSchema = z.object({ product: ProductSchema });
export const DealResponseSchema = z.object({ deal: DealSchema });
export const SentMessageResponseSchema = z.object({ message: z.object({ id: z.string() }) });
export const InboxResponseSchema = z.object({ messages: z.array(InboxMessageSchema) });
export const FarmersResponseSchema = z.object({ farmers: z.array(FarmerSchema) });
export const HealthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });
export const ReadySchema = z.object({ status: z.literal("ready"), database: z.enum(["sqlite", "postgres"]) });
/** Image bytes (WebP). */
export const ImageBytesSchema = z.string().meta({ format: "binary", description: "The picture as WebP" });

/** The widths an image is prepared at; a request names any width and gets the nearest prepared one. */
export const DEFAULT_IMAGE_WIDTH = 640;
export const ImageQuerySchema = z.strictObject({
  w: z.coerce
    .number("w must be a width in pixels")
    .int("w must be a width in pixels")
    .min(1, "w must be a width in pixels")
    .max(10_000, "w must be at most 10000")
    .default(DEFAULT_IMAGE_WIDTH),
});
