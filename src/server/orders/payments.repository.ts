import type { Kysely } from "kysely";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import {
  type Database,
  noStatement,
  type OrderPaymentsTable,
  rowsOf,
  type Steps,
  type StepsValue,
  updatedOne,
} from "../db/index.ts";

export type PaymentRow = OrderPaymentsTable;

/** The key of the shop's own UPI ID in `upi_ids` (its part, the deal of the day, has no farmer). */
export const SHOP_PAYEE = "shop";

/** Every payment of the parts among `partIds`, oldest first, with the names of who recorded and undid it. */
export function findPaymentsOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  const query = db
    .selectFrom("order_payments as p")
    .innerJoin("users as u", "u.id", "p.by_user_id")
    .leftJoin("users as v", "v.id", "p.undone_by_user_id")
    .selectAll("p")
    .select(["u.name as by_name", "v.name as undone_by_name"])
    .where("p.part_id", "in", [...partIds])
    .orderBy("p.part_id")
    .orderBy("p.at")
    .orderBy("p.id");
  return partIds.length === 0 ? noStatement([]) : rowsOf(query);
}
export type PaymentWithNamesRow = StepsValue<ReturnType<typeof findPaymentsOfParts>>[number];

export async function insertPayment(trx: Kysely<Database>, row: PaymentRow): Promise<void> {
  await trx.insertInto("order_payments").values(row).execute();
}

export function findPayment(db: Kysely<Database>, partId: string, paymentId: string) {
  return db
    .selectFrom("order_payments")
    .selectAll()
    .where("id", "=", paymentId)
    .where("part_id", "=", partId)
    .executeTakeFirst();
}

/** Undoes a payment once (a concurrent undo loses); answers whether it did. */
export async function undoPayment(
  trx: Kysely<Database>,
  paymentId: string,
  undo: { at: string; byUserId: string; reason: string },
): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable("order_payments")
      .set({ undone_at: undo.at, undone_by_user_id: undo.byUserId, undone_reason: undo.reason })
      .where("id", "=", paymentId)
      .where("undone_at", "is", null),
  );
}

/**
 * Takes the part's row lock for the rest of the caller's transaction by writing it (only while its status is
 * one of `statuses`); answers whether it did. A second transaction doing the same waits here until the first
 * commits, then reads what the first wrote, so two payments (or weighings) of one part never interleave.
 * NOTE: an UPDATE locks on both databases (SQLite serialises writers anyway); no dialect branch is needed.
 */
export async function lockPart(
  trx: Kysely<Database>,
  partId: string,
  at: string,
  statuses: readonly PartStatus[],
): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable("order_parts")
      .set({ updated_at: at })
      .where("id", "=", partId)
      .where("status", "in", [...statuses]),
  );
}

/** The UPI IDs of these payees (farmers' ids, or SHOP_PAYEE), by payee. */
export function* findUpiIds(db: Kysely<Database>, owners: readonly string[]): Steps<Map<string, string>> {
  if (owners.length === 0) return new Map();
  const rows = yield* rowsOf(
    db
      .selectFrom("upi_ids")
      .select(["owner", "upi_id"])
      .where("owner", "in", [...new Set(owners)]),
  );
  return new Map(rows.map((row) => [row.owner, row.upi_id]));
}

/** A farmer's contact phone (issue 40), kept on their account. */
export async function findPhone(db: Kysely<Database>, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom("users").select("phone").where("id", "=", userId).executeTakeFirst();
  return row?.phone;
}

/** Sets (or, with null, removes) a payee's UPI ID. */
export async function saveUpiId(
  db: Kysely<Database>,
  owner: string,
  upiId: string | null,
  at: string,
): Promise<void> {
  if (upiId === null) {
    await db.deleteFrom("upi_ids").where("owner", "=", owner).execute();
    return;
  }
  await db
    .insertInto("upi_ids")
    .values({ owner, upi_id: upiId, updated_at: at })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ upi_id: upiId, updated_at: at }))
    .execute();
}

/**
 * The parts delivered between two instants (`from` included, `before` not), oldest delivery first: one
 * farmer's (`farmerId`), or every farmer's and the shop's (`undefined`), with who bought each.
 */
export function findDeliveredParts(
  db: Kysely<Database>,
  { farmerId, from, before }: { farmerId?: string; from: string; before: string },
) {
  let query = db
    .selectFrom("order_parts as f")
    .innerJoin("order_part_history as h", (join) =>
      join.onRef("h.part_id", "=", "f.id").on("h.status", "=", "delivered"),
    )
    .innerJoin("orders as o", "o.id", "f.order_id")
    .leftJoin("users as fa", "fa.id", "f.farmer_id")
    .select([
      "f.id",
      "f.order_id",
      "f.farmer_id",
      "fa.name as farmer_name",
      "h.at as delivered_at",
      "o.user_id as buyer_id",
      "o.full_name as buyer_name",
    ])
    .where("f.status", "=", "delivered")
    .where("h.at", ">=", from)
    .where("h.at", "<", before);
  if (farmerId !== undefined) query = query.where("f.farmer_id", "=", farmerId);
  return query.orderBy("h.at").orderBy("f.id").execute();
}
export type DeliveredPartRow = Awaited<ReturnType<typeof findDeliveredParts>>[number];
