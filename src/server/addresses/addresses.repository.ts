import type { Kysely, Transaction } from "kysely";
import { changedRows, type Database, rowsOf, type SavedAddressesTable, type Steps } from "../db/index.ts";

export type AddressRow = SavedAddressesTable;

/** The account's addresses, the one used last first. */
export function listAddresses(db: Kysely<Database>, userId: string): Steps<AddressRow[]> {
  return rowsOf(
    db
      .selectFrom("saved_addresses")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("used_at", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id"),
  );
}

export function* insertAddress(db: Kysely<Database>, row: AddressRow): Steps<void> {
  yield* changedRows(db.insertInto("saved_addresses").values(row));
}

/** Rewrites an address the account keeps (the same place, maybe another name or phone) and marks it used. */
export function* updateAddress(db: Kysely<Database>, row: AddressRow): Steps<void> {
  const { id, user_id, created_at, ...fields } = row;
  yield* changedRows(
    db.updateTable("saved_addresses").set(fields).where("id", "=", id).where("user_id", "=", user_id),
  );
}

/** Deletes the account's address; false when it has none with that id (another's is none of its own). */
export function* deleteAddress(db: Kysely<Database>, userId: string, id: string): Steps<boolean> {
  const deleted = yield* changedRows(
    db.deleteFrom("saved_addresses").where("id", "=", id).where("user_id", "=", userId),
  );
  return deleted > 0;
}

/** Account deletion: the addresses go with the account (decision 015's forgetUser). */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("saved_addresses").where("user_id", "=", userId).execute();
}
