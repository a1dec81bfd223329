import type { Kysely } from "kysely";
import {
  changedRows,
  type Database,
  firstOf,
  noStatement,
  rowsOf,
  type SlotBookingsTable,
  type Steps,
} from "../db/index.ts";

// A part's place in a slot: taken, released and taken again, in the order's transaction.

/**
 * Takes one place in the slot if one is left, it is not closed and its cut-off is after `now`: a conditional
 * update, so that concurrent orders (in any process) never take more places than the capacity. Answers
 * whether a place was taken.
 */
export function* takePlace(trx: Kysely<Database>, slotId: string, now: string): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .updateTable("slots")
      .set((eb) => ({ taken: eb("taken", "+", 1) }))
      .where("id", "=", slotId)
      .whereRef("taken", "<", "capacity")
      .where("closed_at", "is", null)
      .where("cutoff_at", ">", now),
  );
  return changed === 1;
}

export async function releasePlace(trx: Kysely<Database>, slotId: string): Promise<void> {
  await trx
    .updateTable("slots")
    .set((eb) => ({ taken: eb("taken", "-", 1) }))
    .where("id", "=", slotId)
    .where("taken", ">", 0)
    .execute();
}

export function* insertBookings(trx: Kysely<Database>, rows: readonly SlotBookingsTable[]): Steps<void> {
  if (rows.length > 0) yield* changedRows(trx.insertInto("slot_bookings").values([...rows]));
}

/** Releases the part's place if it holds one; answers the slot it was in. */
export async function releaseBooking(
  trx: Kysely<Database>,
  partId: string,
  at: string,
): Promise<string | undefined> {
  const row = await trx
    .updateTable("slot_bookings")
    .set({ released_at: at })
    .where("part_id", "=", partId)
    .where("released_at", "is", null)
    .returning("slot_id")
    .executeTakeFirst();
  return row?.slot_id;
}

/** The slot of the part's released place, if it had one and it is released (its order was cancelled). */
export function* findReleasedBooking(trx: Kysely<Database>, partId: string): Steps<string | undefined> {
  const row = yield* firstOf(
    trx
      .selectFrom("slot_bookings")
      .select("slot_id")
      .where("part_id", "=", partId)
      .where("released_at", "is not", null),
  );
  return row?.slot_id;
}

/** Holds the part's released place again (after `takePlace` took it in the slot). */
export function* unreleaseBooking(trx: Kysely<Database>, partId: string): Steps<void> {
  yield* changedRows(
    trx.updateTable("slot_bookings").set({ released_at: null }).where("part_id", "=", partId),
  );
}

/** The slot of each part among `partIds` that was placed in one (released places too: a cancelled part shows it). */
export function slotsOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  const query = db
    .selectFrom("slot_bookings as b")
    .innerJoin("slots as s", "s.id", "b.slot_id")
    .leftJoin("pickup_points as p", "p.id", "s.pickup_point_id")
    .select([
      "b.part_id",
      "s.id",
      "s.kind",
      "s.date",
      "s.start_time",
      "s.end_time",
      "s.closed_at",
      "p.name as point_name",
      "p.address as point_address",
      "p.map_url as point_map_url",
    ])
    .where("b.part_id", "in", [...partIds]);
  return partIds.length === 0 ? noStatement([]) : rowsOf(query);
}

/** The names of the accounts among `ids`. */
export function namesOf(db: Kysely<Database>, ids: readonly string[]) {
  const query = db
    .selectFrom("users")
    .select(["id", "name"])
    .where("id", "in", [...ids]);
  return ids.length === 0 ? noStatement([]) : rowsOf(query);
}
