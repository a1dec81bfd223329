import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import type { PaymentMode } from "../../shared/schemas/online-payments.ts";
import {
  DEFAULT_COUNTRY,
  joinShippingAddress,
  type Order,
  type PaymentMethod,
  type PlaceOrder,
  stockMessages,
} from "../../shared/schemas/orders.ts";
import { isWeighedUnit } from "../../shared/weighing.ts";
import { refuseUnservedCountry, rememberAddress } from "../addresses/index.ts";
import { hasEmail } from "../auth/index.ts";
import { type Context, catalogueChangedStep, inStepsTransaction } from "../context.ts";
import { type Database, runSteps, type Steps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import { findStocks, findUnorderable, takeStock } from "../products/index.ts";
import { bookSlots } from "../slots/index.ts";
import { linkInserted } from "./online-payments.repository.ts";
import { mailOrder } from "./order-confirmation.service.ts";
import * as repo from "./orders.repository.ts";
import { type HistoryRow, insertParts, type PartRow } from "./parts.repository.ts";
import { cancelLinks, createLink, gatewayOf, holdEndOf } from "./payment-links.service.ts";
import {
  type PricedCart,
  type PricedLine,
  type PricingOptions,
  priceCartLines,
  productUnavailable,
  refuseHidden,
  stockProblems,
} from "./pricing.service.ts";
import { loadOrder } from "./views.service.ts";

/** A placement as services take it: Pay on delivery when `payment` is left out (decision 052). */
/** An order to write: checkout's body, or a standing order's occurrence (which may be paid in cash, issue 35). */
export type PlaceOrderRequest = Omit<PlaceOrder, "payment" | "paymentMethod"> & {
  payment?: PaymentMode;
  paymentMethod: PaymentMethod;
};

/** SHA-256 of the request in a fixed field order, so "the same body" does not depend on key order. */
export function hashPlaceOrderRequest(input: PlaceOrderRequest): string {
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
      // NOTE: only another country than India, so the hash of an order placed before countries is unchanged.
      ...(input.shipping.country !== DEFAULT_COUNTRY ? [input.shipping.country] : []),
    ],
    input.paymentMethod,
    // NOTE: only when given, so the hash of an order placed before slots existed is unchanged.
    ...(input.slots && Object.keys(input.slots).length > 0
      ? [Object.entries(input.slots).sort(([a], [b]) => (a < b ? -1 : 1))]
      : []),
    // NOTE: only Pay now, so the hash of an order paid on delivery is as it was before Pay now existed.
    ...(input.payment === "now" ? ["pay-now"] : []),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * Refuses an order's (or a standing order's) address without an e-mail from an account that has one: 400 on
 * `shipping.email` with product rules §3's message. An account made with a mobile number may leave it out
 * (issue 37); its order's news goes to its phone. The account is read only when the e-mail is empty.
 */
export async function refuseMissingEmail(
  ctx: Pick<Context, "db">,
  userId: string,
  shipping: { email: string },
): Promise<void> {
  if (shipping.email !== "" || !(await hasEmail(ctx.db, userId))) return;
  throw new AppError("validation_failed", orderMessages.emailRequired, {
    "shipping.email": orderMessages.emailRequired,
  });
}

/** The first order made with this key, if the request is the same; a different request is refused. */
async function replay(db: Kysely<Database>, existing: repo.OrderRow, requestHash: string): Promise<Order> {
  if (existing.request_hash !== requestHash) {
    throw new AppError("idempotency_key_reused", orderMessages.idempotencyKeyReused);
  }
  return runSteps(db, loadOrder(db, existing));
}

/**
 * True when this account already placed an order with this key: its retry is answered with that order, and
 * no limit on placing orders counts it (issue 40 #33), whatever the body (a different one gets its 409).
 */
export async function isAcknowledgedKey(
  ctx: Context,
  userId: string,
  idempotencyKey: string,
): Promise<boolean> {
  return (await repo.findOrderByIdempotencyKey(ctx.db, userId, idempotencyKey)) !== undefined;
}

export interface PlacedOrder {
  order: Order;
  /** True when this request repeated an earlier one and the earlier order is returned. */
  replayed: boolean;
}

