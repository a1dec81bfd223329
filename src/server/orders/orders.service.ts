import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type {
  OperatorOrder,
  OperatorOrderList,
  OperatorOrderListQuerySchema,
} from "../../shared/schemas/admin.ts";
import type { User } from "../../shared/schemas/auth.ts";
import { MAX_LINE_QUANTITY } from "../../shared/schemas/cart.ts";
import type { FulfilmentStatusChange } from "../../shared/schemas/farmer.ts";
import { fulfilmentMessages } from "../../shared/schemas/fulfilments.ts";
import {
  joinShippingAddress,
  MAX_ORDER_TOTAL,
  type Order,
  type OrderFulfilment,
  type OrderLine,
  type OrderLineRequest,
  type OrderList,
  type PlaceOrder,
  type Quote,
  stockMessages,
} from "../../shared/schemas/orders.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import { addDays, DEFAULT_SHOP_TIME_ZONE, startOfShopDay } from "../../shared/shop-calendar.ts";
import type { Actor } from "../audit/audit.service.ts";
import type { Database } from "../db/database.ts";
import { decodeCursor, pageOf } from "../db/keyset.ts";
import { type CurrentDeal, DEAL_ID, DEAL_UNIT, dealAt, dealWindow } from "../deals/deals.service.ts";
import {
  type FulfilmentRow,
  findPendingOfOrder,
  type HistoryRow,
  insertFulfilments,
  loadOrderFulfilments,
  moveFulfilmentAsOperator,
  moveParts,
  shippingOf,
  toApiLine as toApiItem,
} from "../fulfilments/fulfilments.service.ts";
import { AppError, notFound } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { findStocks, findUnorderable, takeStock } from "../products/products.service.ts";
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

export interface PricingOptions {
  now?: Date;
  lookup?: ProductLookup;
  /** The shop's time zone: the deal of the day turns over at its midnight (SHOP_TIME_ZONE). */
  timeZone?: string;
}

/** 409 product_unavailable naming the first of `hidden` (lines of products taken off the shop), if any. */
function refuseHidden<Line extends { lineNo: number; index: number }>(
  hidden: readonly Line[],
  nameOf: (line: Line) => string,
): void {
  const first = hidden[0];
  if (!first) return;
  throw new AppError(
    "product_unavailable",
    `Line ${first.lineNo}: ${nameOf(first)} has been taken off the shop and can no longer be ordered. Remove it from your cart and try again.`,
    Object.fromEntries(
      hidden.map((line) => [`items.${line.index}.productId`, "This product is no longer available"]),
    ),
  );
}

/**
 * Prices every line on the server, in integer paise: a product at its current price, the deal of the day at
 * its deal price while the deal the line was added under is still the current one. Whatever price, name or
 * total the client holds plays no part.
 */
