import type { Kysely } from "kysely";
import { SHOP_SLOT_KEY, type SlotPattern, slotLabel, weeklySlotLabel } from "../../shared/schemas/slots.ts";
import { type Actor, type AuditRecord, recordAudit } from "../audit/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database } from "../db/index.ts";

// The context every slot rule takes, and how a change of a set-up is made and audited (decision 017).

import type { Owner } from "./slots.repository.ts";

export type { Owner };

/** What every slot rule needs: the request's context (decision 018), and who is audited for a change. */
export interface SlotsContext extends Context {
  /**
   * The operator changing the shop's own set-up: each change is written to the audit log with it. Unset for a
   * farmer's changes to their own, which are not audited (as a farmer's edits of their products are not).
   */
  auditActor?: Actor;
}

/**
 * Makes one change of a set-up in a transaction, with its audit entry when an operator makes it, so the entry
 * and the change are kept together or not at all. `entryOf` sees the change's result (undefined: no change).
 * A farmer's next open slot shows on their product cards, so every change drops the catalogue's prepared
 * answers once it commits (decision 035).
 */
export function changeSetup<T>(
  ctx: SlotsContext,
  change: (trx: Kysely<Database>, trxCtx: SlotsContext) => Promise<T>,
  entryOf: (result: T) => AuditRecord | undefined,
): Promise<T> {
  return inTransaction(ctx, async (trxCtx) => {
    const trx = trxCtx.db;
    const result = await change(trx, trxCtx);
    await catalogueChanged(trxCtx);
    const entry = ctx.auditActor ? entryOf(result) : undefined;
    if (ctx.auditActor && entry) await recordAudit(trxCtx, { actor: ctx.auditActor, ...entry });
    return result;
  });
}

// What the audit log says of a change, in the words the set-up screen uses.
export const pointText = (point: { name: string; address: string }) => `${point.name}, ${point.address}`;
export const patternText = (pattern: Omit<SlotPattern, "id">, point: { name: string } | undefined) =>
  weeklySlotLabel(pattern, point?.name);
export const datedSlotText = (slot: { date: string; start_time: string; end_time: string }) =>
  slotLabel({ date: slot.date, start: slot.start_time, end: slot.end_time });

/** A slot owner as a key of the checkout's `slots` map (the shop's own under SHOP_SLOT_KEY), and back. */
export const ownerOfKey = (key: string): Owner => (key === SHOP_SLOT_KEY ? null : key);
export const keyOfOwner = (owner: Owner) => owner ?? SHOP_SLOT_KEY;
