import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import { MAX_LINE_QUANTITY } from "../../shared/schemas/cart.ts";
import {
  joinShippingAddress,
  MAX_ORDER_TOTAL,
  type Order,
  type OrderLine,
  type OrderLineRequest,
  type OrderList,
  type PaymentMethod,
  type PlaceOrder,
  type Quote,
} from "../../shared/schemas/orders.ts";
import type { Database } from "../db/database.ts";
import { currentDeal, DEAL_ID } from "../deals/deals.service.ts";
import { AppError, notFound } from "../http/errors.ts";
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
  quantity: number;
  lineTotalPaise: number;
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
      400,
      "validation_failed",
      `Line ${tooMany.lineNo}: ${orderMessages.quantityInvalid} (this product appears on several lines, ${tooMany.quantity} in all)`,
      { [`items.${tooMany.index}.quantity`]: orderMessages.quantityInvalid },
    );
  }
  return merged;
}

/**
 * Prices every line on the server, in integer paise: a product at its current price, the deal of the day at
 * its deal price while the deal the line was added under is still the current one. Whatever price, name or
 * total the client holds plays no part.
 */
export async function priceCartLines(
  db: Kysely<Database>,
  items: readonly OrderLineRequest[],
  { now = new Date(), lookup = repo.findProductsByIds }: { now?: Date; lookup?: ProductLookup } = {},
): Promise<PricedCart> {
  const merged = mergeDuplicateLines(items);
  const deal = currentDeal(now);
  const staleDeal = merged.find(
    (line) =>
      line.productId === DEAL_ID &&
      (line.dealStartTime === undefined || Date.parse(line.dealStartTime) !== deal.startTime.getTime()),
  );
  if (staleDeal) {
    throw new AppError(
      409,
      "deal_expired",
      `Line ${staleDeal.lineNo}: the deal of the day you added (${deal.name}) has ended. Remove it from your cart and add today's deal.`,
      { [`items.${staleDeal.index}.dealStartTime`]: "This deal has ended" },
    );
  }

  const productIds = merged.filter((line) => line.productId !== DEAL_ID).map((line) => line.productId);
  const products = new Map((await lookup(db, productIds)).map((product) => [product.id, product]));
  const missing = merged.filter((line) => line.productId !== DEAL_ID && !products.has(line.productId));
  if (missing.length > 0) {
    const first = missing[0]!;
    throw new AppError(
      409,
      "product_unavailable",
      `Line ${first.lineNo}: product ${first.productId} is no longer available. Remove it from your cart and try again.`,
      Object.fromEntries(
        missing.map((line) => [`items.${line.index}.productId`, "This product is no longer available"]),
      ),
    );
  }

  const lines = merged.map((line): PricedLine => {
    const product =
      line.productId === DEAL_ID
        ? { name: deal.name, price_paise: deal.pricePaise }
        : products.get(line.productId)!;
    return {
      productId: line.productId,
      name: product.name,
      unitPricePaise: product.price_paise,
      quantity: line.quantity,
      lineTotalPaise: product.price_paise * line.quantity,
    };
  });
  const totalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  if (totalPaise > rupeesToPaise(MAX_ORDER_TOTAL)) {
    throw new AppError(422, "order_too_large", orderMessages.orderTooLarge);
  }
  return { lines, totalPaise };
}

const toApiLine = (line: PricedLine): OrderLine => ({
  productId: line.productId,
  name: line.name,
  unitPrice: paiseToRupees(line.unitPricePaise),
  quantity: line.quantity,
  lineTotal: paiseToRupees(line.lineTotalPaise),
});

/** What the cart costs now, priced exactly as placing it would be, so checkout shows what will be charged. */
export async function quoteCart(db: Kysely<Database>, items: readonly OrderLineRequest[]): Promise<Quote> {
  const priced = await priceCartLines(db, items);
  return { items: priced.lines.map(toApiLine), total: paiseToRupees(priced.totalPaise) };
}

