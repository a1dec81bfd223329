import { mailRecipients } from "../auth/index.ts";
import { type Context, inStepsTransaction } from "../context.ts";
import type { Steps } from "../db/index.ts";
import { type Mail, standingReminderMail } from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";

// Reminders before an occurrence's cut-off, and the shopper told of its standing order's news (issue 37).

/**
 * A standing order's reminder or missed delivery (the two the issue names), on the channels its shopper chose
 * for the orders they buy: the mail, and its short form by WhatsApp or SMS (issue 37).
 */
export function* tellShopper(
  trx: Context,
  userId: string,
  event: "standing_reminder" | "standing_missed",
  mail: Mail,
): Steps<void> {
  // NOTE: no order named: a farmer's "buyer reached" speaks of the order's own news, not of its reminder.
  yield* notify.tell(trx, [{ userId, kind: "buying", event, mail, text: mail.short ?? mail.subject }]);
}

const HOUR_MS = 3_600_000;
const LONGEST_REMINDER_HOURS = 48;

/**
 * Queues the reminder of every made occurrence whose reminder time has come (its cut-off less than its
 * standing order's reminder hours away) and that is still scheduled: once, whichever server claims it, in
 * the shopper's language, with a link to the occurrence.
 */
export async function remindDue(ctx: Context, standingOrderId?: string): Promise<void> {
  const now = ctx.now.getTime();
  const before = new Date(now + LONGEST_REMINDER_HOURS * HOUR_MS).toISOString();
  const due = (
    await occurrenceRepo.unremindedBefore(ctx.db, ctx.now.toISOString(), before, standingOrderId)
  ).filter(
    (row) =>
      row.order_status === "scheduled" &&
      row.reminder_hours !== null &&
      Date.parse(row.cutoff_at) - row.reminder_hours * HOUR_MS <= now,
  );
  for (const row of due) {
    await inStepsTransaction(ctx, function* (trx) {
      if (!(yield* occurrenceRepo.claimNotice(trx.db, row.id, "reminded_at", ctx.now.toISOString()))) return;
      const to = (yield* mailRecipients(trx.db, [row.user_id])).get(row.user_id);
      if (!to || !row.order_id) return;
      const lines = yield* occurrenceRepo.linesOfOrders(trx.db, [row.order_id]);
      const mail = standingReminderMail(
        to,
        {
          buyerName: row.full_name,
          slot: { date: row.date, start: row.start_time, end: row.end_time },
          lines,
          total: row.total_paise / 100,
          cutoffAt: new Date(row.cutoff_at),
          timeZone: ctx.settings.shopTimeZone,
        },
        trx.mail.link(`/orders/${row.order_id}`),
      );
      yield* tellShopper(trx, row.user_id, "standing_reminder", mail);
    });
  }
}
