import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import {
  type DealPlan,
  type DealPlanInputSchema,
  type DealPlanning,
  dealPlanMessages,
} from "../../shared/schemas/deal-plans.ts";
import type { Deal, ProductUnit } from "../../shared/schemas/products.ts";
import { addDays, DEFAULT_SHOP_TIME_ZONE, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import { AppError } from "../http/index.ts";
import {
  copyImage,
  imageUrl,
  type PreparedVariant,
  pickWidth,
  prepareImage,
  saveImage,
  withNewImage,
} from "../images/index.ts";
import { dealImage } from "./deal-image.ts";
import * as repo from "./deals.repository.ts";

export const DEAL_ID = "deal-of-the-day";
/** The deal is sold by the piece (one cabbage). */
export const DEAL_UNIT: ProductUnit = "piece";
/** The built-in picture (the cabbage); a planned picture is served like any product's. */
export const DEAL_IMAGE_URL = "/api/deal/image";

/** The deal of the day as the product fixes it (product rules §3): Cabbage at 5 against 10, Vegetables, by "system". */
const dealProduct = {
  name: "Cabbage",
  pricePaise: 500,
  originalPricePaise: 1000,
  description: "Crisp green cabbage, harvested this morning. Today only at half price.",
  category: "Vegetables",
  imageId: null,
};

export interface CurrentDeal {
  id: typeof DEAL_ID;
  name: string;
  pricePaise: number;
  originalPricePaise: number;
  description: string;
  category: string;
  /** The planned picture; null for the built-in cabbage. */
  imageId: string | null;
  startTime: Date;
  endTime: Date;
}

/**
 * The deal running at `now` runs for the shop's day: from midnight to midnight in the shop's time zone
 * (SHOP_TIME_ZONE), so every instance agrees on it and a shopper's deal turns over at their own midnight.
 */
export function dealWindow(now: Date, timeZone: string): { date: string; startTime: Date; endTime: Date } {
  const date = shopDate(now, timeZone);
  return {
    date,
    startTime: startOfShopDay(date, timeZone),
    endTime: startOfShopDay(addDays(date, 1), timeZone),
  };
}

/** The built-in deal (the product's cabbage, product rules §9) running at `now`. */
export function currentDeal(now: Date = new Date(), timeZone: string = DEFAULT_SHOP_TIME_ZONE): CurrentDeal {
  const { startTime, endTime } = dealWindow(now, timeZone);
  return { id: DEAL_ID, ...dealProduct, startTime, endTime };
}

/**
 * The deal running at `now`: the operator's plan in force on today's shop date, else the built-in one. A plan
 * made during its own first day starts when it was made, not at midnight, so its startTime, which a cart line
 * carries, tells it apart from the deal it replaced: a line names one deal for good (issue 25).
 */
export async function dealAt(ctx: Context): Promise<CurrentDeal> {
  const { now, settings } = ctx;
  const window = dealWindow(now, settings.shopTimeZone);
  // NOTE: one prepared answer per shop day, until its end; a new plan drops it (decision 035).
  return ctx.answers.cache.read(`deal:${window.date}`, now.getTime(), async () => ({
    value: await readDeal(ctx),
    until: window.endTime.getTime(),
  }));
}

async function readDeal({ db, now, settings }: Context): Promise<CurrentDeal> {
  const timeZone = settings.shopTimeZone;
  const deal = currentDeal(now, timeZone);
  const plan = await repo.findPlanInForce(db, dealWindow(now, timeZone).date);
  if (!plan) return deal;
  const madeToday = Date.parse(plan.created_at) > deal.startTime.getTime();
  return {
    ...deal,
    ...(madeToday ? { startTime: new Date(plan.created_at) } : {}),
    name: plan.name,
    description: plan.description,
    pricePaise: plan.price_paise,
    originalPricePaise: plan.original_price_paise,
    imageId: plan.image_id,
  };
}

const dealImageUrl = (imageId: string | null) => (imageId ? imageUrl(imageId) : DEAL_IMAGE_URL);

/** The deal as the API shows it (rupees, the product's field names). */
export function dealForApi(deal: CurrentDeal): Deal {
  return {
    id: deal.id,
    name: deal.name,
    price: paiseToRupees(deal.pricePaise),
    originalPrice: paiseToRupees(deal.originalPricePaise),
    image: dealImageUrl(deal.imageId),
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

// ---- the operator's planning ----

const toApiPlan = (row: repo.DealPlanWithAuthorRow): DealPlan => ({
  id: row.id,
  date: row.effective_from,
  name: row.name,
  description: row.description,
  price: paiseToRupees(row.price_paise),
  originalPrice: paiseToRupees(row.original_price_paise),
  image: dealImageUrl(row.image_id),
  imageId: row.image_id,
  createdAt: row.created_at,
  plannedBy: row.planned_by ?? null,
});

/** Today's deal, the plan in force today (if any), then the plan of each later date that has one. */
export async function dealPlanning(ctx: Context): Promise<DealPlanning> {
  const { db, now } = ctx;
  const timeZone = ctx.settings.shopTimeZone;
  const today = shopDate(now, timeZone);
  const [inForce, later, current] = await Promise.all([
    repo.findPlanInForce(db, today),
    repo.listPlansAfter(db, today),
    dealAt(ctx),
  ]);
  const seen = new Set<string>();
  const upcoming = later.filter((row) => !seen.has(row.effective_from) && seen.add(row.effective_from));
  return {
    today,
    timeZone,
    current: dealForApi(current),
    plans: [...(inForce ? [inForce] : []), ...upcoming].map(toApiPlan),
  };
}

/**
 * When a new plan is made: `now`, or just after the newest plan when that is not earlier, since plans of one
 * date are told apart by their time (two made within one millisecond must still keep their order).
 */
const planTime = (now: Date, latest: string | null) =>
  latest !== null && Date.parse(latest) >= now.getTime()
    ? new Date(Date.parse(latest) + 1).toISOString()
    : now.toISOString();

/**
 * The operator plans the deal from a shop date on (today or later): a new plan row, newest wins for its date.
 * A product's picture is copied for the plan, so the deal keeps it whatever the product's farmer does.
 */
export async function planDeal(
  ctx: Context,
  operator: Actor & { id: string },
  input: z.output<typeof DealPlanInputSchema>,
): Promise<DealPlanning> {
  refuseDayGone(ctx, input.date);
  await inTransaction(ctx, async (trxCtx) => {
    const id = await insertPlan(trxCtx, operator, input);
    await recordAudit(trxCtx, {
      actor: operator,
      action: "deal.update",
      target: { type: "deal", id },
      reason: planSummary(input),
    });
  });
  await catalogueChanged(ctx);
  return dealPlanning(ctx);
}

/**
 * The operator changes a planned day before it comes (its date too): that day's plans give way to the new
 * one. 404 for an unknown plan, 409 `deal_plan_started` once its day has come (today's deal stays as shoppers
 * saw it since midnight; a new plan from a later day replaces it).
 */
export async function replanDeal(
  ctx: Context,
  operator: Actor & { id: string },
  planId: string,
  input: z.output<typeof DealPlanInputSchema>,
): Promise<DealPlanning> {
  refuseDayGone(ctx, input.date);
  await inTransaction(ctx, async (trxCtx) => {
    const old = await plannedDayAhead(trxCtx, planId);
    const id = await insertPlan(trxCtx, operator, input, old.effective_from);
    await recordAudit(trxCtx, {
      actor: operator,
      action: "deal.update",
      target: { type: "deal", id },
      reason: `Instead of the plan from ${old.effective_from} (${old.name}): ${planSummary(input)}`,
    });
  });
  await catalogueChanged(ctx);
  return dealPlanning(ctx);
}

/** The operator removes a planned day before it comes; the plan before it then runs on (404, 409 as above). */
export async function removePlannedDeal(
  ctx: Context,
  operator: Actor & { id: string },
  planId: string,
): Promise<DealPlanning> {
  await inTransaction(ctx, async (trxCtx) => {
    const old = await plannedDayAhead(trxCtx, planId);
    await repo.deletePlansOn(trxCtx.db, old.effective_from);
    await recordAudit(trxCtx, {
      actor: operator,
      action: "deal.remove",
      target: { type: "deal", id: old.id },
      reason: `The plan from ${old.effective_from} (${old.name}) removed`,
    });
  });
  await catalogueChanged(ctx);
  return dealPlanning(ctx);
}

function refuseDayGone(ctx: Context, date: string): void {
  if (date < shopDate(ctx.now, ctx.settings.shopTimeZone)) {
    throw new AppError("validation_failed", dealPlanMessages.dateInPast, {
      date: dealPlanMessages.dateInPast,
    });
  }
}

/** The plan `planId`, whose day is still to come. */
async function plannedDayAhead(ctx: Context, planId: string) {
  const plan = await repo.findPlan(ctx.db, planId);
  if (!plan) throw new AppError("not_found", dealPlanMessages.planNotFound);
  if (plan.effective_from <= shopDate(ctx.now, ctx.settings.shopTimeZone)) {
    throw new AppError("deal_plan_started", dealPlanMessages.planStarted);
  }
  return plan;
}

const planSummary = (input: z.output<typeof DealPlanInputSchema>) =>
  `From ${input.date}: ${input.name} at ${formatRupees(input.price)} instead of ${formatRupees(input.originalPrice)}`;

/**
 * Writes one plan (its picture copied unless it is a plan's already), in place of the plans of `replacing`
 * when given; answers its id. NOTE: the picture is looked at before those plans go, so a changed plan keeps
 * its own picture rather than copying it again.
 */
async function insertPlan(
  ctx: Context,
  operator: { id: string },
  input: z.output<typeof DealPlanInputSchema>,
  replacing?: string,
): Promise<string> {
  const { db, now } = ctx;
  let imageId = input.imageId;
  if (imageId !== null && !(await repo.isPlanImage(db, imageId))) {
    imageId = (await copyImage(ctx, { imageId, ownerId: operator.id })) ?? null;
    if (imageId === null) {
      throw new AppError("validation_failed", dealPlanMessages.unknownPicture, {
        imageId: dealPlanMessages.unknownPicture,
      });
    }
  }
  if (replacing !== undefined) await repo.deletePlansOn(db, replacing);
  const id = randomUUID();
  await repo.insertPlan(db, {
    id,
    effective_from: input.date,
    name: input.name,
    description: input.description,
    price_paise: rupeesToPaise(input.price),
    original_price_paise: rupeesToPaise(input.originalPrice),
    image_id: imageId,
    created_by: operator.id,
    created_at: planTime(now, await repo.latestPlanTime(db)),
  });
  return id;
}

/**
 * A picture the operator uploads for a planned deal (checked and re-encoded as a product's photo is). A plan
 * naming it keeps its own copy, as it does of a product's picture.
 */
export async function uploadDealPicture(
  ctx: Context,
  operator: { id: string },
  bytes: Buffer,
): Promise<{ imageId: string; image: string }> {
  const prepared = await prepareImage(bytes);
  const imageId = randomUUID();
  await withNewImage(ctx, imageId, () =>
    inTransaction(ctx, (trxCtx) => saveImage(trxCtx, { ownerId: operator.id, image: prepared, id: imageId })),
  );
  return { imageId, image: imageUrl(imageId) };
}