export async function priceCartLines(
  db: Kysely<Database>,
  items: readonly OrderLineRequest[],
  {
    now = new Date(),
    lookup = repo.findProductsByIds,
    timeZone = DEFAULT_SHOP_TIME_ZONE,
  }: PricingOptions = {},
): Promise<PricedCart> {
  const merged = mergeDuplicateLines(items);
  const window = dealWindow(now, timeZone);
  const staleDeal = merged.find(
    (line) =>
      line.productId === DEAL_ID &&
      (line.dealStartTime === undefined || Date.parse(line.dealStartTime) !== window.startTime.getTime()),
  );
  if (staleDeal) {
    throw new AppError(
      "deal_expired",
      `Line ${staleDeal.lineNo}: the deal of the day you added has ended. Remove it from your cart and add today's deal.`,
      { [`items.${staleDeal.index}.dealStartTime`]: "This deal has ended" },
    );
  }
  // NOTE: the deal's plan is read only when the cart holds it.
  const deal: CurrentDeal | undefined = merged.some((line) => line.productId === DEAL_ID)
    ? await dealAt(db, now, timeZone)
    : undefined;

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
  const [firstMissing] = missing;
  if (firstMissing) {
    throw new AppError(
      "product_unavailable",
      `Line ${firstMissing.lineNo}: product ${firstMissing.productId} is no longer available. Remove it from your cart and try again.`,
      Object.fromEntries(
        missing.map((line) => [`items.${line.index}.productId`, "This product is no longer available"]),
      ),
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
const stockProblems = (lines: readonly { index: number; left: number }[]) =>
  Object.fromEntries(
    lines.map((line) => [`items.${line.index}.quantity`, stockMessages.lineField(line.left)]),
  );

/**
 * What the cart costs now, priced exactly as placing it would be, so checkout shows what will be charged; each
 * line over the stock left is marked (Place Order would refuse it with 409 out_of_stock).
 */
export async function quoteCart(
  db: Kysely<Database>,
  items: readonly OrderLineRequest[],
  options: PricingOptions = {},
): Promise<Quote> {
  const priced = await priceCartLines(db, items, options);
  return {
    items: priced.lines.map((line) => ({
      ...toApiLine(line),
      stock: line.stock,
      exceedsStock: exceedsStock(line),
    })),
    total: paiseToRupees(priced.totalPaise),
    problems: stockProblems(
      priced.lines.filter(exceedsStock).map((line) => ({ index: line.index, left: line.stock ?? 0 })),
    ),
  };
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
      input.shipping.phone,
    ],
    input.paymentMethod,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export function toApiOrder(
  row: repo.OrderRow,
  items: readonly repo.OrderItemRow[],
  fulfilments: OrderFulfilment[],
): Order {
  return {
    id: row.id,
    userId: row.user_id,
    items: items.map(toApiItem),
    total: paiseToRupees(row.total_paise),
    shippingAddress: row.shipping_address,
    shipping: shippingOf(row),
    paymentMethod: row.payment_method,
    status: row.status,
    createdAt: row.created_at,
    fulfilments,
  };
}

/** Reads the lines and parts of `rows` in two queries; answers how each of those rows becomes its Order. */
async function orderAssembler(
  db: Kysely<Database>,
  rows: readonly repo.OrderRow[],
): Promise<(row: repo.OrderRow) => Order> {
  const ids = rows.map((row) => row.id);
  const items = await repo.findItemsOfOrders(db, ids);
  const parts = await loadOrderFulfilments(db, ids, items);
  const itemsByOrder = new Map<string, repo.OrderItemRow[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.order_id);
    if (list) list.push(item);
    else itemsByOrder.set(item.order_id, [item]);
  }
  return (row) => toApiOrder(row, itemsByOrder.get(row.id) ?? [], parts.get(row.id) ?? []);
}

/** Orders with their lines and parts, in the order given. */
async function loadOrders(db: Kysely<Database>, rows: readonly repo.OrderRow[]): Promise<Order[]> {
  return rows.map(await orderAssembler(db, rows));
}

async function loadOrder(db: Kysely<Database>, row: repo.OrderRow): Promise<Order> {
  return (await orderAssembler(db, [row]))(row);
}

/** The first order made with this key, if the request is the same; a different request is refused. */
async function replay(db: Kysely<Database>, existing: repo.OrderRow, requestHash: string): Promise<Order> {
  if (existing.request_hash !== requestHash) {
    throw new AppError("idempotency_key_reused", orderMessages.idempotencyKeyReused);
  }
  return loadOrder(db, existing);
}

export interface PlacedOrder {
  order: Order;
  /** True when this request repeated an earlier one and the earlier order is returned. */
  replayed: boolean;
}

/** The rows of a new order: the order, one part per farmer (the deal's lines in the shop's part), the lines. */
export interface NewOrderRows {
  order: repo.OrderRow;
  parts: FulfilmentRow[];
  history: HistoryRow[];
  items: repo.OrderItemRow[];
}

function orderRows(
  userId: string,
  idempotencyKey: string,
  requestHash: string,
  input: PlaceOrder,
  priced: PricedCart,
  now: Date,
): NewOrderRows {
  const orderId = randomUUID();
  const at = now.toISOString();
  const partIds = new Map<string | null, string>();
  const partIdOf = (farmerId: string | null) => {
    const id = partIds.get(farmerId) ?? randomUUID();
    partIds.set(farmerId, id);
    return id;
  };
  for (const line of priced.lines) partIdOf(line.farmerId);
  const parts = [...partIds].map(
    ([farmerId, id]): FulfilmentRow => ({
      id,
      order_id: orderId,
      farmer_id: farmerId,
      status: "pending",
      total_paise: priced.lines
        .filter((line) => line.farmerId === farmerId)
        .reduce((sum, line) => sum + line.lineTotalPaise, 0),
      payment_state: "unpaid",
      paid_at: null,
      created_at: at,
      updated_at: at,
    }),
  );
  return {
    order: {
      id: orderId,
      user_id: userId,
      status: "pending",
      total_paise: priced.totalPaise,
      full_name: input.shipping.fullName,
      email: input.shipping.email,
      phone: input.shipping.phone,
      address: input.shipping.address,
      city: input.shipping.city,
      state: input.shipping.state,
      zip_code: input.shipping.zipCode,
      shipping_address: joinShippingAddress(input.shipping),
      payment_method: input.paymentMethod,
      idempotency_key: idempotencyKey,
      request_hash: requestHash,
      created_at: at,
    },
    parts,
    history: parts.map((part) => ({
      fulfilment_id: part.id,
      seq: 1,
      status: "pending",
      at,
      by_user_id: userId,
      reason: null,
    })),
    items: priced.lines.map(
      (line, index): repo.OrderItemRow => ({
        order_id: orderId,
        line_no: index + 1,
        product_id: line.productId,
        name: line.name,
        unit_price_paise: line.unitPricePaise,
        unit: line.unit,
        quantity: line.quantity,
        line_total_paise: line.lineTotalPaise,
        fulfilment_id: partIdOf(line.farmerId),
        // NOTE: set by takeStockFor, in the transaction, from what it really took.
        stock_taken: 0,
      }),
    ),
  };
}

/**
 * Takes the stock of every tracked line in the caller's transaction, each with a conditional UPDATE, in
 * product id order (so two orders never wait on each other in a cycle). A line asking for more than is left
 * throws 409 out_of_stock naming every such line, and the transaction writes nothing.
 */
async function takeStockFor(trx: Kysely<Database>, lines: readonly PricedLine[], items: repo.OrderItemRow[]) {
  const short: { line: PricedLine; left: number }[] = [];
  const byProduct = [...lines]
    .filter((line) => line.farmerId !== null)
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of byProduct) {
    if (await takeStock(trx, line.productId, line.quantity)) {
      const item = items.find((candidate) => candidate.product_id === line.productId);
      if (!item) throw new Error(`no order line for product ${line.productId}`);
      item.stock_taken = line.quantity;
      continue;
    }
    const stock = (await findStocks(trx, [line.productId])).get(line.productId);
    if (stock === undefined) {
      throw new AppError(
        "product_unavailable",
        `Line ${line.lineNo}: product ${line.productId} is no longer available. Remove it from your cart and try again.`,
        { [`items.${line.index}.productId`]: "This product is no longer available" },
      );
    }
    if (stock !== null) short.push({ line, left: stock });
  }
  const [first] = short.sort((a, b) => a.line.index - b.line.index);
  if (first) {
    throw new AppError(
      "out_of_stock",
      stockMessages.outOfStock(first.line.lineNo, first.line.name, first.left),
      stockProblems(short.map(({ line, left }) => ({ index: line.index, left }))),
    );
  }
}

/**
 * Checks again, inside the placing transaction, that no product was taken off the shop (or its farmer
 * suspended) since the cart was priced; findUnorderable holds those rows until the order commits, so a hide
 * or suspension lands either before the order (refused here) or after it.
 */
async function refuseHiddenSincePriced(trx: Kysely<Database>, lines: readonly PricedLine[]) {
  const ids = lines.filter((line) => line.farmerId !== null).map((line) => line.productId);
  const unorderable = await findUnorderable(trx, ids);
  refuseHidden(
    lines.filter((line) => unorderable.has(line.productId)),
    (line) => line.name,
  );
}

/**
 * Places an order once per (user, Idempotency-Key): the server prices it, splits it into one part per farmer,
 * and takes the stock, writing the order, its parts and lines in the same transaction. Concurrent requests
 * with one key race on the database's unique constraint; the losers (whose stock taking rolls back with
 * them) read and return the winner's order.
 */
export async function placeOrder(
  db: Kysely<Database>,
  userId: string,
  idempotencyKey: string,
  input: PlaceOrder,
  options: PricingOptions = {},
): Promise<PlacedOrder> {
  const requestHash = hashPlaceOrderRequest(input);
  const earlier = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
  if (earlier) return { order: await replay(db, earlier, requestHash), replayed: true };

  const now = options.now ?? new Date();
  const priced = await priceCartLines(db, input.items, { ...options, now });
  const rows = orderRows(userId, idempotencyKey, requestHash, input, priced, now);
  try {
    await db.transaction().execute(async (trx) => {
      await takeStockFor(trx, priced.lines, rows.items);
      await refuseHiddenSincePriced(trx, priced.lines);
      await writeOrder(trx, rows);
    });
  } catch (error) {
    if (!repo.isIdempotencyKeyViolation(error)) throw error;
    const winner = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (!winner) throw error;
    return { order: await replay(db, winner, requestHash), replayed: true };
  }
  return { order: await loadOrder(db, rows.order), replayed: false };
}

/** The order, its parts with their first history entries, and its lines, in the caller's transaction. */
export async function writeOrder(trx: Kysely<Database>, rows: NewOrderRows): Promise<void> {
  await repo.insertOrder(trx, rows.order);
  await insertFulfilments(trx, rows.parts, rows.history);
  await repo.insertItems(trx, rows.items);
}

export async function getOwnOrder(db: Kysely<Database>, userId: string, orderId: string): Promise<Order> {
  const row = await repo.findOwnOrder(db, userId, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return loadOrder(db, row);
}

/**
 * The buyer cancels every part of their order that is still pending, at once (a part a farmer has confirmed
 * is theirs to cancel); each gives its stock back. 409 when no part is pending. (`mailer`: see `moveParts`.)
 */
export async function cancelOwnOrder(
  db: Kysely<Database>,
  mailer: Mailer | null,
  buyer: Pick<User, "id">,
  orderId: string,
  reason: string | undefined,
  now = new Date(),
): Promise<Order> {
  await moveParts(db, mailer, { to: "cancelled", actor: buyer, reason, now }, async (trx) => {
    const order = await repo.findOwnOrder(trx, buyer.id, orderId);
    if (!order) throw notFound(orderMessages.orderNotFound);
    const pending = await findPendingOfOrder(trx, orderId);
    if (pending.length === 0) {
      throw new AppError("invalid_transition", fulfilmentMessages.nothingToCancel(order.status));
    }
    return pending;
  });
  return getOwnOrder(db, buyer.id, orderId);
}

/** The user's orders, newest first, a page at a time. */
export async function listOwnOrders(
  db: Kysely<Database>,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<OrderList> {
  const after = cursor ? decodeCursor(cursor, repo.ORDERS_KEYSET) : undefined;
  const rows = await repo.listOwnOrders(db, userId, limit + 1, after);
  const page = pageOf(rows, limit, repo.ORDERS_KEYSET, (row) => ({ key: row.created_at, id: row.id }));
  return { orders: await loadOrders(db, page.rows), nextCursor: page.nextCursor };
}

// ---- the operator's side ----

const toOperatorOrder = (row: repo.OrderWithBuyerRow, order: Order): OperatorOrder => ({
  ...order,
  buyer: { id: row.user_id, name: row.buyer_name, email: row.buyer_email },
});

/**
 * Every order with its parts and buyer, newest first, a page at a time: of one status, holding the shop's own
 * part, placed between two days of the shop's calendar (both included).
 */
export async function listOrdersForOperator(
  db: Kysely<Database>,
  timeZone: string,
  query: z.output<typeof OperatorOrderListQuerySchema>,
): Promise<OperatorOrderList> {
  const keyset = repo.OPERATOR_ORDERS_KEYSET;
  const rows = await repo.listAllOrders(db, {
    status: query.status,
    shopPart: query.part === "shop",
    from: query.from ? startOfShopDay(query.from, timeZone).toISOString() : undefined,
    before: query.to ? startOfShopDay(addDays(query.to, 1), timeZone).toISOString() : undefined,
    after: query.cursor ? decodeCursor(query.cursor, keyset) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, keyset, (row) => ({ key: row.created_at, id: row.id }));
  const toOrder = await orderAssembler(db, page.rows);
  return {
    items: page.rows.map((row) => toOperatorOrder(row, toOrder(row))),
    nextCursor: page.nextCursor,
  };
}

/** An operator moves a part of an order (audited; the buyer is mailed) and sees the whole order again. */
export async function moveOrderPartAsOperator(
  db: Kysely<Database>,
  mailer: Mailer | null,
  operator: Actor & { id: string },
  fulfilmentId: string,
  change: FulfilmentStatusChange,
): Promise<OperatorOrder> {
  const orderId = await moveFulfilmentAsOperator(db, mailer, operator, fulfilmentId, change);
  const row = await repo.findOrderWithBuyer(db, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return toOperatorOrder(row, await loadOrder(db, row));
}
