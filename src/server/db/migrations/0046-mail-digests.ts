import type { Kysely } from "kysely";

/**
 * Issue 40 item 23, decision 048: one buyer mail per order within 2 minutes. A queued mail may be a digest
 * still open to later events of the same order:
 * - `digest_key`: what joins it (the order and its buyer's address) while it waits; cleared when a server
 *   claims it to send (or when it is due and a later event starts a new one), so nothing joins a mail on its
 *   way. Unique: one open digest per key, on every server.
 * - `digest`: what it says so far (JSON), from which the mail is written again as each event joins.
 * Its `next_attempt_at` is its send time: the first event's time + 2 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_queue").addColumn("digest_key", "text").execute();
  await db.schema.alterTable("mail_queue").addColumn("digest", "text").execute();
  await db.schema
    .createIndex("mail_queue_digest_key_idx")
    .on("mail_queue")
    .column("digest_key")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_queue_digest_key_idx").execute();
  await db.schema.alterTable("mail_queue").dropColumn("digest").execute();
  await db.schema.alterTable("mail_queue").dropColumn("digest_key").execute();
}