/** SHA-256 of the request in a fixed field order, so "the same body" does not depend on key order. */
export function hashPlaceOrderRequest(input: PlaceOrder): string {
  const canonical = JSON.stringify([
    input.items.map((item) => [item.productId, item.quantity, item.dealStartTime ?? null]),
    [
      input.shipping.fullName,
      input.shipping.email,
      input.shipping.address,
      input.shipping.city,
      input.shipping.state,
      input.shipping.zipCode,
    ],
    input.paymentMethod,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export function toApiOrder(row: repo.OrderRow, items: readonly repo.OrderItemRow[]): Order {
  return {
    id: row.id,
    userId: row.user_id,
    items: items.map((item) => ({
      productId: item.product_id,
      name: item.name,
      unitPrice: paiseToRupees(item.unit_price_paise),
      quantity: item.quantity,
      lineTotal: paiseToRupees(item.line_total_paise),
    })),
    total: paiseToRupees(row.total_paise),
    shippingAddress: row.shipping_address,
    shipping: {
      fullName: row.full_name,
      email: row.email,
      address: row.address,
      city: row.city,
      state: row.state,
      zipCode: row.zip_code,
    },
    paymentMethod: row.payment_method as PaymentMethod,
    status: row.status as Order["status"],
    createdAt: row.created_at,
  };
}

async function loadOrder(db: Kysely<Database>, row: repo.OrderRow): Promise<Order> {
  return toApiOrder(row, await repo.findItemsOfOrders(db, [row.id]));
}

/** The first order made with this key, if the request is the same; a different request is refused. */
async function replay(db: Kysely<Database>, existing: repo.OrderRow, requestHash: string): Promise<Order> {
  if (existing.request_hash !== requestHash) {
    throw new AppError(422, "idempotency_key_reused", orderMessages.idempotencyKeyReused);
  }
  return loadOrder(db, existing);
}

export interface PlacedOrder {
  order: Order;
  /** True when this request repeated an earlier one and the earlier order is returned. */
  replayed: boolean;
}

/**
 * Places an order once per (user, Idempotency-Key): the server prices it, and the order and its lines are
 * written in one transaction. Concurrent requests with one key race on the database's unique constraint; the
 * losers read and return the winner's order.
 */
export async function placeOrder(
  db: Kysely<Database>,
  userId: string,
  idempotencyKey: string,
  input: PlaceOrder,
  options: { now?: Date; lookup?: ProductLookup } = {},
): Promise<PlacedOrder> {
  const requestHash = hashPlaceOrderRequest(input);
  const earlier = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
  if (earlier) return { order: await replay(db, earlier, requestHash), replayed: true };

  const now = options.now ?? new Date();
  const priced = await priceCartLines(db, input.items, { ...options, now });
  const orderId = randomUUID();
  const row: repo.OrderRow = {
    id: orderId,
    user_id: userId,
    status: "pending",
    total_paise: priced.totalPaise,
    full_name: input.shipping.fullName,
    email: input.shipping.email,
    address: input.shipping.address,
    city: input.shipping.city,
    state: input.shipping.state,
    zip_code: input.shipping.zipCode,
    shipping_address: joinShippingAddress(input.shipping),
    payment_method: input.paymentMethod,
    idempotency_key: idempotencyKey,
    request_hash: requestHash,
    created_at: now.toISOString(),
  };
  const items = priced.lines.map(
    (line, index): repo.OrderItemRow => ({
      order_id: orderId,
      line_no: index + 1,
      product_id: line.productId,
      name: line.name,
      unit_price_paise: line.unitPricePaise,
      quantity: line.quantity,
      line_total_paise: line.lineTotalPaise,
    }),
  );
  try {
    await writeOrder(db, row, items);
  } catch (error) {
    if (!repo.isIdempotencyKeyViolation(error)) throw error;
    const winner = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (!winner) throw error;
    return { order: await replay(db, winner, requestHash), replayed: true };
  }
  return { order: toApiOrder(row, items), replayed: false };
}

/** The order and all its lines, or nothing: one transaction. */
export function writeOrder(
  db: Kysely<Database>,
  row: repo.OrderRow,
  items: readonly repo.OrderItemRow[],
): Promise<void> {
  return db.transaction().execute((trx) => repo.insertOrderWithItems(trx, row, items));
}

export async function getOwnOrder(db: Kysely<Database>, userId: string, orderId: string): Promise<Order> {
  const row = await repo.findOwnOrder(db, userId, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return loadOrder(db, row);
}

const encodeCursor = (row: repo.OrderRow) =>
  Buffer.from(JSON.stringify([row.created_at, row.id])).toString("base64url");

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw new AppError(400, "validation_failed", "Invalid cursor", { cursor: "Invalid cursor" });
}

/** The user's orders, newest first, a page at a time. */
export async function listOwnOrders(
  db: Kysely<Database>,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<OrderList> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await repo.listOwnOrders(db, userId, limit + 1, after);
  const page = rows.slice(0, limit);
  const items = await repo.findItemsOfOrders(
    db,
    page.map((row) => row.id),
  );
  const itemsByOrder = new Map<string, repo.OrderItemRow[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.order_id);
    if (list) list.push(item);
    else itemsByOrder.set(item.order_id, [item]);
  }
  return {
    orders: page.map((row) => toApiOrder(row, itemsByOrder.get(row.id) ?? [])),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
