import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { exclusiveTransaction } from "../db/index.ts";

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
}

/** Arbitrary, fixed: the advisory lock every instance takes while it seeds. */
const SEED_LOCK_KEY = 7_310_221;

/** Runs `work` in a transaction that only one instance at a time may hold, so two cannot both seed. */
export function inSeedLock<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return exclusiveTransaction(db, SEED_LOCK_KEY, work);
}

/** Accounts other than the demo farmer and the generated farmers (whose e-mails end in `generatedDomain`). */
export async function countRealUsers(db: Kysely<Database>, systemFarmerId: string, generatedDomain: string) {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("id", "<>", systemFarmerId)
    .where("email", "not like", `%@${generatedDomain}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Products owned by generated farmers. */
export async function countGeneratedProducts(db: Kysely<Database>, generatedDomain: string) {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("u.email", "like", `%@${generatedDomain}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findImageIdsOwnedBy(db: Kysely<Database>, ownerId: string) {
  return db.selectFrom("images").select("id").where("owner_id", "=", ownerId).orderBy("id").execute();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("users").select(["id"]).where("email", "=", email).executeTakeFirst();
}

/** Products of `ownerId` among `names`. */
export function findProductsOwnedBy(db: Kysely<Database>, ownerId: string, names: readonly string[]) {
  return db
    .selectFrom("products")
    .select(["id", "name"])
    .where("owner_id", "=", ownerId)
    .where("name", "in", [...names])
    .execute();
}
