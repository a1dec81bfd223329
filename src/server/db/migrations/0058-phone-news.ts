import type { Kysely } from "kysely";

/**
 * Issue 37 (second part), decision 063: order news by WhatsApp and SMS.
 * - `phone_messages`: each WhatsApp or SMS message of an order's news, queued in the transaction of the event
 *   it tells (as a mail is, decision 018), with its provider's id and status (queued, sent, delivered, read,
 *   failed) as the providers' status webhooks report it. `next_attempt_at` is set while it waits to be sent (a
 *   server claims it by moving it forward, decision 039), null once sent or given up. `fallback_of` is the
 *   WhatsApp message an SMS replaces (unique: once), `fallback_at` when a WhatsApp message was looked at for it.
 * - `notification_channels`: a person's choice per kind of news (`buying`, `fulfilling`) and channel (`email`,
 *   `whatsapp`, `sms`); no row is the default. `consent_at` is when a phone channel was turned on.
 * - `phone_inbound`: the ids of inbound messages (STOP) already taken, so a replay changes nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("phone_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("order_id", "text")
    .addColumn("part_id", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("provider_id", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addColumn("status_at", "text")
    .addColumn("fallback_of", "text")
    .addColumn("fallback_at", "text")
    .execute();
  await db.schema
    .createIndex("phone_messages_provider_id_key")
    .on("phone_messages")
    .column("provider_id")
    .unique()
    .execute();
  await db.schema
    .createIndex("phone_messages_fallback_of_key")
    .on("phone_messages")
    .column("fallback_of")
    .unique()
    .execute();
  await db.schema
    .createIndex("phone_messages_next_attempt_idx")
    .on("phone_messages")
    .column("next_attempt_at")
    .execute();
  await db.schema.createIndex("phone_messages_part_idx").on("phone_messages").column("part_id").execute();
  await db.schema.createIndex("phone_messages_user_idx").on("phone_messages").column("user_id").execute();
  await db.schema
    .createIndex("phone_messages_fallback_idx")
    .on("phone_messages")
    .columns(["channel", "fallback_at", "created_at"])
    .execute();

  await db.schema
    .createTable("notification_channels")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("enabled", "integer", (col) => col.notNull())
    .addColumn("consent_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("notification_channels_pkey", ["user_id", "kind", "channel"])
    .execute();

  await db.schema
    .createTable("phone_inbound")
    .addColumn("provider_id", "text", (col) => col.primaryKey())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("phone_inbound").execute();
  await db.schema.dropTable("notification_channels").execute();
  await db.schema.dropTable("phone_messages").execute();
}
