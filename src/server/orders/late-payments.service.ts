import type { Context } from "../context.ts";
import { catalogueChanged } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { findStocks, findUnorderable, takeStock } from "../products/index.ts";
import { retakeSlotOf } from "../slots/index.ts";
import { refreshOrderStatus } from "./moves.service.ts";
import * as ordersRepo from "./orders.repository.ts";
import * as partsRepo from "./parts.repository.ts";

/*
 * A Pay now order paid after its hold ended (issue 36, decision 052): brought back when its stock and slot
 * places are still free, in the payment's transaction, which holds the order's row.
 */

/** Thrown inside the payment's transaction when the order cannot come back: the transaction writes nothing. */
export class CannotRestore extends Error {
  constructor(reason: string) {
    super(`the order cannot be restored: ${reason}`);
  }
}

/** Why a part moves back to pending, in its history (as the expiry's "Payment not completed"). */
const RESTORED_REASON = "Paid after the hold ended";

/**
 * Takes the expired order's slot places and stock again and moves its parts back to pending, in the caller's
 * transaction (in product id order for the stock, as placement takes it). Only an order whose every part the
 * expiry cancelled comes back whole; one a buyer cancelled, a full or closed slot, stock sold meanwhile or a
 * product taken off the shop throw CannotRestore, and the caller's transaction then writes nothing.
 */
export async function restoreExpiredOrder(
  trx: Context,
  order: Pick<ordersRepo.OrderRow, "id" | "user_id" | "expired_at">,
): Promise<void> {
  const expiredAt = order.expired_at ?? "";
  const parts = (await runSteps(trx.db, partsRepo.findPartsOfOrders(trx.db, [order.id]))).sort((a, b) =>
    a.id < b.id ? -1 : 1,
  );
  const history = await runSteps(
    trx.db,
    partsRepo.findHistoryOf(
      trx.db,
      parts.map((part) => part.id),
    ),
  );
  for (const part of parts) {
    const last = history.filter((entry) => entry.part_id === part.id).at(-1);
    // NOTE: cancelled by the expiry, not before it by the buyer (who then did not want it).
    if (part.status !== "cancelled" || !last || last.at < expiredAt)
      throw new CannotRestore("not the expiry's");
  }
  for (const part of parts) {
    if (!(await runSteps(trx.db, retakeSlotOf(trx.db, part.id, trx.now)))) throw new CannotRestore("slot");
  }
  const items = await runSteps(trx.db, ordersRepo.findItemsOfOrders(trx.db, [order.id]));
  const unorderable = await runSteps(
    trx.db,
    findUnorderable(
      trx.db,
      items.map((item) => item.product_id),
    ),
  );
  if (unorderable.size > 0) throw new CannotRestore("taken off the shop");
  const taken = items
    .filter((item) => item.stock_taken > 0)
    .sort((a, b) => (a.product_id < b.product_id ? -1 : 1));
  for (const item of taken) {
    if (await runSteps(trx.db, takeStock(trx.db, item.product_id, item.stock_taken))) continue;
    const stock = (await runSteps(trx.db, findStocks(trx.db, [item.product_id]))).get(item.product_id);
    // NOTE: no longer tracked: nothing to take, nothing to give back later.
    if (stock !== null) throw new CannotRestore("stock");
    await runSteps(trx.db, ordersRepo.setStockTaken(trx.db, item, 0));
  }
  const at = trx.now.toISOString();
  for (const part of parts) {
    if (!(await partsRepo.updatePartStatus(trx.db, { id: part.id, from: "cancelled", to: "pending", at }))) {
      throw new CannotRestore("moved meanwhile");
    }
    await partsRepo.appendHistory(trx.db, {
      part_id: part.id,
      status: "pending",
      at,
      by_user_id: order.user_id,
      reason: RESTORED_REASON,
    });
  }
  await refreshOrderStatus(trx.db, order.id);
  // NOTE: the stock and places taken again show on the product cards once this commits (decision 035).
  await catalogueChanged(trx);
}
