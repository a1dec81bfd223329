import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import {
  bucketOf,
  containsIgnoringCase,
  type Keyset,
  type KeysetPosition,
  pageAfter,
  withinBounds,
} from "../db/index.ts";

export const ACCOUNTS_KEYSET: Keyset = {
  scope: "accounts",
  key: "u.created_at",
  id: "u.id",
  direction: "desc",
  keyKind: "string",
};

export interface AccountFilter {
  /** Already lower-cased; matched anywhere in the name or the e-mail. */
  text?: string;
  status: "all" | "active" | "suspended";
  after?: KeysetPosition;
  limit: number;
}

/** Accounts with how many products they list and how many orders they placed. */
function accountsWithCounts(db: Kysely<Database>) {
  return db.selectFrom("users as u").select((eb) => [
    "u.id",
    "u.name",
    "u.email",
    "u.created_at",
    "u.operator",
    "u.suspended_at",
    "u.suspended_reason",
    eb
      .selectFrom("products as p")
      .select((e) => e.fn.countAll<number | string>().as("n"))
      .whereRef("p.owner_id", "=", "u.id")
      .as("product_count"),
    eb
      .selectFrom("orders as o")
      .select((e) => e.fn.countAll<number | string>().as("n"))
      .whereRef("o.user_id", "=", "u.id")
      .as("order_count"),
  ]);
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsWithCounts>["execute"]>>[number];

export function findAccount(db: Kysely<Database>, id: string) {
  return accountsWithCounts(db).where("u.id", "=", id).executeTakeFirst();
}

/** Newest accounts first, a page at a time; search folds case the same way on both databases. */
export function listAccounts(db: Kysely<Database>, filter: AccountFilter) {
  let query = accountsWithCounts(db);
  if (filter.text) {
    const text = filter.text;
    query = query.where((eb) =>
      eb.or([containsIgnoringCase(db, "u.name", text), containsIgnoringCase(db, "u.email", text)]),
    );
  }
  if (filter.status === "active") query = query.where("u.suspended_at", "is", null);
  if (filter.status === "suspended") query = query.where("u.suspended_at", "is not", null);
  return pageAfter(query, ACCOUNTS_KEYSET, filter.after).limit(filter.limit).execute();
}

export function findUserIdByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "operator"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export function listGrantedOperators(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where("operator", "=", 1)
    .orderBy("email")
    .execute();
}

export async function countAccountsSince(db: Kysely<Database>, since: string | undefined): Promise<number> {
  let query = db.selectFrom("users").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (since) query = query.where("created_at", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Accounts made per time bucket (see db/buckets.ts). */
export async function accountsPerBucket(db: Kysely<Database>, bounds: readonly string[]) {
  const { from, before } = withinBounds(bounds);
  const made = db
    .selectFrom("users")
    .select(bucketOf("created_at", bounds).as("bucket"))
    .where("created_at", ">=", from)
    .where("created_at", "<", before);
  const rows = await db
    .selectFrom(made.as("m"))
    .select((eb) => ["m.bucket", eb.fn.countAll<number | string>().as("accounts")])
    .groupBy("m.bucket")
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), accounts: Number(row.accounts) }));
}
