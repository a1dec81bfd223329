import type { Deal, ProductUnit } from "../../shared/schemas/products.ts";
import { type PreparedVariant, pickWidth } from "../images/images.service.ts";
import { dealImage } from "./deal-image.ts";

export const DEAL_ID = "deal-of-the-day";
/** The deal is sold by the piece (one cabbage). */
export const DEAL_UNIT: ProductUnit = "piece";
const DEAL_LENGTH_MS = 24 * 60 * 60 * 1000;

/** The deal of the day as the spec fixes it (product rules §3): Cabbage at 5 against 10, Vegetables, by "system". */
const dealProduct = {
  name: "Cabbage",
  pricePaise: 500,
  originalPricePaise: 1000,
  description: "Crisp green cabbage, harvested this morning. Today only at half price.",
  category: "Vegetables",
};

export interface CurrentDeal {
  id: typeof DEAL_ID;
  name: string;
  pricePaise: number;
  originalPricePaise: number;
  description: string;
  category: string;
  startTime: Date;
  endTime: Date;
}

/**
 * The deal running at `now`. A new deal starts every 24 hours, at 00:00 UTC, so every instance agrees on it
 * without storing anything.
 */
export function currentDeal(now: Date = new Date()): CurrentDeal {
  const start = Math.floor(now.getTime() / DEAL_LENGTH_MS) * DEAL_LENGTH_MS;
  return {
    id: DEAL_ID,
    ...dealProduct,
    startTime: new Date(start),
    endTime: new Date(start + DEAL_LENGTH_MS),
  };
}

/** The deal as the API shows it (rupees, the spec's field names). */
export function dealForApi(deal: CurrentDeal, imageUrl: string): Deal {
  return {
    id: deal.id,
    name: deal.name,
    price: deal.pricePaise / 100,
    originalPrice: deal.originalPricePaise / 100,
    image: imageUrl,
    description: deal.description,
    category: deal.category,
    userId: "system",
    startTime: deal.startTime.toISOString(),
    endTime: deal.endTime.toISOString(),
  };
}

/** The deal picture's variant to serve for `requested` pixels (drawn once, kept in memory). */
export async function dealImageVariant(requested: number): Promise<PreparedVariant> {
  const image = await dealImage();
  const chosen = pickWidth(
    image.variants.map((variant) => variant.width),
    requested,
  );
  const variant = image.variants.find((v) => v.width === chosen) ?? image.variants[0];
  if (!variant) throw new Error("The deal picture has no variants");
  return variant;
}
