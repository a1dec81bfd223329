import type { Kysely } from "kysely";
import type { OrderStatus, PartStatus } from "../../shared/schemas/order-parts.ts";
import type { Database, OrderPartHistoryTable, OrderPartsTable } from "../db/index.ts";
import {
  bucketOf,
  changedRows,
  type Keyset,
  type KeysetPosition,
  noStatement,
  pageAfter,
  rowsOf,
  type Steps,
  type StepsValue,
  updatedOne,
  withinBounds,
} from "../db/index.ts";

export type PartRow = OrderPartsTable;
export type HistoryRow = OrderPartHistoryTable;

/** Writes parts and their first history entries in the caller's transaction. */
export function* insertParts(
  trx: Kysely<Database>,
  parts: readonly PartRow[],
  history: readonly HistoryRow[],
): Steps<void> {
  if (parts.length > 0) yield* changedRows(trx.insertInto("order_parts").values([...parts]));
  if (history.length > 0) yield* changedRows(trx.insertInto("order_part_history").values([...history]));
}

/** The parts of every order among `orderIds`, oldest first, each with its farmer's name (null: the shop). */
export function findPartsOfOrders(db: Kysely<Database>, orderIds: readonly string[]) {
  const query = db
    .selectFrom("order_parts as f")
    .leftJoin("users as u", "u.id", "f.farmer_id")
    .selectAll("f")
    .select(["u.name as farmer_name", "u.phone as farmer_phone"])
    .where("f.order_id", "in", [...orderIds])
    .orderBy("f.order_id")
    .orderBy("f.farmer_id")
    .orderBy("f.id");
  return orderIds.length === 0 ? noStatement([]) : rowsOf(query);
}
export type PartWithFarmerRow = StepsValue<ReturnType<typeof findPartsOfOrders>>[number];

/** The history of every part among `partIds`, in order, each with the name of who made the move. */
export function findHistoryOf(db: Kysely<Database>, partIds: readonly string[]) {
  const query = db
    .selectFrom("order_part_history as h")
    .innerJoin("users as u", "u.id", "h.by_user_id")
    .selectAll("h")
    .select("u.name as by_name")
    .where("h.part_id", "in", [...partIds])
    .orderBy("h.part_id")
    .orderBy("h.seq");
  return partIds.length === 0 ? noStatement([]) : rowsOf(query);
}
export type HistoryWithNameRow = StepsValue<ReturnType<typeof findHistoryOf>>[number];

/** The lines of every part among `partIds`, in line order. */
export function findItemsOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("part_id", "in", [...partIds])
    .orderBy("order_id")
    .orderBy("line_no")
    .execute();
}

export function findPart(db: Kysely<Database>, id: string) {
  return db.selectFrom("order_parts").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * A farmer's part with what the farmer needs to deliver it: the order's shipping and the buyer's account. A
 * Pay now order is not the farmer's to see until it is paid (decision 052): one awaiting payment, or whose
 * hold ran out, is left out.
 */
function farmerParts(db: Kysely<Database>) {
  return db
    .selectFrom("order_parts as f")
    .innerJoin("orders as o", (join) =>
      join
        .onRef("o.id", "=", "f.order_id")
        .on((eb) => eb.or([eb("o.payment_mode", "=", "on_delivery"), eb("o.released_at", "is not", null)])),
    )
    .innerJoin("users as b", "b.id", "o.user_id")
    .leftJoin("users as fa", "fa.id", "f.farmer_id")
    .selectAll("f")
    .select([
      "fa.name as farmer_name",
      "b.name as buyer_name",
      "b.email as buyer_email",
      "b.deleted_at as buyer_deleted_at",
      "b.language as buyer_language",
      "o.user_id as buyer_id",
      "o.full_name",
      "o.email",
      "o.phone",
      "o.address",
      "o.city",
      "o.state",
      "o.zip_code",
      "o.country",
      "o.payment_method",
      "o.payment_mode",
    ]);
}
export type FarmerPartRow = Awaited<ReturnType<ReturnType<typeof farmerParts>["execute"]>>[number];

export function findFarmerPart(db: Kysely<Database>, id: string) {
  return farmerParts(db).where("f.id", "=", id).executeTakeFirst();
}

/**
 * Who hears of a move of each part among `partIds`: what the farmer's view holds (the order's buyer, the
 * name and e-mail typed at checkout, whether the account is deleted, the language it reads) and the part's farmer's name (null: the shop).
 */
export function findBuyersOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return farmerParts(db)
    .where("f.id", "in", [...partIds])
    .orderBy("f.id")
    .execute();
}

