import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import type { Order, PaymentMethod, PlaceOrder } from "../../shared/schemas/orders.ts";
import { standingOrderMessages } from "../../shared/schemas/standing-orders.ts";
import { isWeighedUnit } from "../../shared/weighing.ts";
import { type Context, catalogueChanged, catalogueChangedStep, inTransaction } from "../context.ts";
import { type Database, runSteps, type Steps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { returnStock } from "../products/index.ts";
import { bookSlots } from "../slots/index.ts";
import * as repo from "./orders.repository.ts";
import {
  hashPlaceOrderRequest,
  itemRow,
  orderRows,
  type PlaceOrderRequest,
  refuseHiddenSincePriced,
  takeStockFor,
  writeOrder,
} from "./placement.service.ts";
import { type PricedCart, priceCartLines } from "./pricing.service.ts";
import { claimScheduledPart, findScheduledWithCutoff, setPartTotal } from "./scheduled-parts.repository.ts";
import { getOwnOrder } from "./views.service.ts";

// A standing order's occurrences as orders (issue 35): written scheduled, changed, re-priced before the cut-off.

/** A standing order's occurrence (issue 35): its lines, the one farmer's dated slot, and where it goes. */
export interface ScheduledOrderInput {
  userId: string;
  standingOrderId: string;
  /** Unique per occurrence: the order's Idempotency-Key, so one occurrence never makes two orders. */
  key: string;
  farmerId: string;
  slotId: string;
  shipping: PlaceOrder["shipping"];
  paymentMethod: PaymentMethod;
}

/**
 * Prices a standing order's lines as checkout does (today's prices; 409 product_unavailable for one taken off
 * the shop or deleted), before the occurrence's transaction.
 */
export const priceScheduledLines = (ctx: Context, items: PlaceOrder["items"]) => priceCartLines(ctx, items);

/**
 * Writes a standing order's occurrence as an order whose parts are `scheduled`, in the caller's step
 * transaction, exactly as a checkout writes an order: it takes the place in the slot and the stock, and
 * refuses (slot_full, slot_closed, slot_not_served, out_of_stock, product_unavailable) with nothing written.
 * No mail: the farmer is told at the cut-off, when it becomes pending (`startDueScheduledParts`).
 */
export function* writeScheduledOrder(
  trx: Context,
  input: ScheduledOrderInput,
  items: PlaceOrder["items"],
  priced: PricedCart,
): Steps<string> {
  const body: PlaceOrderRequest = {
    items,
    shipping: input.shipping,
    paymentMethod: input.paymentMethod,
    // NOTE: a standing order is paid on delivery, cash or UPI at the door (issue 35).
    payment: "on_delivery",
    slots: { [input.farmerId]: input.slotId },
  };
  const rows = orderRows({
    userId: input.userId,
    idempotencyKey: input.key,
    requestHash: hashPlaceOrderRequest(body),
    input: body,
    priced,
    now: trx.now,
    holdEndsAt: null,
    scheduled: { standingOrderId: input.standingOrderId },
  });
  yield* writeOrder(trx.db, rows);
  yield* bookSlots(
    trx,
    rows.parts.map((part) => ({ partId: part.id, farmerId: part.farmer_id })),
    body.slots,
    input.shipping.zipCode,
  );
  yield* takeStockFor(trx.db, priced.lines, rows.items);
  yield* refuseHiddenSincePriced(trx.db, priced.lines);
  yield* catalogueChangedStep(trx);
  return rows.order.id;
}

/**
 * PATCH /api/orders/:id { items }: a standing order's occurrence, changed before its slot's cut-off (this one
 * only; issue 35): its lines are priced again, the old lines' stock goes back and the new lines' is taken, in
 * one transaction, and its totals follow. 409 cutoff_passed once the cut-off passed (or it is no longer
 * scheduled); 400 for an order placed at checkout or a product of another farmer; 404 for another's order.
 */
export async function changeScheduledItems(
  ctx: Context,
  buyerId: string,
  orderId: string,
  items: PlaceOrder["items"],
): Promise<Order> {
  const row = await repo.findOwnOrder(ctx.db, buyerId, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (!row.standing_order_id) {
    throw new AppError("validation_failed", standingOrderMessages.onlyOccurrences, {
      items: standingOrderMessages.onlyOccurrences,
    });
  }
  const priced = await priceCartLines(ctx, items);
  await inTransaction(ctx, async (trx) => {
    const parts = await runSteps(trx.db, findScheduledWithCutoff(trx.db, orderId));
    const [part] = parts;
    const now = ctx.now.toISOString();
    if (!part || parts.length !== 1 || part.status !== "scheduled" || part.cutoff_at <= now) {
      throw new AppError("cutoff_passed", standingOrderMessages.cutoffPassed);
    }
    if (priced.lines.some((line) => line.farmerId !== part.farmer_id)) {
      throw new AppError("validation_failed", standingOrderMessages.oneFarmer, {
        items: standingOrderMessages.oneFarmer,
      });
    }
    const old = await runSteps(trx.db, repo.findItemsOfOrders(trx.db, [orderId]));
    // NOTE: in product id order, as placement takes stock, so two transactions never wait on each other in a cycle.
    for (const line of [...old].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
      if (line.stock_taken > 0) await returnStock(trx.db, line.product_id, line.stock_taken);
    }
    const rows = priced.lines.map((line, index) => itemRow(orderId, line, index, part.id));
    await runSteps(trx.db, repo.deleteItemsOfOrder(trx.db, orderId));
    await runSteps(trx.db, repo.insertItems(trx.db, rows));
    await runSteps(trx.db, takeStockFor(trx.db, priced.lines, rows));
    await runSteps(trx.db, refuseHiddenSincePriced(trx.db, priced.lines));
    await runSteps(trx.db, repo.setOrderTotal(trx.db, orderId, priced.totalPaise));
    await runSteps(trx.db, setPartTotal(trx.db, part.id, priced.totalPaise));
    await catalogueChanged(trx);
  });
  return getOwnOrder(ctx, buyerId, orderId);
}

/**
 * Prices a standing order's occurrence again at today's prices, in the caller's step transaction (issue 35,
 * decision 050): only while its part is still scheduled, which it claims first (a move to pending at the
 * cut-off on another server comes wholly before or after). Each line whose product's price changed takes the
 * new price, its estimate and (a line not sold by weight) its amount; the part's and order's totals follow.
 * A product deleted since keeps its line as it was. Answers each line's unit price now, per product, and the
 * new total, or undefined when nothing of the order is scheduled any more.
 */
export function* repriceScheduledOrder(
  trx: Kysely<Database>,
  orderId: string,
  at: string,
): Steps<{ prices: Map<string, number>; totalPaise: number } | undefined> {
  const partId = yield* claimScheduledPart(trx, orderId, at);
  if (!partId) return undefined;
  const lines = yield* repo.findItemsOfOrders(trx, [orderId]);
  const prices = new Map(
    (yield* repo.findPricesNow(
      trx,
      lines.map((line) => line.product_id),
    )).map((product) => [product.id, product.price_paise]),
  );
  let total = 0;
  for (const line of lines) {
    const price = prices.get(line.product_id) ?? line.unit_price_paise;
    const lineTotal = price * line.quantity;
    total += lineTotal;
    if (price === line.unit_price_paise) continue;
    yield* repo.setLinePrice(trx, line, {
      unit_price_paise: price,
      line_total_paise: lineTotal,
      amount_paise: isWeighedUnit(line.unit) ? null : lineTotal,
    });
  }
  yield* repo.setOrderTotal(trx, orderId, total);
  yield* setPartTotal(trx, partId, total);
  return {
    prices: new Map(
      lines.map((line) => [line.product_id, prices.get(line.product_id) ?? line.unit_price_paise]),
    ),
    totalPaise: total,
  };
}
