import type { Kysely } from "kysely";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees } from "../../shared/money.ts";
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
import type { Database } from "../db/index.ts";
import { AppError, forbidden, notFound } from "../http/index.ts";
import type { Mailer } from "../mail/index.ts";
import { partStatusMail } from "../mail/index.ts";
import { returnStock } from "../products/index.ts";
import { releaseSlotOf } from "../slots/index.ts";
import * as ordersRepo from "./orders.repository.ts";
import * as repo from "./parts.repository.ts";
import { findPendingOfOrder } from "./parts.repository.ts";
import {
  farmerNameOf,
  getFarmerPart,
  getOwnOrder,
  groupBy,
  loadOrder,
  toApiLine,
  toOperatorOrder,
} from "./views.service.ts";

/** The order's stored status, derived again from its parts (call after any part moves, in its transaction). */
async function refreshOrderStatus(trx: Kysely<Database>, orderId: string): Promise<void> {
  const statuses = await repo.findStatusesOfOrder(trx, orderId);
  await repo.setOrderStatus(trx, orderId, deriveOrderStatus(statuses.map((s) => s.status)));
}

const cannotMove = (from: PartStatus, to: PartStatus) =>
  new AppError("invalid_transition", partMessages.cannotMove(from, to));

/**
 * Moves one part in the caller's transaction: only if it is still `part.status` (else 409 naming the status it
 * has now), recording who and why; a cancelled part gives its stock back.
 */
