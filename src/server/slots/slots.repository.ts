import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import {
  changedRows,
  type Database,
  firstOf,
  noStatement,
  type PickupPointsTable,
  rowsOf,
  type SlotBookingsTable,
  type SlotPatternsTable,
  type SlotsTable,
  type Steps,
} from "../db/index.ts";

/** Whose: a farmer's id, or null for the shop's own part (set up by the operator). */
export type Owner = string | null;

export type PickupPointRow = PickupPointsTable;
export type SlotPatternRow = SlotPatternsTable;
export type SlotRow = Omit<SlotsTable, "taken"> & { taken: number };

// NOTE: `farmer_id = null` is never true in SQL, so the shop's rows are asked for with `is null`.
const ownerIs = (owner: Owner, column = "farmer_id"): RawBuilder<boolean> =>
  owner === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${owner}`;

/** `column` is one of `owners` (false for none). */
function ownerIn(owners: readonly Owner[], column = "farmer_id"): RawBuilder<boolean> {
  const ids = owners.filter((owner): owner is string => owner !== null);
  const terms = [
    ...(ids.length > 0 ? [sql`${sql.ref(column)} in (${sql.join(ids)})`] : []),
    ...(owners.includes(null) ? [sql`${sql.ref(column)} is null`] : []),
  ];
  return terms.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(terms, sql` or `)})`;
}

// ---- pickup points ----

export function listPoints(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom("pickup_points")
    .selectAll()
    .where(ownerIs(owner))
    .orderBy("retired_at", (ob) => ob.desc().nullsFirst())
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findPoint(db: Kysely<Database>, id: string) {
  return db.selectFrom("pickup_points").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPoint(db: Kysely<Database>, row: PickupPointRow): Promise<void> {
  await db.insertInto("pickup_points").values(row).execute();
}

export async function updatePoint(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<PickupPointRow, "id" | "farmer_id" | "created_at">>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable("pickup_points").set(fields).where("id", "=", id).execute();
}

// ---- delivery area ----

export function* prefixesOf(db: Kysely<Database>, owners: readonly Owner[]): Steps<Map<Owner, string[]>> {
  if (owners.length === 0) return new Map();
  const rows = yield* rowsOf(
    db
      .selectFrom("delivery_areas")
      .select(["farmer_id", "pin_prefix"])
      .where(ownerIn(owners))
      .orderBy("pin_prefix"),
  );
  const byOwner = new Map<Owner, string[]>();
  for (const row of rows) byOwner.set(row.farmer_id, [...(byOwner.get(row.farmer_id) ?? []), row.pin_prefix]);
  return byOwner;
}

/** Replaces the owner's PIN prefixes with `rows` (in the caller's transaction). */
export async function replacePrefixes(
  trx: Kysely<Database>,
  owner: Owner,
  rows: readonly { id: string; pin_prefix: string }[],
): Promise<void> {
  await trx.deleteFrom("delivery_areas").where(ownerIs(owner)).execute();
  if (rows.length > 0) {
    await trx
      .insertInto("delivery_areas")
      .values(rows.map((row) => ({ ...row, farmer_id: owner })))
      .execute();
  }
}

// ---- weekly patterns ----

export function listPatterns(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom("slot_patterns")
    .selectAll()
    .where(ownerIs(owner))
    .where("deleted_at", "is", null)
    .orderBy("weekday")
    .orderBy("start_time")
    .orderBy("id")
    .execute();
}

export function findPattern(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("slot_patterns")
    .selectAll()
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertPattern(db: Kysely<Database>, row: SlotPatternRow): Promise<void> {
  await db.insertInto("slot_patterns").values(row).execute();
}

export async function updatePattern(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<SlotPatternRow, "id" | "farmer_id" | "created_at">>,
): Promise<void> {
  await db.updateTable("slot_patterns").set(fields).where("id", "=", id).execute();
}

/** Which of `owners` have a weekly pattern (they use slots; the others deliver within 24 hours). */
export function* ownersWithPatterns(db: Kysely<Database>, owners: readonly Owner[]): Steps<Set<Owner>> {
  if (owners.length === 0) return new Set();
  const rows = yield* rowsOf(
    db
      .selectFrom("slot_patterns")
      .select("farmer_id")
      .distinct()
      .where("deleted_at", "is", null)
      .where(ownerIn(owners)),
  );
  return new Set(rows.map((row) => row.farmer_id));
}

/** The live patterns of `owners` (all owners when undefined) whose dated slots stop before `through`. */
export function patternsBehind(db: Kysely<Database>, owners: readonly Owner[] | undefined, through: string) {
  let query = db
    .selectFrom("slot_patterns")
    .selectAll()
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("generated_through", "is", null), eb("generated_through", "<", through)]));
  if (owners) query = query.where(ownerIn(owners));
  return query.execute();
}

/** Inserts dated slots; one that exists for its (pattern, date) is left as it is (another process made it). */
export async function insertSlots(
  db: Kysely<Database>,
  rows: readonly Omit<SlotRow, "taken">[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("slots")
    .values([...rows])
    .onConflict((oc) => oc.columns(["pattern_id", "date"]).doNothing())
    .execute();
}

export async function markGenerated(db: Kysely<Database>, patternId: string, through: string): Promise<void> {
  await db
    .updateTable("slot_patterns")
    .set({ generated_through: through })
    .where("id", "=", patternId)
    .where((eb) => eb.or([eb("generated_through", "is", null), eb("generated_through", "<", through)]))
    .execute();
}

/** Deletes the pattern's dated slots that start after `after` and nobody ever booked (they are made again). */
export async function deleteUnbookedSlotsOf(db: Kysely<Database>, patternId: string, after: string) {
  await db
    .deleteFrom("slots")
    .where("pattern_id", "=", patternId)
    .where("starts_at", ">", after)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("slot_bookings as b").select("b.slot_id").whereRef("b.slot_id", "=", "slots.id"),
        ),
      ),
    )
    .execute();
}

