import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import { MAX_LINE_QUANTITY } from "../../shared/schemas/cart.ts";
import {
  MAX_ORDER_TOTAL,
  type OrderLine,
  type OrderLineRequest,
  type Quote,
  stockMessages,
} from "../../shared/schemas/orders.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import type { Context } from "../context.ts";
import type { Database } from "../db/index.ts";
import { type CurrentDeal, DEAL_ID, DEAL_UNIT, dealAt, dealWindow } from "../deals/index.ts";
import { AppError } from "../http/index.ts";
import * as repo from "./orders.repository.ts";

/** Looks products up by id; the batched repository query by default, swappable for the benchmark. */
export type ProductLookup = (
  db: Kysely<Database>,
  ids: readonly string[],
) => Promise<repo.PricedProductRow[]>;

export interface PricedLine {
  productId: string;
  name: string;
  unitPricePaise: number;
  unit: ProductUnit;
  quantity: number;
  lineTotalPaise: number;
  /** The farmer who delivers it; null for the deal of the day (the shop's own part). */
  farmerId: string | null;
  /** The stock when priced (null: not tracked, or the deal). */
  stock: number | null;
  /** 1-based position of the product's first line in the request, and its 0-based index, for messages. */
  lineNo: number;
  index: number;
}

export interface PricedCart {
  lines: PricedLine[];
  totalPaise: number;
}

interface MergedLine extends OrderLineRequest {
  /** 1-based position of the product's first line in the request, for messages. */
  lineNo: number;
  /** 0-based index of that line, for field paths. */
  index: number;
}

/**
 * Duplicated lines for one product are merged (their quantities added), because a cart that repeats a product
 * means "this many in all"; the merged quantity must still be within the line maximum.
 */
function mergeDuplicateLines(items: readonly OrderLineRequest[]): MergedLine[] {
  const byProduct = new Map<string, MergedLine>();
  items.forEach((item, index) => {
    const existing = byProduct.get(item.productId);
    if (existing) {
      existing.quantity += item.quantity;
      existing.dealStartTime ??= item.dealStartTime;
    } else {
      byProduct.set(item.productId, { ...item, lineNo: index + 1, index });
    }
  });
  const merged = [...byProduct.values()];
  const tooMany = merged.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) {
    throw new AppError(
      "validation_failed",
      `Line ${tooMany.lineNo}: ${orderMessages.quantityInvalid} (this product appears on several lines, ${tooMany.quantity} in all)`,
      { [`items.${tooMany.index}.quantity`]: orderMessages.quantityInvalid },
    );
  }
  return merged;
}

/**
 * A deal line names the deal it was added under by that deal's startTime: one that has ended is refused as
 * expired, and one replaced today by the operator as changed, naming what the deal is now, so the line is
 * never priced and named as another product.
 */
function refuseStaleDeal(
  merged: readonly MergedLine[],
  deal: CurrentDeal,
  window: { startTime: Date; endTime: Date },
): void {
  for (const line of merged) {
    if (line.productId !== DEAL_ID) continue;
    const added = line.dealStartTime === undefined ? Number.NaN : Date.parse(line.dealStartTime);
    if (added === deal.startTime.getTime()) continue;
    if (added >= window.startTime.getTime() && added < window.endTime.getTime()) {
      throw new AppError("deal_changed", orderMessages.dealChanged(line.lineNo, deal.name), {
        [`items.${line.index}.dealStartTime`]: orderMessages.dealChangedField,
      });
    }
    throw new AppError(
      "deal_expired",
      `Line ${line.lineNo}: the deal of the day you added has ended. Remove it from your cart and add today's deal.`,
      { [`items.${line.index}.dealStartTime`]: "This deal has ended" },
    );
  }
}

export interface PricingOptions {
  /** Where products are read (a test may hold a product back to race a hide). */
  lookup?: ProductLookup;
}

interface RequestLine {
  lineNo: number;
  index: number;
}

/**
 * THE 409 product_unavailable: the message names the first of `lines` (`why` says what became of it), and
 * every line gets a field message.
 */
export function productUnavailable(lines: readonly [RequestLine, ...RequestLine[]], why: string): AppError {
  return new AppError(
    "product_unavailable",
    `Line ${lines[0].lineNo}: ${why}. Remove it from your cart and try again.`,
    Object.fromEntries(
      lines.map((line) => [`items.${line.index}.productId`, "This product is no longer available"]),
    ),
  );
}