/** The rows of a new order: the order, one part per farmer (the deal's lines in the shop's part), the lines. */
export interface NewOrderRows {
  order: repo.OrderRow;
  parts: PartRow[];
  history: HistoryRow[];
  items: repo.OrderItemRow[];
}

/** What a new order's rows are made of; `scheduled` for a standing order's occurrence. */
interface OrderRowsInput {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  input: PlaceOrderRequest;
  priced: PricedCart;
  now: Date;
  holdEndsAt: Date | null;
  scheduled?: { standingOrderId: string };
}

export function orderRows(rows: OrderRowsInput): NewOrderRows {
  const { userId, idempotencyKey, requestHash, input, priced, now, holdEndsAt, scheduled } = rows;
  // NOTE: a standing order's occurrence is scheduled until its slot's cut-off (issue 35).
  const status = scheduled ? "scheduled" : "pending";
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
    ([farmerId, id]): PartRow => ({
      id,
      order_id: orderId,
      farmer_id: farmerId,
      status,
      total_paise: priced.lines
        .filter((line) => line.farmerId === farmerId)
        .reduce((sum, line) => sum + line.lineTotalPaise, 0),
      created_at: at,
      updated_at: at,
    }),
  );
  return {
    order: {
      id: orderId,
      user_id: userId,
      status,
      total_paise: priced.totalPaise,
      full_name: input.shipping.fullName,
      // NOTE: one recipient, one spelling: the cap on confirmations to an address counts by it (issue 25).
      email: input.shipping.email.toLowerCase(),
      phone: input.shipping.phone,
      address: input.shipping.address,
      city: input.shipping.city,
      state: input.shipping.state,
      zip_code: input.shipping.zipCode,
      country: input.shipping.country,
      shipping_address: joinShippingAddress(input.shipping),
      payment_method: input.paymentMethod,
      idempotency_key: idempotencyKey,
      request_hash: requestHash,
      created_at: at,
      payment_mode: holdEndsAt ? "now" : "on_delivery",
      hold_ends_at: holdEndsAt?.toISOString() ?? null,
      released_at: null,
      expired_at: null,
      ...(scheduled ? { standing_order_id: scheduled.standingOrderId } : {}),
    },
    parts,
    history: parts.map((part) => ({
      part_id: part.id,
      seq: 1,
      status,
      at,
      by_user_id: userId,
      reason: null,
    })),
    items: priced.lines.map((line, index) => itemRow(orderId, line, index, partIdOf(line.farmerId))),
  };
}

/** A priced line as the order's line `index + 1`, in part `partId`. */
export function itemRow(orderId: string, line: PricedLine, index: number, partId: string): repo.OrderItemRow {
  return {
    order_id: orderId,
    line_no: index + 1,
    product_id: line.productId,
    name: line.name,
    unit_price_paise: line.unitPricePaise,
    unit: line.unit,
    quantity: line.quantity,
    line_total_paise: line.lineTotalPaise,
    part_id: partId,
    // NOTE: what the stock will give when tracked as priced; takeStockFor corrects it from what it took.
    stock_taken: line.farmerId !== null && line.stock !== null ? line.quantity : 0,
    // NOTE: a line sold by weight is billed once weighed (decision 020); any other line at its estimate.
    packed_grams: null,
    amount_paise: isWeighedUnit(line.unit) ? null : line.lineTotalPaise,
  };
}

/**
 * Takes the stock of every tracked line in the caller's transaction, each with a conditional UPDATE, in
 * product id order (so two orders never wait on each other in a cycle). A line asking for more than is left
 * throws 409 out_of_stock naming every such line, and the transaction writes nothing.
 */