// ---- dated slots ----

function slotsWithPoints(db: Kysely<Database>) {
  return db
    .selectFrom("slots as s")
    .leftJoin("pickup_points as p", "p.id", "s.pickup_point_id")
    .selectAll("s")
    .select([
      "p.name as point_name",
      "p.address as point_address",
      "p.directions as point_directions",
      "p.map_url as point_map_url",
      "p.opening_note as point_opening_note",
    ]);
}
export type SlotWithPointRow = Awaited<ReturnType<typeof findSlot>> & object;

export function findSlot(db: Kysely<Database>, id: string) {
  return firstOf(slotsWithPoints(db).where("s.id", "=", id));
}

/** The owner's dated slots starting within [from, before), in time order. */
export function listSlotsOf(db: Kysely<Database>, owner: Owner, from: string, before: string) {
  return slotsWithPoints(db)
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", before)
    .where(ownerIs(owner, "s.farmer_id"))
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
}

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

/** Sets the capacity only if it is not below the places taken; answers whether it did. */
export async function setCapacity(db: Kysely<Database>, slotId: string, capacity: number): Promise<boolean> {
  const result = await db
    .updateTable("slots")
    .set({ capacity })
    .where("id", "=", slotId)
    .where("taken", "<=", capacity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the slot if it is open and holds `taken` places (so a confirmation covers who will be told). */
export async function closeSlot(
  db: Kysely<Database>,
  slotId: string,
  at: string,
  reason: string,
  takenAtMost: number,
): Promise<boolean> {
  const result = await db
    .updateTable("slots")
    .set({ closed_at: at, closed_reason: reason })
    .where("id", "=", slotId)
    .where("closed_at", "is", null)
    .where("taken", "<=", takenAtMost)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A deleted farmer's delivery and pickup, in the account deletion's transaction (issue 40 #25): the pickup
 * points are retired, the weekly patterns removed (so no new slot is made), the open slots closed (so none is
 * offered) and the delivery area emptied. Slots and points stay for the orders that name them.
 */
export async function forgetUser(trx: Transaction<Database>, userId: string, at: string): Promise<void> {
  await trx
    .updateTable("pickup_points")
    .set({ retired_at: at })
    .where("farmer_id", "=", userId)
    .where("retired_at", "is", null)
    .execute();
  await trx
    .updateTable("slot_patterns")
    .set({ deleted_at: at })
    .where("farmer_id", "=", userId)
    .where("deleted_at", "is", null)
    .execute();
  await trx
    .updateTable("slots")
    .set({ closed_at: at })
    .where("farmer_id", "=", userId)
    .where("closed_at", "is", null)
    .execute();
  await trx.deleteFrom("delivery_areas").where("farmer_id", "=", userId).execute();
}

// ---- bookings ----

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

/** A farmer's contact phone (issue 40), null when they set none. */
export async function phoneOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("phone").where("id", "=", userId).executeTakeFirst();
  return row?.phone ?? null;
}

/** The buyers of the parts that hold a place in the slot (not cancelled), to tell them it was closed. */
export function buyersOfSlot(db: Kysely<Database>, slotId: string) {
  return db
    .selectFrom("slot_bookings as b")
    .innerJoin("order_parts as f", "f.id", "b.part_id")
    .innerJoin("orders as o", "o.id", "f.order_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([
      "b.part_id",
      "o.id as order_id",
      "o.user_id",
      "o.email",
      "o.full_name",
      "u.deleted_at",
      "u.language",
    ])
    .where("b.slot_id", "=", slotId)
    .where("b.released_at", "is", null)
    .where("f.status", "!=", "cancelled")
    .execute();
}

/** The parts that hold a place in the slot (not cancelled), oldest first, with what the farmer packs for each. */
export function partsOfSlot(db: Kysely<Database>, slotId: string) {
  return (
    db
      .selectFrom("slot_bookings as b")
      .innerJoin("order_parts as f", "f.id", "b.part_id")
      .innerJoin("orders as o", "o.id", "f.order_id")
      .select([
        "f.id as part_id",
        "o.id as order_id",
        "f.status",
        "f.total_paise",
        "o.full_name",
        "o.phone",
        "o.address",
        "o.city",
        "o.state",
        "o.zip_code",
        "o.country",
        "o.created_at",
      ])
      .where("b.slot_id", "=", slotId)
      .where("b.released_at", "is", null)
      .where("f.status", "!=", "cancelled")
      // NOTE: a Pay now order holds its place while its buyer pays, but its farmer packs it only once it is paid
      // (decision 052), as the orders domain shows a farmer their parts.
      .where((eb) => eb.or([eb("o.payment_mode", "=", "on_delivery"), eb("o.released_at", "is not", null)]))
      .orderBy("o.created_at")
      .orderBy("f.id")
      .execute()
  );
}

/** The lines of the parts among `partIds`, in line order. */
export function linesOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_items")
    .select([
      "part_id",
      "product_id",
      "name",
      "unit",
      "quantity",
      "packed_grams",
      "line_total_paise",
      "amount_paise",
    ])
    .where("part_id", "in", [...partIds])
    .orderBy("order_id")
    .orderBy("line_no")
    .execute();
}