/** A farmer's parts in the keyset's order, optionally of one status, after the position `after`. */
export function listFarmerParts(
  db: Kysely<Database>,
  farmerId: string,
  {
    status,
    after,
    limit,
    keyset,
  }: { status?: PartStatus; after?: KeysetPosition; limit: number; keyset: Keyset },
) {
  let query = farmerParts(db).where("f.farmer_id", "=", farmerId);
  if (status) query = query.where("f.status", "=", status);
  return pageAfter(query, keyset, after).limit(limit).execute();
}

/**
 * Moves a part from `from` to `to` only if it is still `from` (a concurrent move wins once); answers whether
 * it moved.
 */
export async function updatePartStatus(
  trx: Kysely<Database>,
  { id, from, to, at }: { id: string; from: PartStatus; to: PartStatus; at: string },
): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable("order_parts")
      .set({ status: to, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", from),
  );
}

/** Appends a move to a part's history (its number is one more than the last). */
export async function appendHistory(trx: Kysely<Database>, entry: Omit<HistoryRow, "seq">): Promise<void> {
  const last = await trx
    .selectFrom("order_part_history")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("part_id", "=", entry.part_id)
    .executeTakeFirst();
  await trx
    .insertInto("order_part_history")
    .values({ ...entry, seq: Number(last?.seq ?? 0) + 1 })
    .execute();
}

export function findStatusesOfOrder(trx: Kysely<Database>, orderId: string) {
  return trx.selectFrom("order_parts").select("status").where("order_id", "=", orderId).execute();
}

export function setOrderStatus(trx: Kysely<Database>, orderId: string, status: OrderStatus) {
  return trx.updateTable("orders").set({ status }).where("id", "=", orderId).execute();
}

/** The order's parts that are still `pending`. */
/** The order's parts its buyer may still cancel: pending ones, and a standing order's scheduled ones. */
export function findPendingOfOrder(trx: Kysely<Database>, orderId: string) {
  return trx
    .selectFrom("order_parts")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "in", ["pending", "scheduled"])
    .execute();
}

/** Sets a weighed line's packed grams and amount (and, when it gives its stock back, what it holds now). */
export async function setLineWeight(
  trx: Kysely<Database>,
  line: { order_id: string; line_no: number },
  weight: { packed_grams: number; amount_paise: number; stock_taken?: number },
): Promise<void> {
  await trx
    .updateTable("order_items")
    .set(weight)
    .where("order_id", "=", line.order_id)
    .where("line_no", "=", line.line_no)
    .execute();
}

/** Makes a line's amount final without a weight (a weighed line sent out unweighed: billed as ordered). */
export async function setLineAmount(
  trx: Kysely<Database>,
  line: { order_id: string; line_no: number },
  amount_paise: number,
): Promise<void> {
  await trx
    .updateTable("order_items")
    .set({ amount_paise })
    .where("order_id", "=", line.order_id)
    .where("line_no", "=", line.line_no)
    .execute();
}

/** The lines of one part whose stock was taken: what a cancel gives back. */
export function findStockTaken(trx: Kysely<Database>, partId: string) {
  return trx
    .selectFrom("order_items")
    .select(["product_id", "stock_taken"])
    .where("part_id", "=", partId)
    .where("stock_taken", ">", 0)
    .orderBy("product_id")
    .execute();
}

/**
 * Each part's bill as it stands, in paise (decision 020, as `billOf` derives it): the sum of its lines' amounts
 * once every line has one, else checkout's estimate. Figures of money count this, never the stored estimate.
 */
function partBills(db: Kysely<Database>) {
  return db
    .selectFrom("order_items")
    .select((eb) => [
      "part_id",
      eb
        .case()
        .when(eb.fn.count("amount_paise"), "=", eb.fn.countAll())
        .then(eb.fn.sum<string | number>("amount_paise"))
        .else(eb.fn.sum<string | number>("line_total_paise"))
        .end()
        .as("bill_paise"),
    ])
    .groupBy("part_id");
}