export function* takeStockFor(
  trx: Kysely<Database>,
  lines: readonly PricedLine[],
  items: repo.OrderItemRow[],
): Steps<void> {
  const short: { line: PricedLine; left: number }[] = [];
  const byProduct = [...lines]
    .filter((line) => line.farmerId !== null)
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of byProduct) {
    const item = items.find((candidate) => candidate.product_id === line.productId);
    if (!item) throw new Error(`no order line for product ${line.productId}`);
    if (yield* takeStock(trx, line.productId, line.quantity)) {
      // NOTE: its stock became tracked since it was priced.
      if (item.stock_taken !== line.quantity) yield* repo.setStockTaken(trx, item, line.quantity);
      continue;
    }
    const stock = (yield* findStocks(trx, [line.productId])).get(line.productId);
    if (stock === undefined) {
      throw productUnavailable([line], `product ${line.productId} is no longer available`);
    }
    if (stock !== null) short.push({ line, left: stock });
    // NOTE: no longer tracked since it was priced: nothing taken, nothing to give back later.
    else if (item.stock_taken !== 0) yield* repo.setStockTaken(trx, item, 0);
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
export function* refuseHiddenSincePriced(trx: Kysely<Database>, lines: readonly PricedLine[]): Steps<void> {
  const ids = lines.filter((line) => line.farmerId !== null).map((line) => line.productId);
  const unorderable = yield* findUnorderable(trx, ids);
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
  ctx: Context,
  {
    userId,
    idempotencyKey,
    input,
    pricing = {},
  }: { userId: string; idempotencyKey: string; input: PlaceOrderRequest; pricing?: PricingOptions },
): Promise<PlacedOrder> {
  const { db, now } = ctx;
  refuseUnservedCountry(ctx, input.shipping, "shipping.country");
  await refuseMissingEmail(ctx, userId, input.shipping);
  const requestHash = hashPlaceOrderRequest(input);
  const earlier = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
  if (earlier) return { order: await replay(db, earlier, requestHash), replayed: true };

  const payNow = input.payment === "now";
  if (payNow) gatewayOf(ctx);
  const priced = await priceCartLines(ctx, input.items, pricing);
  const holdEndsAt = payNow ? holdEndOf(ctx, now) : null;
  const rows = orderRows({ userId, idempotencyKey, requestHash, input, priced, now, holdEndsAt });
  // NOTE: Pay now makes its link before anything is written: a gateway that is down or slow answers 503 and
  // nothing is held. A placement refused afterwards (stock, slot, a replayed key) cancels the link.
  const link = holdEndsAt ? await createLink(ctx, rows.order, 1, holdEndsAt) : undefined;
  try {
    // NOTE: steps (decision 036): on SQLite the whole transaction runs as one synchronous block.
    const order = await inStepsTransaction(ctx, function* (trx) {
      yield* writeOrder(trx.db, rows);
      if (link) yield* linkInserted(trx.db, link);
      // NOTE: a place in each chosen slot is taken here, as stock is: refused, nothing of the order is written.
      yield* bookSlots(
        trx,
        rows.parts.map((part) => ({ partId: part.id, farmerId: part.farmer_id })),
        input.slots,
        input.shipping.zipCode,
      );
      const placed = yield* loadOrder(trx.db, rows.order);
      // NOTE: queued with the order, so an order refused here (stock, slot, a replayed key) mails nobody. A
      // Pay now order is mailed once paid (online-payments.service.ts): until then its farmers do not see it.
      if (!link) yield* mailOrder(trx, userId, placed, now);
      // NOTE: last, the rows other orders write too (the products' stock, the buyer's address): PostgreSQL
      // keeps them locked from here to the commit, a few statements instead of the whole transaction
      // (decision 039). The address goes on the account with the order, so checkout offers it next time
      // (decision 027).
      yield* rememberAddress(trx, userId, input.shipping);
      yield* takeStockFor(trx.db, priced.lines, rows.items);
      yield* refuseHiddenSincePriced(trx.db, priced.lines);
      // NOTE: the stock taken and the slots' places show on the product cards: every server's prepared
      // catalogue answers go once this commits, before the order's answer does (decision 035).
      yield* catalogueChangedStep(trx);
      return placed;
    });
    return { order, replayed: false };
  } catch (error) {
    if (link) await cancelLinks(ctx, [link.link_id]);
    if (!repo.isIdempotencyKeyViolation(error)) throw error;
    const winner = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (!winner) throw error;
    return { order: await replay(db, winner, requestHash), replayed: true };
  }
}

/** The order, its parts with their first history entries, and its lines, in the caller's transaction. */
export function* writeOrder(trx: Kysely<Database>, rows: NewOrderRows): Steps<void> {
  yield* repo.insertOrder(trx, rows.order);
  yield* insertParts(trx, rows.parts, rows.history);
  yield* repo.insertItems(trx, rows.items);
}