/** Refuses lines of products taken off the shop (or whose farmer is suspended), if any. */
export function refuseHidden<Line extends RequestLine>(
  hidden: readonly Line[],
  nameOf: (line: Line) => string,
): void {
  const [first, ...rest] = hidden;
  if (first)
    throw productUnavailable(
      [first, ...rest],
      `${nameOf(first)} has been taken off the shop and can no longer be ordered`,
    );
}

/**
 * Prices every line on the server, in integer paise: a product at its current price, the deal of the day at
 * its deal price while the deal the line was added under is still the current one. Whatever price, name or
 * total the client holds plays no part.
 */
export async function priceCartLines(
  ctx: Context,
  items: readonly OrderLineRequest[],
  { lookup = repo.findProductsByIds }: PricingOptions = {},
): Promise<PricedCart> {
  const { db, now } = ctx;
  // NOTE: the deal of the day turns over at the shop's midnight (SHOP_TIME_ZONE).
  const timeZone = ctx.settings.shopTimeZone;
  const merged = mergeDuplicateLines(items);
  // NOTE: the deal's plan is read only when the cart holds it.
  const deal: CurrentDeal | undefined = merged.some((line) => line.productId === DEAL_ID)
    ? await dealAt(ctx)
    : undefined;
  if (deal) refuseStaleDeal(merged, deal, dealWindow(now, timeZone));

  const productIds = merged.filter((line) => line.productId !== DEAL_ID).map((line) => line.productId);
  const products = new Map((await lookup(db, productIds)).map((product) => [product.id, product]));
  const dealRow: repo.PricedProductRow | undefined = deal && {
    id: DEAL_ID,
    name: deal.name,
    price_paise: deal.pricePaise,
    owner_id: null,
    unit: DEAL_UNIT,
    stock: null,
  };
  const found: { line: MergedLine; product: repo.PricedProductRow }[] = [];
  const missing: MergedLine[] = [];
  for (const line of merged) {
    const product = line.productId === DEAL_ID ? dealRow : products.get(line.productId);
    if (product) found.push({ line, product });
    else missing.push(line);
  }
  const [firstMissing, ...moreMissing] = missing;
  if (firstMissing) {
    throw productUnavailable(
      [firstMissing, ...moreMissing],
      `product ${firstMissing.productId} is no longer available`,
    );
  }

  // NOTE: a product an operator took off the shop cannot be ordered, even from a cart filled before.
  refuseHidden(
    found
      .filter(({ product }) => product.hidden === true)
      .map(({ line, product }) => ({ lineNo: line.lineNo, index: line.index, name: product.name })),
    (line) => line.name,
  );
  const lines = found.map(
    ({ line, product }): PricedLine => ({
      productId: line.productId,
      name: product.name,
      unitPricePaise: product.price_paise,
      unit: product.unit,
      quantity: line.quantity,
      lineTotalPaise: product.price_paise * line.quantity,
      farmerId: product.owner_id,
      stock: product.stock,
      lineNo: line.lineNo,
      index: line.index,
    }),
  );
  const totalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  if (totalPaise > rupeesToPaise(MAX_ORDER_TOTAL)) {
    throw new AppError("order_too_large", orderMessages.orderTooLarge);
  }
  return { lines, totalPaise };
}

const toApiLine = (line: PricedLine): OrderLine => ({
  productId: line.productId,
  name: line.name,
  unitPrice: paiseToRupees(line.unitPricePaise),
  unit: line.unit,
  quantity: line.quantity,
  lineTotal: paiseToRupees(line.lineTotalPaise),
});

const exceedsStock = (line: PricedLine) => line.stock !== null && line.quantity > line.stock;

/** `items.N.quantity` → "Only 3 left" for each line asking for more than `left(line)`. */
export const stockProblems = (lines: readonly { index: number; left: number }[]) =>
  Object.fromEntries(
    lines.map((line) => [`items.${line.index}.quantity`, stockMessages.lineField(line.left)]),
  );

/**
 * What the cart costs now, priced exactly as placing it would be, so checkout shows what will be charged; each
 * line over the stock left is marked (Place Order would refuse it with 409 out_of_stock).
 */
export async function quoteCart(ctx: Context, items: readonly OrderLineRequest[]): Promise<Quote> {
  const priced = await priceCartLines(ctx, items);
  return {
    items: priced.lines.map((line) => ({
      ...toApiLine(line),
      stock: line.stock,
      exceedsStock: exceedsStock(line),
    })),
    total: paiseToRupees(priced.totalPaise),
    problems: Object.fromEntries(
      Object.entries(
        stockProblems(
          priced.lines.filter(exceedsStock).map((line) => ({ index: line.index, left: line.stock ?? 0 })),
        ),
      ).map(([field, text]) => [field, text.english]),
    ),
  };
}
