import { photoMessages } from "../photo.ts";
import { addressMessages } from "../schemas/addresses.ts";
import { dealPlanMessages } from "../schemas/deal-plans.ts";
import { likeMessages } from "../schemas/likes.ts";
import { stockMessages } from "../schemas/orders.ts";
import { paymentMessages } from "../schemas/payments.ts";
import { phoneMessages } from "../schemas/phone.ts";
import { productMessages } from "../schemas/product-form.ts";

/**
 * The shared schemas' English texts (decision 032), apart from src/shared/messages.ts: they come with their
 * schemas, which the first screen does not load, so the browser adds them with Hindi or Marathi
 * (`registerEnglish`); the server adds them at start (all.ts).
 */
export const schemaTexts = {
  productMessages,
  photoMessages,
  likeMessages,
  addressMessages,
  dealPlanMessages,
  paymentMessages,
  stockMessages,
  phoneMessages,
} as const;
