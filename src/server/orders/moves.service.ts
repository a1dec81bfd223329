import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import { formatRupees, paiseToRupees } from "../../shared/money.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { FarmerPart, PartStatusChange } from "../../shared/schemas/farmer.ts";
import type { OperatorOrder } from "../../shared/schemas/operator-orders.ts";
import {
  canMovePart,
  deriveOrderStatus,
  type PartStatus,
  partMessages,
  partStatusLabels,
} from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import { type Database, runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { returnStock } from "../products/index.ts";
import { releaseSlotOf } from "../slots/index.ts";
import { receivedPaise } from "./bills.service.ts";
import { getFarmerPart } from "./farmer-views.service.ts";
import { mailBuyers, mailFarmersOfBuyersCancel, mailNewPart, type PartMove } from "./move-mails.service.ts";
import * as ordersRepo from "./orders.repository.ts";
import * as repo from "./parts.repository.ts";
import { findPendingOfOrder } from "./parts.repository.ts";
import * as paymentsRepo from "./payments.repository.ts";
import { refundCancelledPart, refundWeighedDifference } from "./refunds.service.ts";
import * as scheduledRepo from "./scheduled-parts.repository.ts";
import { getOwnOrder, loadOrder, toOperatorOrder } from "./views.service.ts";
import { finaliseUnweighed, mailBillOnConfirm } from "./weighing.service.ts";

/** The order's stored status, derived again from its parts (call after any part moves, in its transaction). */
export async function refreshOrderStatus(trx: Kysely<Database>, orderId: string): Promise<void> {
  const statuses = await repo.findStatusesOfOrder(trx, orderId);
  await repo.setOrderStatus(trx, orderId, deriveOrderStatus(statuses.map((s) => s.status)));
}

const cannotMove = (from: PartStatus, to: PartStatus) =>
  new AppError("invalid_transition", partMessages.cannotMove(from, to));

/**
 * Moves one part in the caller's transaction: only if it is still `part.status` (else 409 naming the status it
 * has now), recording who and why; a cancelled part gives its stock back.
 */
async function applyMove(ctx: Context, part: repo.PartRow, move: PartMove, at: string): Promise<void> {
  const trx = ctx.db;
  const { to, actor, reason } = move;
  if (!canMovePart(part.status, to)) throw cannotMove(part.status, to);
  if (!(await repo.updatePartStatus(trx, { id: part.id, from: part.status, to, at }))) {
    const now = await repo.findPart(trx, part.id);
    throw cannotMove(now?.status ?? part.status, to);
  }
  await repo.appendHistory(trx, {
    part_id: part.id,
    status: to,
    at,
    by_user_id: actor.id,
    reason: reason || null,
  });
  // NOTE: the bill is final at dispatch at the latest: lines not weighed go at their ordered weight.
  if (to === "out_for_delivery") {
    await finaliseUnweighed(ctx, part.id);
    // NOTE: the bill is final now: a part paid online for more gets the difference back (decision 052).
    await refundWeighedDifference(ctx, part);
  }
  // NOTE: a bill final before the farmer confirms is mailed at the confirm (never while pending, issue 40).
  if (to === "confirmed") await mailBillOnConfirm(ctx, part.id);
  if (to === "cancelled") {
    // NOTE: checked after the status write holds the part's row, so a payment recorded at the same moment
    // (which writes that row first, see lockPart) is either seen here or refused as cancelled. Money
    // recorded for a part stays in the reckonings: it is undone before the part can be cancelled.
    const received = receivedPaise(await runSteps(trx, paymentsRepo.findPaymentsOfParts(trx, [part.id])));
    if (received > 0) {
      throw new AppError(
        "part_has_payments",
        partMessages.paidNotCancellable(formatRupees(paiseToRupees(received))),
      );
    }
    // NOTE: what it was paid online goes back in full, asked in this transaction (decision 052).
    await refundCancelledPart(ctx, part);
    // NOTE: a cancelled part frees its place in its slot (decision 017).
    await releaseSlotOf(trx, part.id, new Date(at));
    // NOTE: in product id order, like placement takes it, so two transactions never wait on each other in a cycle.
    for (const line of await repo.findStockTaken(trx, part.id)) {
      await returnStock(trx, line.product_id, line.stock_taken);
    }
    // NOTE: the stock and the slot's place are back on the product cards once this commits (decision 035).
    await catalogueChanged(ctx);
  }
}

/**
 * THE way parts of orders move (a farmer's or an operator's move, a buyer's cancel, the demo data): in one
 * transaction, at `ctx.now`, it loads the parts with `load` (which checks who may move them and throws
 * otherwise), moves each, derives their orders' statuses again, runs `after` (e.g. an audit entry) and queues
 * a mail to the buyer of each part (see `mailBuyers`), which goes once the move commits. Answers the parts as
 * they were before the move.
 */
export async function moveParts(
  ctx: Context,
  move: PartMove,
  load: (trx: Kysely<Database>) => Promise<repo.PartRow[]>,
  after?: (trx: Kysely<Database>, parts: repo.PartRow[]) => Promise<void>,
): Promise<repo.PartRow[]> {
  return inTransaction(ctx, async (trx) => {
    const parts = await load(trx.db);
    for (const part of parts) await applyMove(trx, part, move, ctx.now.toISOString());
    for (const orderId of new Set(parts.map((part) => part.order_id)))
      await refreshOrderStatus(trx.db, orderId);
    await after?.(trx.db, parts);
    if (parts.length > 0) {
      await mailBuyers(
        trx,
        parts.map((part) => part.id),
        move,
      );
      if (move.to === "cancelled") await mailFarmersOfBuyersCancel(trx, parts, move);
    }
    return parts;
  });
}

/** The farmer's part, loaded for a change: 404 for an unknown id and for another's (its existence is not theirs to know, issue 38). */
async function farmersPart(trx: Kysely<Database>, farmer: Pick<User, "id">, id: string) {
  const part = await repo.findPart(trx, id);
  if (!part) throw notFound(partMessages.notFound);
  if (part.farmer_id !== farmer.id) throw notFound(partMessages.notFound);
  return part;
}

/**
 * A farmer moves their part of an order (see PART_TRANSITIONS); a cancel returns its stock; the buyer
 * is mailed (see `moveParts`).
 */
export async function movePart(
  ctx: Context,
  farmer: Pick<User, "id">,
  id: string,
  change: PartStatusChange,
): Promise<FarmerPart> {
  try {
    // NOTE: a move to the status the part has is a double-clicked button: done already, so no change, no
    // mail, no error (issue 40 #15).
    await moveParts(ctx, { to: change.status, actor: farmer, reason: change.reason }, async (trx) => {
      const part = await farmersPart(trx, farmer, id);
      return part.status === change.status ? [] : [part];
    });
  } catch (error) {
    // NOTE: the two clicks at once: the second waited for the first's commit and found the part moved.
    const part =
      error instanceof AppError && error.code === "invalid_transition" && (await repo.findPart(ctx.db, id));
    if (!part || part.status !== change.status) throw error;
  }
  return getFarmerPart(ctx.db, id);
}

/**
 * An operator moves any part of an order (the shop's own part, the deal of the day, is theirs to fulfil)
 * through the same transitions as a farmer, written to the audit log; the buyer is mailed (see `moveParts`).
 * Answers the order's id.
 */
export async function movePartAsOperator(
  ctx: Context,
  operator: Actor & { id: string },
  id: string,
  change: PartStatusChange,
): Promise<string> {
  const load = async (trx: Kysely<Database>) => {
    const part = await repo.findPart(trx, id);
    if (!part) throw notFound(partMessages.notFound);
    return [part];
  };
  const audit = async (trx: Kysely<Database>, parts: repo.PartRow[]) => {
    for (const part of parts) {
      await recordAudit(
        { db: trx, now: ctx.now },
        {
          actor: operator,
          action: "fulfilment.status",
          target: { type: "fulfilment", id: part.id },
          reason: `${partStatusLabels[part.status]} → ${partStatusLabels[change.status]}${change.reason ? `: ${change.reason}` : ""}`,
        },
      );
    }
  };
  const move = { to: change.status, actor: operator, reason: change.reason };
  const [part] = await moveParts(ctx, move, load, audit);
  if (!part) throw notFound(partMessages.notFound);
  return part.order_id;
}

/**
 * The buyer cancels every part of their order that is still pending, at once (a part a farmer has confirmed
 * is theirs to cancel); each gives its stock back. 409 when no part is pending.
 */
export async function cancelOwnOrder(
  ctx: Context,
  buyer: Pick<User, "id">,
  orderId: string,
  reason: string | undefined,
): Promise<Order> {
  await moveParts(ctx, { to: "cancelled", actor: buyer, reason }, async (trx) => {
    const order = await ordersRepo.findOwnOrder(trx, buyer.id, orderId);
    if (!order) throw notFound(orderMessages.orderNotFound);
    const pending = await findPendingOfOrder(trx, orderId);
    if (pending.length === 0) {
      throw new AppError("invalid_transition", partMessages.nothingToCancel(order.status));
    }
    return pending;
  });
  return getOwnOrder(ctx, buyer.id, orderId);
}

/** An operator moves a part of an order (audited; the buyer is mailed) and sees the whole order again. */
export async function moveOrderPartAsOperator(
  ctx: Context,
  operator: Actor & { id: string },
  partId: string,
  change: PartStatusChange,
): Promise<OperatorOrder> {
  const orderId = await movePartAsOperator(ctx, operator, partId, change);
  const row = await ordersRepo.findOrderWithBuyer(ctx.db, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return toOperatorOrder(row, await runSteps(ctx.db, loadOrder(ctx.db, row, "operator")));
}

/**
 * A standing order's occurrence skipped by its buyer (issue 35): its scheduled parts are cancelled (their stock
 * and slot places go back at once). 409 cutoff_passed when none is scheduled any more (the cut-off passed and
 * it became pending); 404 for another's order.
 */
export async function skipScheduledOrder(
  ctx: Context,
  buyer: Pick<User, "id">,
  orderId: string,
  reason: string,
  cutoffPassed: () => AppError,
): Promise<void> {
  await moveParts(ctx, { to: "cancelled", actor: buyer, reason }, async (trx) => {
    const order = await ordersRepo.findOwnOrder(trx, buyer.id, orderId);
    if (!order) throw notFound(orderMessages.orderNotFound);
    const scheduled = await scheduledRepo.findScheduledOfOrder(trx, orderId);
    if (scheduled.length === 0) throw cutoffPassed();
    return scheduled;
  });
}

/** How many due scheduled parts one pass moves at most (the next minute's pass takes the rest). */
const DUE_BATCH = 500;

/**
 * The timer's work (issue 35): each scheduled part whose slot's cut-off has come (by `ctx.now`) becomes
 * pending, recorded as its buyer's move, and its farmer is told as for a new order, in the move's transaction.
 * Safe on several servers at once: the move is a conditional update, so one of them moves each part and the
 * others find it moved. Answers how many parts it moved.
 */
export async function startDueScheduledParts(ctx: Context): Promise<number> {
  const due = await scheduledRepo.findDueScheduledParts(ctx.db, ctx.now.toISOString(), DUE_BATCH);
  let moved = 0;
  for (const { id, user_id } of due) {
    try {
      await moveParts(
        ctx,
        { to: "pending", actor: { id: user_id } },
        async (trx) => {
          const part = await repo.findPart(trx, id);
          return part?.status === "scheduled" ? [part] : [];
        },
        async (trx, parts) => {
          for (const part of parts) await mailNewPart({ ...ctx, db: trx }, part);
        },
      );
      moved += 1;
    } catch (error) {
      // NOTE: another server moved it first (its conditional update won): nothing left to do here.
      if (!(error instanceof AppError && error.code === "invalid_transition")) throw error;
    }
  }
  return moved;
}
