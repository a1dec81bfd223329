import type { Kysely } from "kysely";
import {
  type Database,
  type NotificationChannelsTable,
  noStatement,
  rowsOf,
  type Steps,
} from "../db/index.ts";

export type ChannelRow = NotificationChannelsTable;

/**
 * What the news needs of each of these accounts (the `users` table is auth's; this only reads it): where
 * it goes (the verified number, the address), its language, and its channel rows. Deleted accounts are left out.
 */
export function* reachOf(db: Kysely<Database>, userIds: readonly string[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { users: [], channels: [] as ChannelRow[] };
  const users = yield* rowsOf(
    db
      .selectFrom("users")
      .select(["id", "email", "language", "sign_in_phone"])
      .where("id", "in", ids)
      .where("deleted_at", "is", null),
  );
  const channels = yield* rowsOf(
    db.selectFrom("notification_channels").selectAll().where("user_id", "in", ids),
  );
  return { users, channels };
}

export function channelRowsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom("notification_channels").selectAll().where("user_id", "=", userId).execute();
}

/** Writes a person's choice of channels (one row per kind and channel). */
export async function saveChannels(db: Kysely<Database>, rows: readonly ChannelRow[]) {
  for (const row of rows) {
    await db
      .insertInto("notification_channels")
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(["user_id", "kind", "channel"])
          .doUpdateSet({ enabled: row.enabled, consent_at: row.consent_at, updated_at: row.updated_at }),
      )
      .execute();
  }
}

/** The accounts (not deleted) that sign in with this number. */
export function* usersWithPhone(db: Kysely<Database>, phone: string): Steps<{ id: string }[]> {
  if (!phone) return yield* noStatement([]);
  return yield* rowsOf(
    db.selectFrom("users").select("id").where("sign_in_phone", "=", phone).where("deleted_at", "is", null),
  );
}

/** A channel turned off for every kind (STOP): consent withdrawn. Rows are written where there were none. */
export async function turnOff(
  db: Kysely<Database>,
  userId: string,
  channel: ChannelRow["channel"],
  at: string,
  kinds: readonly ChannelRow["kind"][],
) {
  await saveChannels(
    db,
    kinds.map((kind) => ({ user_id: userId, kind, channel, enabled: 0, consent_at: null, updated_at: at })),
  );
}

export async function deleteChannelsOf(db: Kysely<Database>, userId: string) {
  await db.deleteFrom("notification_channels").where("user_id", "=", userId).execute();
}
