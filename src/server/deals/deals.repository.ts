import type { Kysely } from "kysely";
import type { Database, DealDaysTable, DealPlansTable } from "../db/index.ts";

export type DealPlanRow = DealPlansTable;

/** Plans with the name of the operator who made each. */
function plansWithAuthor(db: Kysely<Database>) {
  return db
    .selectFrom("deal_plans as d")
    .leftJoin("users as u", "u.id", "d.created_by")
    .selectAll("d")
    .select("u.name as planned_by");
}
export type DealPlanWithAuthorRow = Awaited<
  ReturnType<ReturnType<typeof plansWithAuthor>["execute"]>
>[number];

/** The plan in force on `date`: the newest one effective on or before it. */
export function findPlanInForce(db: Kysely<Database>, date: string) {
  return plansWithAuthor(db)
    .where("d.effective_from", "<=", date)
    .orderBy("d.effective_from", "desc")
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Every plan effective after `date`, by date, the newest of each date first. */
export function listPlansAfter(db: Kysely<Database>, date: string) {
  return plansWithAuthor(db)
    .where("d.effective_from", ">", date)
    .orderBy("d.effective_from", "asc")
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .execute();
}

export async function insertPlan(db: Kysely<Database>, row: DealPlanRow): Promise<void> {
  await db.insertInto("deal_plans").values(row).execute();
}

/** One plan by its id, or undefined. */
export function findPlan(db: Kysely<Database>, id: string) {
  return db.selectFrom("deal_plans").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Removes every plan of one date (the older ones of that date too, so none of them comes back). */
export async function deletePlansOn(db: Kysely<Database>, date: string): Promise<void> {
  await db.deleteFrom("deal_plans").where("effective_from", "=", date).execute();
}

/** True when a plan already shows this picture (it is the plans' own copy). */
export async function isPlanImage(db: Kysely<Database>, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom("deal_plans")
    .select("id")
    .where("image_id", "=", imageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the newest plan was made, or null when there is none. */
export async function latestPlanTime(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("deal_plans")
    .select((eb) => eb.fn.max("created_at").as("latest"))
    .executeTakeFirst();
  return row?.latest ?? null;
}

/** Writes the deal of `row.shop_date` unless a row for that date exists; true when this call wrote it. */
export async function insertDealDay(db: Kysely<Database>, row: DealDaysTable): Promise<boolean> {
  const result = await db
    .insertInto("deal_days")
    .values(row)
    .onConflict((oc) => oc.column("shop_date").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
