import { type Kysely, sql, type Transaction } from "kysely";
import type { Farmer, InboxMessage } from "../../shared/schemas/messages.ts";
import type { Database, MessagesTable } from "../db/index.ts";

/** The owners of at least one product, by name (the contact form's choice of farmer). */
export async function listFarmersWithProducts(db: Kysely<Database>): Promise<Farmer[]> {
  return db
    .selectFrom("users")
    .select(["users.id", "users.name"])
    .where((eb) =>
      eb.exists(
        eb.selectFrom("products").select("products.id").whereRef("products.owner_id", "=", "users.id"),
      ),
    )
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
}

export async function isFarmerWithProducts(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("products")
    .select("id")
    .where("owner_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMessage(db: Kysely<Database>, row: MessagesTable): Promise<void> {
  await db.insertInto("messages").values(row).execute();
}

/**
 * Account deletion's share of messages: the ones the user sent stay for their readers, under the replacement
 * name and address and without the phone number.
 */
export async function forgetUser(
  trx: Transaction<Database>,
  userId: string,
  replacement: { name: string; email: string },
): Promise<void> {
  await trx
    .updateTable("messages")
    .set({ name: replacement.name, email: replacement.email, phone: null })
    .where("sender_user_id", "=", userId)
    .execute();
}

/** Contact messages addressed to a farmer, newest first. */
export async function listInbox(
  db: Kysely<Database>,
  farmerId: string,
  limit: number,
): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom("messages")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "message",
      "delivery_preference",
      "preferred_time",
      "created_at",
    ])
    .where("farmer_id", "=", farmerId)
    .where("kind", "=", "contact")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    message: row.message,
    deliveryPreference: row.delivery_preference ?? "standard",
    preferredTime: row.preferred_time ?? "any",
    createdAt: row.created_at,
  }));
}

// ---- the operator's inbox: FAQ messages and contact messages without a farmer ----

export type InboxFilter = "all" | "unread" | "open" | "handled";

/** 0 for unread, 1 for read: unread messages come first. */
const readRank = sql<number>`case when m.read_at is null then 0 else 1 end`;

function shopMessages(db: Kysely<Database>) {
  return db
    .selectFrom("messages as m")
    .where((eb) =>
      eb.or([
        eb("m.kind", "=", "faq"),
        eb.and([eb("m.kind", "=", "contact"), eb("m.farmer_id", "is", null)]),
      ]),
    );
}

const shopMessageColumns = [
  "m.id",
  "m.kind",
  "m.name",
  "m.email",
  "m.phone",
  "m.subject",
  "m.message",
  "m.created_at",
  "m.read_at",
  "m.handled_at",
  "m.note",
] as const;

export interface ShopInboxPosition {
  rank: number;
  createdAt: string;
  id: string;
}

/** Unread first, then newest first; keyset on (read rank, created_at, id). */
export function listShopMessages(
  db: Kysely<Database>,
  filter: InboxFilter,
  limit: number,
  after?: ShopInboxPosition,
) {
  let query = shopMessages(db).select([...shopMessageColumns, readRank.as("read_rank")]);
  if (filter === "unread") query = query.where("m.read_at", "is", null);
  if (filter === "open") query = query.where("m.handled_at", "is", null);
  if (filter === "handled") query = query.where("m.handled_at", "is not", null);
  if (after) {
    query = query.where(
      sql<boolean>`(${readRank} > ${after.rank} or (${readRank} = ${after.rank} and (m.created_at < ${after.createdAt} or (m.created_at = ${after.createdAt} and m.id < ${after.id}))))`,
    );
  }
  return query
    .orderBy(readRank, "asc")
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
}
export type ShopMessageRow = Awaited<ReturnType<typeof listShopMessages>>[number];

export function findShopMessage(db: Kysely<Database>, id: string) {
  return shopMessages(db)
    .select([...shopMessageColumns, readRank.as("read_rank")])
    .where("m.id", "=", id)
    .executeTakeFirst();
}

export async function countShopMessages(
  db: Kysely<Database>,
  which: "unread" | "open",
  since?: string,
): Promise<number> {
  let query = shopMessages(db).select((eb) => eb.fn.countAll<number | string>().as("n"));
  query = which === "unread" ? query.where("m.read_at", "is", null) : query.where("m.handled_at", "is", null);
  if (since) query = query.where("m.created_at", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function updateShopMessage(
  db: Kysely<Database>,
  id: string,
  changes: { read_at?: string | null; handled_at?: string | null; note?: string },
): Promise<void> {
  await db.updateTable("messages").set(changes).where("id", "=", id).execute();
}
