import { paiseToRupees } from "../../shared/money.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import * as auth from "../auth/index.ts";
import type { Context } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { buyerCancelledMail, enqueueOrderUpdate, newPartMail, partStatusMail } from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import { slotsOfParts } from "../slots/index.ts";
import { billOf, toApiLine } from "./bills.service.ts";
import * as ordersRepo from "./orders.repository.ts";
import * as repo from "./parts.repository.ts";
import { farmerNameOf, groupBy, loadOrder } from "./views.service.ts";

// Who is told of a move of parts (moves.service.ts), in the move's transaction: buyers, and farmers of a cancel.

/** A move of parts of an order: where to, by whom, and why (required to cancel, see the route schemas). */
export interface PartMove {
  to: PartStatus;
  actor: Pick<User, "id">;
  reason?: string;
}

/**
 * Tells each part's buyer that it moved, to the e-mail typed at checkout (where the order's confirmation went),
 * queued in the move's transaction: into the order's one mail of the next 2 minutes (decision 048), so three
 * farmers confirming their parts send one mail. Nobody is told of their own move (a buyer who cancels sees it
 * on screen), and a deleted account gets no mail: accounts have no other mail settings (decision 013).
 */
export async function mailBuyers(trx: Context, partIds: string[], move: PartMove) {
  // NOTE: a scheduled part turning pending at its cut-off is no news to its buyer (they had the reminder), and
  // nothing moves back to scheduled (PART_TRANSITIONS).
  if (move.to === "pending" || move.to === "scheduled") return;
  const status = move.to;
  const parts = (await repo.findBuyersOfParts(trx.db, partIds)).filter(
    (part) => part.buyer_id !== move.actor.id && !part.buyer_deleted_at,
  );
  const items = groupBy(
    await repo.findItemsOfParts(
      trx.db,
      parts.map((part) => part.id),
    ),
    (item) => item.part_id,
  );
  // NOTE: "out for delivery" says the slot's window, so the buyer knows when to be home (issue 37).
  const slots =
    status === "out_for_delivery"
      ? await runSteps(
          trx.db,
          slotsOfParts(
            trx.db,
            parts.map((part) => part.id),
          ),
        )
      : undefined;
  for (const part of parts) {
    const lines = items.get(part.id) ?? [];
    // NOTE: to the address typed at checkout, in the language of the buyer's account.
    const to = auth.mailRecipient({ email: part.email, language: part.buyer_language });
    const slot = slots?.get(part.id);
    const update = {
      farmerName: farmerNameOf(part),
      status,
      ...(move.reason ? { reason: move.reason } : {}),
      items: lines.map(toApiLine),
      ...billOfPart(lines),
      ...(slot ? { slot } : {}),
    };
    const orderUrl = trx.mail.link(`/orders/${part.order_id}`);
    if (await notify.emailAllowed(trx, part.buyer_id, "buying")) {
      await enqueueOrderUpdate(trx, {
        to,
        buyerName: part.full_name,
        orderId: part.order_id,
        orderUrl,
        partId: part.id,
        part: update,
      });
    }
    // NOTE: by phone each move is a message of its own, at once (a digest is the e-mail's, decision 048).
    const mail = partStatusMail(
      to,
      { ...update, buyerName: part.full_name, orderId: part.order_id },
      orderUrl,
    );
    await runSteps(
      trx.db,
      notify.tell(trx, [
        {
          userId: part.buyer_id,
          kind: "buying",
          event: `part_${status}`,
          text: mail.short ?? mail.subject,
          orderId: part.order_id,
          partId: part.id,
        },
      ]),
    );
  }
}

/** The total a status mail shows, and whether it is the final bill. */
const billOfPart = (items: Parameters<typeof billOf>[0]) => {
  const bill = billOf(items);
  return { total: paiseToRupees(bill.totalPaise), billFinal: bill.final };
};

/**
 * A buyer cancelled parts of their own order: each part's farmer is told (issue 40), in the move's
 * transaction, with the lines not to pack. The shop's own part has no farmer to mail (operators see it on
 * their orders page); a deleted farmer account gets nothing.
 */
export async function mailFarmersOfBuyersCancel(
  trx: Context,
  parts: readonly repo.PartRow[],
  move: PartMove,
) {
  const farmerIds = parts.flatMap((part) => (part.farmer_id ? [part.farmer_id] : []));
  const byBuyer = (
    await repo.findBuyersOfParts(
      trx.db,
      parts.map((part) => part.id),
    )
  ).filter((part) => part.buyer_id === move.actor.id && part.farmer_id !== null);
  // NOTE: a scheduled part (a standing order's occurrence before its cut-off) was never the farmer's news.
  const told = new Set(parts.filter((part) => part.status !== "scheduled").map((part) => part.id));
  byBuyer.splice(0, byBuyer.length, ...byBuyer.filter((part) => told.has(part.id)));
  if (byBuyer.length === 0) return;
  const recipients = await runSteps(trx.db, auth.mailRecipients(trx.db, farmerIds));
  const items = groupBy(
    await repo.findItemsOfParts(
      trx.db,
      byBuyer.map((part) => part.id),
    ),
    (item) => item.part_id,
  );
  for (const part of byBuyer) {
    const to = recipients.get(part.farmer_id ?? "");
    if (!to) continue;
    const lines = items.get(part.id) ?? [];
    const mail = buyerCancelledMail(
      to,
      {
        farmerName: farmerNameOf(part),
        buyerName: part.full_name,
        orderId: part.order_id,
        reason: move.reason,
        items: lines.map(toApiLine),
        total: paiseToRupees(billOf(lines).estimatePaise),
      },
      trx.mail.link("/farmer"),
    );
    await runSteps(
      trx.db,
      notify.tell(trx, [
        {
          userId: part.farmer_id ?? "",
          kind: "fulfilling",
          event: "buyer_cancelled",
          mail,
          text: mail.short ?? mail.subject,
          orderId: part.order_id,
          partId: part.id,
        },
      ]),
    );
  }
}

/** The farmer's "new order" mail for a part that just became pending (in the move's transaction). */
export async function mailNewPart(trx: Context, part: repo.PartRow): Promise<void> {
  if (!part.farmer_id) return;
  const farmer = (await runSteps(trx.db, auth.mailRecipients(trx.db, [part.farmer_id]))).get(part.farmer_id);
  const row = await ordersRepo.findOrderById(trx.db, part.order_id);
  if (!farmer || !row) return;
  const order = await runSteps(trx.db, loadOrder(trx.db, row));
  const shown = order.fulfilments.find((each) => each.id === part.id);
  if (!shown) return;
  const mail = newPartMail(farmer, order, shown, trx.mail.link("/farmer"));
  await runSteps(
    trx.db,
    notify.tell(trx, [
      {
        userId: part.farmer_id,
        kind: "fulfilling",
        event: "new_part",
        mail,
        text: mail.short ?? mail.subject,
        orderId: part.order_id,
        partId: part.id,
      },
    ]),
  );
}
