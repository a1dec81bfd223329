import {
  type FarmerSlot,
  MAX_SLOT_CAPACITY,
  type SlotPatch,
  slotMessages,
} from "../../shared/schemas/slots.ts";
import { addDays, startOfShopDay } from "../../shared/shop-calendar.ts";
import { mailRecipient } from "../auth/index.ts";
import type { Context } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { slotClosedMail } from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import { farmerNames, slotsOfParts } from "./booking.service.ts";
import { ensureSlots, horizon } from "./calendar.service.ts";
import * as repo from "./dated-slots.repository.ts";
import { toFarmerSlot } from "./slot-views.ts";
import type { Owner } from "./slots.repository.ts";
import { changeSetup, datedSlotText, type SlotsContext } from "./slots-context.ts";

// The dated slots a farmer runs: listing them, changing a capacity, closing one and telling its buyers.

export async function listOwnSlots(
  ctx: SlotsContext,
  owner: Owner,
  range: { from?: string; to?: string },
): Promise<FarmerSlot[]> {
  await ensureSlots(ctx, [owner]);
  const { today, last } = horizon(ctx);
  const from = startOfShopDay(range.from ?? today, ctx.settings.shopTimeZone).toISOString();
  const before = startOfShopDay(addDays(range.to ?? last, 1), ctx.settings.shopTimeZone).toISOString();
  return (await repo.listSlotsOf(ctx.db, owner, from, before)).map(toFarmerSlot);
}

export async function ownSlot(ctx: SlotsContext, owner: Owner, id: string) {
  const slot = await runSteps(ctx.db, repo.findSlot(ctx.db, id));
  if (!slot || slot.farmer_id !== owner) throw notFound(slotMessages.slotNotFound);
  return slot;
}

export async function getOwnSlot(ctx: SlotsContext, owner: Owner, id: string): Promise<FarmerSlot> {
  return toFarmerSlot(await ownSlot(ctx, owner, id));
}

/**
 * Changes one dated slot: its capacity (never below the places taken: 409), or closes it. Closing a slot that
 * holds orders needs `confirm` (409 confirm_required otherwise); the closed slot's orders stay, and their
 * buyers are mailed from the closing's transaction.
 */
export async function patchOwnSlot(
  ctx: SlotsContext,
  owner: Owner,
  id: string,
  patch: SlotPatch,
): Promise<{ slot: FarmerSlot }> {
  const slot = await ownSlot(ctx, owner, id);
  if ("capacity" in patch) {
    const changed = await changeSetup(
      ctx,
      (trx) => repo.setCapacity(trx, id, patch.capacity),
      (changed) =>
        changed
          ? {
              action: "slot.capacity",
              target: { type: "slot", id },
              reason: `${datedSlotText(slot)}: capacity ${slot.capacity} → ${patch.capacity}`,
            }
          : undefined,
    );
    if (!changed) {
      const now = await ownSlot(ctx, owner, id);
      throw new AppError("capacity_below_taken", slotMessages.capacityBelowTaken(now.taken), {
        capacity: slotMessages.capacityBelowTaken(now.taken),
      });
    }
    return { slot: await getOwnSlot(ctx, owner, id) };
  }
  if (slot.closed_at) throw new AppError("conflict", slotMessages.alreadyClosed);
  // NOTE: a bound the database can hold (PostgreSQL refuses an int4 compare with 2^53).
  const takenAtMost = patch.confirm ? MAX_SLOT_CAPACITY : 0;
  const closed = await changeSetup(
    ctx,
    async (trx, trxCtx) => {
      if (
        !(await repo.closeSlot(trx, {
          slotId: id,
          at: ctx.now.toISOString(),
          reason: patch.reason,
          takenAtMost,
        }))
      )
        return false;
      // NOTE: queued with the closing, so a close that fails (409) mails nobody (decision 018).
      await mailClosedSlotBuyers(trxCtx, id, patch.reason);
      return true;
    },
    (done) =>
      done
        ? {
            action: "slot.close",
            target: { type: "slot", id },
            reason: `${datedSlotText(slot)}: ${patch.reason}`,
          }
        : undefined,
  );
  if (!closed) {
    const now = await ownSlot(ctx, owner, id);
    if (now.closed_at) throw new AppError("conflict", slotMessages.alreadyClosed);
    throw new AppError("confirm_required", slotMessages.closeNeedsConfirm(now.taken), {
      confirm: slotMessages.closeNeedsConfirm(now.taken),
    });
  }
  return { slot: await getOwnSlot(ctx, owner, id) };
}

/**
 * Tells the buyers of a slot the farmer closed that their part stays and they should contact the farmer (a
 * deleted account gets no mail); queued in the closing's transaction.
 */
export async function mailClosedSlotBuyers(ctx: Context, slotId: string, reason: string) {
  const slot = await runSteps(ctx.db, repo.findSlot(ctx.db, slotId));
  if (!slot) return;
  const farmerName =
    (await runSteps(ctx.db, farmerNames(ctx.db, [slot.farmer_id]))).get(slot.farmer_id) ?? "";
  // NOTE: the buyer is asked to contact the farmer: with the phone the farmer set, when they set one.
  const farmerPhone = slot.farmer_id ? await repo.phoneOf(ctx.db, slot.farmer_id) : null;
  const partSlot = await runSteps(
    ctx.db,
    slotsOfParts(
      ctx.db,
      (await repo.buyersOfSlot(ctx.db, slotId)).map((b) => b.part_id),
    ),
  );
  for (const buyer of await repo.buyersOfSlot(ctx.db, slotId)) {
    const shown = partSlot.get(buyer.part_id);
    if (buyer.deleted_at || !shown) continue;
    const mail = slotClosedMail(
      // NOTE: to the address typed at checkout, in the language of the buyer's account.
      mailRecipient(buyer),
      { buyerName: buyer.full_name, orderId: buyer.order_id, farmerName, farmerPhone, slot: shown, reason },
      ctx.mail.link(`/orders/${buyer.order_id}`),
    );
    // NOTE: on the channels the buyer chose for the orders they buy, by phone too (issue 37).
    await runSteps(
      ctx.db,
      notify.tell(ctx, [
        {
          userId: buyer.user_id,
          kind: "buying",
          event: "slot_closed",
          mail,
          text: mail.short ?? mail.subject,
          orderId: buyer.order_id,
          partId: buyer.part_id,
        },
      ]),
    );
  }
}
