import type { Kysely } from "kysely";
import {
  changedRows,
  type Database,
  isUniqueViolation,
  type StandingOccurrencesTable,
  type StandingOrderLinesTable,
  type StandingOrdersTable,
  type Steps,
  updatedOne,
} from "../db/index.ts";

export type StandingOrderRow = StandingOrdersTable;
export type StandingLineRow = StandingOrderLinesTable;
export type OccurrenceRow = StandingOccurrencesTable;

// ---- standing orders ----

export async function insertStandingOrder(
  trx: Kysely<Database>,
  row: StandingOrderRow,
  lines: readonly StandingLineRow[],
  patternIds: readonly string[],
): Promise<void> {
  await trx.insertInto("standing_orders").values(row).execute();
  await trx
    .insertInto("standing_order_lines")
    .values([...lines])
    .execute();
  await trx
    .insertInto("standing_order_patterns")
    .values(patternIds.map((pattern_id) => ({ standing_order_id: row.id, pattern_id })))
    .execute();
}

export const isIdempotencyKeyViolation = (error: unknown) =>
  isUniqueViolation(error, "standing_orders_user_key_unique");

export function findByKey(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export function findStandingOrder(db: Kysely<Database>, id: string) {
  return db.selectFrom("standing_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Standing orders not ended: the shopper's (`userId`), or the whole shop's. */
export async function countActive(db: Kysely<Database>, userId?: string): Promise<number> {
  let query = db
    .selectFrom("standing_orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "active");
  if (userId) query = query.where("user_id", "=", userId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateStandingOrder(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<StandingOrderRow, "id" | "user_id" | "farmer_id" | "created_at">>,
): Promise<void> {
  await db.updateTable("standing_orders").set(fields).where("id", "=", id).execute();
}

/**
 * Active standing orders whose occurrences are made through a day before `through` (or never), by id after
 * `afterId`, at most `limit`.
 */
export function behind(db: Kysely<Database>, through: string, limit: number, afterId = "") {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("status", "=", "active")
    .where("id", ">", afterId)
    .where((eb) => eb.or([eb("made_through", "is", null), eb("made_through", "<", through)]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Records that occurrences were made through `through` (never moving it back: another pass may be ahead). */
export async function markMade(db: Kysely<Database>, id: string, through: string): Promise<void> {
  await db
    .updateTable("standing_orders")
    .set({ made_through: through })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("made_through", "is", null), eb("made_through", "<", through)]))
    .execute();
}

// ---- lines and patterns ----

export function linesOf(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("standing_order_lines")
    .selectAll()
    .where("standing_order_id", "in", [...ids])
    .orderBy("standing_order_id")
    .orderBy("line_no")
    .execute();
}

export async function replaceLines(
  trx: Kysely<Database>,
  id: string,
  lines: readonly StandingLineRow[],
): Promise<void> {
  await trx.deleteFrom("standing_order_lines").where("standing_order_id", "=", id).execute();
  if (lines.length > 0)
    await trx
      .insertInto("standing_order_lines")
      .values([...lines])
      .execute();
}

export function patternsOf(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("standing_order_patterns")
    .select(["standing_order_id", "pattern_id"])
    .where("standing_order_id", "in", [...ids])
    .orderBy("pattern_id")
    .execute();
}

/** The live weekly patterns among `ids` (not deleted), with their farmer. */
export function livePatterns(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("slot_patterns")
    .select(["id", "farmer_id"])
    .where("id", "in", [...ids])
    .where("deleted_at", "is", null)
    .execute();
}

export async function isSuspended(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("suspended_at").where("id", "=", userId).executeTakeFirst();
  return !row || row.suspended_at != null;
}

/** Active standing orders (not yet marked) with a weekly slot pattern that was deleted, at most `limit`. */
export function onDeletedPatterns(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom("standing_orders as so")
    .selectAll("so")
    .where("so.status", "=", "active")
    .where("so.slot_removed_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("standing_order_patterns as sp")
          .innerJoin("slot_patterns as p", "p.id", "sp.pattern_id")
          .select("sp.pattern_id")
          .whereRef("sp.standing_order_id", "=", "so.id")
          .where("p.deleted_at", "is not", null),
      ),
    )
    .orderBy("so.id")
    .limit(limit)
    .execute();
}

/** Marks it paused for a removed slot, once (whichever server gets there first); answers whether this one did. */
export function* markSlotRemoved(trx: Kysely<Database>, id: string, at: string): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .updateTable("standing_orders")
      .set({ slot_removed_at: at, updated_at: at })
      .where("id", "=", id)
      .where("slot_removed_at", "is", null),
  );
  return changed === 1;
}

export async function replacePatterns(
  trx: Kysely<Database>,
  id: string,
  patternIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom("standing_order_patterns").where("standing_order_id", "=", id).execute();
  await trx
    .insertInto("standing_order_patterns")
    .values(patternIds.map((pattern_id) => ({ standing_order_id: id, pattern_id })))
    .execute();
}

/** Ends it if it is active (once, whichever server gets there first); answers whether this one did. */
export async function endIfActive(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("standing_orders")
      .set({ status: "ended", ended_at: at, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "active"),
  );
}
