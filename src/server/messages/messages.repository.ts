import type { Kysely } from "kysely";
import type { Farmer, InboxMessage } from "../../shared/schemas/messages.ts";
import type { Database, MessagesTable } from "../db/database.ts";

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
    deliveryPreference: (row.delivery_preference ?? "standard") as InboxMessage["deliveryPreference"],
    preferredTime: (row.preferred_time ?? "any") as InboxMessage["preferredTime"],
    createdAt: row.created_at,
  }));
}
