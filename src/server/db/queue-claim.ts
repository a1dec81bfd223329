import type { Kysely, UpdateQueryBuilder, UpdateResult } from "kysely";
import type { Database } from "./database.ts";
import { skippingLocked } from "./dialect-locks.ts";

/** The tables worked as queues with a lease (decision 039), each with the key its claim takes rows by. */
const LEASED_QUEUES = { mail_queue: "id", phone_messages: "id", refund_queue: "refund_id" } as const;
type LeasedQueue = keyof typeof LEASED_QUEUES;
type Claim<T extends LeasedQueue> = UpdateQueryBuilder<Database, T, T, UpdateResult>;

/**
 * The queues' claim: `update` (the owner's `updateTable(table)`, so the table's repository still names its
 * write) takes up to `limit` rows of `table` due at `now` for this process in one statement, by moving their
 * next attempt to `leaseUntil`, oldest due first; the caller says what it answers (`returningAll()`, …) and may
 * set more. A row another process claimed first is not taken: it is passed over while that claim is open
 * (PostgreSQL, SKIP LOCKED) and, once committed, its next attempt is no longer due (checked again on the row
 * as it stands when updated).
 */
export function claimDue<T extends LeasedQueue>(
  db: Kysely<Database>,
  update: Claim<T>,
  table: T,
  { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number },
): Claim<T> {
  // NOTE: built through one queue's columns (Kysely cannot check a column of a table named by a type
  // parameter): the three share `next_attempt_at`, and `key` is the table's own; the caller sees its table.
  const queue = table as LeasedQueue as "phone_messages";
  const key = LEASED_QUEUES[table] as "id";
  return (update as unknown as Claim<"phone_messages">)
    .set({ next_attempt_at: leaseUntil })
    .where(key, "in", (eb) =>
      skippingLocked(
        db,
        eb
          .selectFrom(queue)
          .select(key)
          .where("next_attempt_at", "<=", now)
          .orderBy("next_attempt_at")
          .limit(limit),
      ),
    )
    .where("next_attempt_at", "<=", now) as unknown as Claim<T>;
}

/** When the next row of `table` falls due after `after` and by `until` (a digest's send time), if one does. */
export async function nextDueOf(
  db: Kysely<Database>,
  table: LeasedQueue,
  after: string,
  until: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table as "phone_messages")
    .select("next_attempt_at")
    .where("next_attempt_at", ">", after)
    .where("next_attempt_at", "<=", until)
    .orderBy("next_attempt_at")
    .limit(1)
    .executeTakeFirst();
  return row?.next_attempt_at ?? undefined;
}
