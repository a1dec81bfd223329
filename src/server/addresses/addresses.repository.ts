import type { Kysely, Transaction } from "kysely";
import type { Database, SavedAddressesTable } from "../db/index.ts";

export type AddressRow = SavedAddressesTable;

/** The account's addresses, the one used last first. */
export function listAddresses(db: Kysely<Database>, userId: string): Promise<AddressRow[]> {
  return db
    .selectFrom("saved_addresses")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("used_at", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function insertAddress(db: Kysely<Database>, row: AddressRow): Promise<void> {
  await db.insertInto("saved_addresses").values(row).execute();
}

/** Rewrites an address the account keeps (the same place, maybe another name or phone) and marks it used. */
export async function updateAddress(db: Kysely<Database>, row: AddressRow): Promise<void> {
  const { id, user_id, created_at, ...fields } = row;
  await db
    .updateTable("saved_addresses")
    .set(fields)
    .where("id", "=", id)
    .where("user_id", "=", user_id)
    .execute();
}

/** Deletes the account's address; false when it has none with that id (another's is none of its own). */
export async function deleteAddress(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_addresses")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Account deletion: the addresses go with the account (decision 015's forgetUser). */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("saved_addresses").where("user_id", "=", userId).execute();
}
