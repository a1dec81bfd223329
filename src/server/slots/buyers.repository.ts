import { type Kysely, sql } from "kysely";
import type { Database } from "../db/index.ts";
import { slotsWithPoints } from "./dated-slots.repository.ts";
import { type Owner, ownerIn } from "./slots.repository.ts";

// What buyers see: the open slots of the farmers in a cart, and each farmer's next open slot for the cards.

/** The dated slots of every owner among `owners` starting within (after, before), by time. */
export function listSlotsOfOwners(
  db: Kysely<Database>,
  owners: readonly Owner[],
  after: string,
  before: string,
) {
  if (owners.length === 0) return Promise.resolve([]);
  return slotsWithPoints(db)
    .where("s.starts_at", ">", after)
    .where("s.starts_at", "<", before)
    .where(ownerIn(owners, "s.farmer_id"))
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
}

/**
 * Each farmer's (among `farmerIds`) earliest open slot of each kind: before its cut-off, not closed, not full.
 * One query for a whole page of products.
 */
export function nextOpenSlots(
  db: Kysely<Database>,
  farmerIds: readonly string[],
  now: string,
  before: string,
) {
  if (farmerIds.length === 0) return Promise.resolve([]);
  const open = db
    .selectFrom("slots")
    .select([
      "farmer_id",
      "kind",
      "date",
      "start_time",
      "end_time",
      "starts_at",
      "cutoff_at",
      sql<number>`row_number() over (partition by farmer_id, kind order by starts_at, id)`.as("rank"),
    ])
    .where("farmer_id", "in", [...farmerIds])
    .where("cutoff_at", ">", now)
    .where("starts_at", "<", before)
    .where("closed_at", "is", null)
    .whereRef("taken", "<", "capacity");
  return db.selectFrom(open.as("n")).selectAll().where("rank", "=", 1).execute();
}