/**
 * Parts that are not cancelled (one farmer's, or the whole shop's when `farmerId` is undefined): how many
 * orders they belong to and their bills, in all and since each of `since` (ISO instants), in one query.
 */
export async function summariseParts(
  db: Kysely<Database>,
  farmerId: string | undefined,
  since: { today: string; week: string },
) {
  let query = db
    .selectFrom("order_parts as p")
    .innerJoin(partBills(db).as("b"), "b.part_id", "p.id")
    .select((eb) => {
      const orderSince = (instant: string) =>
        eb.fn
          .count(eb.case().when("p.created_at", ">=", instant).then(eb.ref("p.order_id")).end())
          .distinct();
      const paiseSince = (instant: string) =>
        eb.fn.sum<string | number>(
          eb.case().when("p.created_at", ">=", instant).then(eb.ref("b.bill_paise")).else(0).end(),
        );
      return [
        eb.fn.count("p.order_id").distinct().as("all_orders"),
        eb.fn.coalesce(eb.fn.sum<string | number>("b.bill_paise"), eb.lit(0)).as("all_paise"),
        orderSince(since.today).as("today_orders"),
        paiseSince(since.today).as("today_paise"),
        orderSince(since.week).as("week_orders"),
        paiseSince(since.week).as("week_paise"),
      ];
    })
    .where("p.status", "<>", "cancelled");
  if (farmerId !== undefined) query = query.where("p.farmer_id", "=", farmerId);
  const row = await query.executeTakeFirstOrThrow();
  const n = (value: string | number | bigint | null) => Number(value ?? 0);
  return {
    all: { orders: n(row.all_orders), paise: n(row.all_paise) },
    today: { orders: n(row.today_orders), paise: n(row.today_paise) },
    week: { orders: n(row.week_orders), paise: n(row.week_paise) },
  };
}

/** Parts that are not cancelled, per time bucket (see db/buckets.ts): how many orders and their bills. */
export async function partsPerBucket(db: Kysely<Database>, bounds: readonly string[]) {
  const { from, before } = withinBounds(bounds);
  const parts = db
    .selectFrom("order_parts as p")
    .innerJoin(partBills(db).as("b"), "b.part_id", "p.id")
    .select([bucketOf("p.created_at", bounds).as("bucket"), "p.order_id", "b.bill_paise"])
    .where("p.status", "<>", "cancelled")
    .where("p.created_at", ">=", from)
    .where("p.created_at", "<", before);
  const rows = await db
    .selectFrom(parts.as("p"))
    .select((eb) => [
      "p.bucket",
      eb.fn.count("p.order_id").distinct().as("orders"),
      eb.fn.sum<string | number>("p.bill_paise").as("paise"),
    ])
    .groupBy("p.bucket")
    .execute();
  return rows.map((row) => ({
    bucket: Number(row.bucket),
    orders: Number(row.orders),
    paise: Number(row.paise ?? 0),
  }));
}

export async function countPendingForFarmer(db: Kysely<Database>, farmerId: string): Promise<number> {
  const row = await db
    .selectFrom("order_parts as f")
    // NOTE: a Pay now order awaiting payment is not the farmer's yet (decision 052).
    .innerJoin("orders as o", "o.id", "f.order_id")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("f.farmer_id", "=", farmerId)
    .where("f.status", "=", "pending")
    .where((eb) => eb.or([eb("o.payment_mode", "=", "on_delivery"), eb("o.released_at", "is not", null)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The farmer's parts booked (and not released) in their slots of `date`, delivery and pickup: the stops of
 * their delivery run (decision 046), with the slot's kind and the pickup point's name for ordering.
 */
export function findRunParts(db: Kysely<Database>, farmerId: string, date: string) {
  return farmerParts(db)
    .innerJoin("slot_bookings as sb", "sb.part_id", "f.id")
    .innerJoin("slots as s", "s.id", "sb.slot_id")
    .select(["s.kind as slot_kind", "s.start_time as slot_start", "o.shipping_address"])
    .where("f.farmer_id", "=", farmerId)
    .where("s.date", "=", date)
    .where("sb.released_at", "is", null)
    .where("f.status", "!=", "cancelled")
    .execute();
}
export type RunPartRow = Awaited<ReturnType<typeof findRunParts>>[number];
