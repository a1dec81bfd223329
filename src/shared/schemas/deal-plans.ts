import { z } from "zod";
import { text } from "../i18n/text.ts";
import { IdParamsSchema } from "./common.ts";
import {
  descriptionSchema,
  isCalendarDate,
  nameSchema,
  priceSchema,
  productMessages,
} from "./product-form.ts";
import { DealSchema } from "./products.ts";

/** The deal of the day as the operator plans it (/api/admin/deal). */

/** One planned deal: from its shop date on, until a later plan takes over. */
export const DealPlanSchema = z.object({
  id: z.string(),
  /** The first shop day (`YYYY-MM-DD`, SHOP_TIME_ZONE) this plan is the deal. */
  date: z.string(),
  name: z.string(),
  description: z.string(),
  /** Rupees. */
  price: z.number(),
  originalPrice: z.number(),
  /** The picture's URL. */
  image: z.string(),
  /** The stored picture; null for the built-in cabbage. */
  imageId: z.string().nullable(),
  createdAt: z.string(),
  /** The operator's name; null when the account is gone. */
  plannedBy: z.string().nullable(),
});
export type DealPlan = z.infer<typeof DealPlanSchema>;

/** GET /api/admin/deal: today's deal as shoppers see it, and the plan in force today followed by later ones. */
export const DealPlanningSchema = z.object({
  /** Today in the shop's calendar, and the shop's time zone: a deal turns over at its midnight. */
  today: z.string(),
  timeZone: z.string(),
  current: DealSchema,
  plans: z.array(DealPlanSchema),
});
export type DealPlanning = z.infer<typeof DealPlanningSchema>;

export const dealPlanMessages = {
  dateInvalid: text(/*i18n*/ { id: "Please enter the date as YYYY-MM-DD" }),
  dateInPast: text(/*i18n*/ { id: "The date cannot be before today" }),
  originalBelowPrice: text(/*i18n*/ { id: "The original price cannot be below the deal price" }),
  unknownPicture: text(/*i18n*/ { id: "This picture does not exist" }),
  planNotFound: text(/*i18n*/ { id: "This planned deal does not exist" }),
  planStarted: text(
    /*i18n*/ { id: "This deal has already started: plan a new one from a later day instead" },
  ),
} as const;

/**
 * PUT /api/admin/deal: the deal from `date` on (today or later in the shop's calendar). `imageId` is the
 * picture of a product in the shop (or of an earlier plan); null keeps the built-in cabbage.
 */
export const DealPlanInputSchema = z
  .strictObject({
    date: z.string(dealPlanMessages.dateInvalid).trim().refine(isCalendarDate, dealPlanMessages.dateInvalid),
    name: nameSchema(productMessages.nameRequired),
    description: descriptionSchema(productMessages.descriptionRequired),
    price: priceSchema(productMessages.priceRequired),
    originalPrice: priceSchema(productMessages.priceRequired),
    imageId: IdParamsSchema.shape.id.nullable().default(null),
  })
  .refine((plan) => plan.originalPrice >= plan.price, {
    message: dealPlanMessages.originalBelowPrice,
    path: ["originalPrice"],
  });
export type DealPlanInput = z.input<typeof DealPlanInputSchema>;

/** POST /api/admin/deal/pictures (multipart, one `image`): a picture uploaded for a planned deal. */
export const DealPictureReplySchema = z.object({
  /** What a plan's `imageId` names. */
  imageId: z.string(),
  /** Its URL, for a preview. */
  image: z.string(),
});
export type DealPictureReply = z.infer<typeof DealPictureReplySchema>;