async function applyMove(
  trx: Kysely<Database>,
  part: repo.PartRow,
  move: PartMove,
  at: string,
): Promise<void> {
  const { to, actor, reason } = move;
  if (!canMovePart(part.status, to)) throw cannotMove(part.status, to);
  if (!(await repo.updatePartStatus(trx, part.id, part.status, to, at))) {
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
  if (to === "cancelled") {
    // NOTE: a cancelled part frees its place in its slot (decision 017).
    await releaseSlotOf(trx, part.id, new Date(at));
    // NOTE: in product id order, like placement takes it, so two transactions never wait on each other in a cycle.
    for (const line of await repo.findStockTaken(trx, part.id)) {
      await returnStock(trx, line.product_id, line.stock_taken);
    }
  }
}

/** A move of parts of an order: where to, by whom, and why (required to cancel, see the route schemas). */
export interface PartMove {
  to: PartStatus;
  actor: Pick<User, "id">;
  reason?: string;
  now: Date;
}

/**
 * THE way parts of orders move (a farmer's or an operator's move, a buyer's cancel, the demo data): in one
 * transaction it loads the parts with `load` (which checks who may move them and throws otherwise), moves
 * each, derives their orders' statuses again and runs `after` (e.g. an audit entry). Once committed, the buyer
 * of each part is mailed about it through `mailer` (see `mailBuyers`); `null` only where no mail may go (demo
 * data, written before the server starts). Answers the parts as they were before the move.
 */
export async function moveParts(
  db: Kysely<Database>,
  mailer: Mailer | null,
  move: PartMove,
  load: (trx: Kysely<Database>) => Promise<repo.PartRow[]>,
  after?: (trx: Kysely<Database>, parts: repo.PartRow[]) => Promise<void>,
): Promise<repo.PartRow[]> {
  const moved = await db.transaction().execute(async (trx) => {
    const parts = await load(trx);
    for (const part of parts) await applyMove(trx, part, move, move.now.toISOString());
    for (const orderId of new Set(parts.map((part) => part.order_id))) await refreshOrderStatus(trx, orderId);
    await after?.(trx, parts);
    return parts;
  });
  if (mailer && moved.length > 0) {
    mailer.later(() =>
      mailBuyers(
        db,
        mailer,
        moved.map((part) => part.id),
        move,
      ),
    );
  }
  return moved;
}

/**
 * Tells each part's buyer that it moved: one mail per part, to the e-mail typed at checkout (where the order's
 * confirmation went). Nobody is told of their own move (a buyer who cancels sees it on screen), and a
 * deleted account gets no mail: accounts have no other mail settings (decision 013).
 */
async function mailBuyers(db: Kysely<Database>, mailer: Mailer, partIds: string[], move: PartMove) {
  // NOTE: nothing moves back to pending (PART_TRANSITIONS), so this only narrows the type.
  if (move.to === "pending") return;
  const status = move.to;
  const parts = (await repo.findBuyersOfParts(db, partIds)).filter(
    (part) => part.buyer_id !== move.actor.id && !part.buyer_deleted_at,
  );
  const items = groupBy(
    await repo.findItemsOfParts(
      db,
      parts.map((part) => part.id),
    ),
    (item) => item.part_id,
  );
  for (const part of parts) {
    mailer.send(
      partStatusMail(
        part.email,
        {
          buyerName: part.full_name,
          orderId: part.order_id,
          farmerName: farmerNameOf(part),
          status,
          reason: move.reason,
          items: (items.get(part.id) ?? []).map(toApiLine),
          total: paiseToRupees(part.total_paise),
        },
        mailer.link(`/orders/${part.order_id}`),
      ),
    );
  }
}

/** The farmer's part, loaded for a change: 404 for an unknown id, 403 when it is not theirs. */
async function farmersPart(trx: Kysely<Database>, farmer: Pick<User, "id">, id: string) {
  const part = await repo.findPart(trx, id);
  if (!part) throw notFound(partMessages.notFound);
  if (part.farmer_id !== farmer.id) throw forbidden(partMessages.notYours);
  return part;
}

/**
 * A farmer moves their part of an order (see PART_TRANSITIONS); a cancel returns its stock; the buyer
 * is mailed (`mailer`: see `moveParts`).
 */
export async function movePart(
  db: Kysely<Database>,
  mailer: Mailer | null,
  farmer: Pick<User, "id">,
  id: string,
  change: PartStatusChange,
  now = new Date(),
): Promise<FarmerPart> {
  await moveParts(
    db,
    mailer,
    { to: change.status, actor: farmer, reason: change.reason, now },
    async (trx) => [await farmersPart(trx, farmer, id)],
  );
  return getFarmerPart(db, id);
}

/**
 * An operator moves any part of an order (the shop's own part, the deal of the day, is theirs to fulfil)
 * through the same transitions as a farmer, written to the audit log; the buyer is mailed (see `moveParts`).
 * Answers the order's id.
 */
export async function movePartAsOperator(
  db: Kysely<Database>,
  mailer: Mailer | null,
  operator: Actor & { id: string },
  id: string,
  change: PartStatusChange,
  now = new Date(),
): Promise<string> {
  const load = async (trx: Kysely<Database>) => {
    const part = await repo.findPart(trx, id);
    if (!part) throw notFound(partMessages.notFound);
    return [part];
  };
  const audit = async (trx: Kysely<Database>, parts: repo.PartRow[]) => {
    for (const part of parts) {
      await recordAudit(
        trx,
        operator,
        {
          action: "fulfilment.status",
          target: { type: "fulfilment", id: part.id },
          reason: `${partStatusLabels[part.status]} → ${partStatusLabels[change.status]}${change.reason ? `: ${change.reason}` : ""}`,
        },
        now,
      );
    }
  };
  const move = { to: change.status, actor: operator, reason: change.reason, now };
  const [part] = await moveParts(db, mailer, move, load, audit);
  if (!part) throw notFound(partMessages.notFound);
  return part.order_id;
}

/** A farmer records that the buyer paid for their part: unpaid → paid, once; never for a cancelled part. */
export async function markPaid(
  db: Kysely<Database>,
  farmer: Pick<User, "id">,
  id: string,
  now = new Date(),
): Promise<FarmerPart> {
  await db.transaction().execute(async (trx) => {
    const part = await farmersPart(trx, farmer, id);
    if (await repo.markPartPaid(trx, id, now.toISOString())) return;
    const current = (await repo.findPart(trx, id)) ?? part;
    throw new AppError(
      current.status === "cancelled" ? "invalid_transition" : "already_paid",
      current.status === "cancelled" ? partMessages.cancelledNotPayable : partMessages.alreadyPaid,
    );
  });
  return getFarmerPart(db, id);
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
    const order = await ordersRepo.findOwnOrder(trx, buyer.id, orderId);
    if (!order) throw notFound(orderMessages.orderNotFound);
    const pending = await findPendingOfOrder(trx, orderId);
    if (pending.length === 0) {
      throw new AppError("invalid_transition", partMessages.nothingToCancel(order.status));
    }
    return pending;
  });
  return getOwnOrder(db, buyer.id, orderId);
}

/** An operator moves a part of an order (audited; the buyer is mailed) and sees the whole order again. */
export async function moveOrderPartAsOperator(
  db: Kysely<Database>,
  mailer: Mailer | null,
  operator: Actor & { id: string },
  partId: string,
  change: PartStatusChange,
): Promise<OperatorOrder> {
  const orderId = await movePartAsOperator(db, mailer, operator, partId, change);
  const row = await ordersRepo.findOrderWithBuyer(db, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return toOperatorOrder(row, await loadOrder(db, row));
}
