import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "./database.ts";
import { skippingLocked } from "./dialect.ts";

/** The queues a server sends from, each row claimed for a while (decision 039): `id` and `next_attempt_at`. */
export type LeasedQueue = "mail_queue" | "phone_messages";

/**
 * Takes up to `limit` rows of a queue due at `now` for this process in one statement, by moving their next
 * attempt to `leaseUntil` (and setting `also`), and returns them whole. A row another process claimed first is
 * not taken: it is passed over while that claim is open (PostgreSQL: SKIP LOCKED) and, once committed, its next
 * attempt is no longer due (checked again on the row as it stands when updated).
 */
export function claimDue<T extends LeasedQueue>(
  db: Kysely<Database>,
  table: T,
  lease: { now: string; leaseUntil: string; limit: number },
  also: Updateable<Database[T]> = {},
): Promise<Selectable<Database[T]>[]> {
  // NOTE: typed through one of the queues: each has the two columns the claim reads and writes.
  const queues = db as unknown as Kysely<Pick<Database, "phone_messages">>;
  const queue = table as "phone_messages";
  const { now, leaseUntil, limit } = lease;
  return queues
    .updateTable(queue)
    .set({ ...(also as Updateable<Database["phone_messages"]>), next_attempt_at: leaseUntil })
    .where("id", "in", (eb) =>
      skippingLocked(
        db,
        eb
          .selectFrom(queue)
          .select("id")
          .where("next_attempt_at", "<=", now)
          .orderBy("next_attempt_at")
          .limit(limit),
      ),
    )
    .where("next_attempt_at", "<=", now)
    .returningAll()
    .execute() as Promise<Selectable<Database[T]>[]>;
}
