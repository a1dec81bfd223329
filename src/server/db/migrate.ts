import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  sql,
} from "kysely";
import type { Db } from "./database.ts";
import { migrationTableSchema, tableExists, withMigrationLock } from "./dialect.ts";
import * as usersSessions from "./migrations/0001-users-sessions.ts";
import * as catalogue from "./migrations/0002-catalogue.ts";
import * as messages from "./migrations/0003-messages.ts";
import * as orders from "./migrations/0004-orders.ts";
import * as farmerFulfilments from "./migrations/0005-farmer-fulfilments.ts";
import * as operators from "./migrations/0006-operators.ts";
import * as accounts from "./migrations/0007-accounts.ts";
import * as likes from "./migrations/0008-likes.ts";
import * as catalogueSearch from "./migrations/0009-catalogue-search.ts";
import * as coveringListIndexes from "./migrations/0010-covering-list-indexes.ts";
import * as orderParts from "./migrations/0011-order-parts.ts";
import * as deliverySlots from "./migrations/0015-delivery-slots.ts";
import * as weighingAndPayments from "./migrations/0016-weighing-and-payments.ts";
import * as holes from "./migrations/0025-holes.ts";
import * as savedAddresses from "./migrations/0026-saved-addresses.ts";
import * as imageStorage from "./migrations/0027-image-storage.ts";
import * as userLanguage from "./migrations/0028-user-language.ts";
import * as dealDays from "./migrations/0029-deal-days.ts";
import * as farmerPhone from "./migrations/0033-farmer-phone.ts";
import * as productOtherNames from "./migrations/0041-product-other-names.ts";
import * as idempotencyKeys from "./migrations/0042-idempotency-keys.ts";
import * as deliveryRun from "./migrations/0043-delivery-run.ts";
import * as indianAddresses from "./migrations/0045-indian-addresses.ts";
import * as mailDigests from "./migrations/0046-mail-digests.ts";
import * as standingOrders from "./migrations/0047-standing-orders.ts";
import * as standingOrderNotices from "./migrations/0048-standing-order-notices.ts";
import * as standingPriceHold from "./migrations/0049-standing-price-hold.ts";
import * as onlinePayments from "./migrations/0050-online-payments.ts";
import * as payouts from "./migrations/0051-payouts.ts";
import * as phoneSignIn from "./migrations/0053-phone-sign-in.ts";
import * as standingPriceTold from "./migrations/0054-standing-price-told.ts";
import * as phoneNews from "./migrations/0058-phone-news.ts";
import * as oneTimeLinks from "./migrations/0061-one-time-links.ts";

/** Every migration, in order. Add a new file under migrations/ and list it here. */
const migrations: Record<string, Migration> = {
  "0001-users-sessions": usersSessions,
  "0002-catalogue": catalogue,
  "0003-messages": messages,
  "0004-orders": orders,
  "0005-farmer-fulfilments": farmerFulfilments,
  "0006-operators": operators,
  "0007-accounts": accounts,
  "0008-likes": likes,
  "0009-catalogue-search": catalogueSearch,
  "0010-covering-list-indexes": coveringListIndexes,
  "0011-order-parts": orderParts,
  "0015-delivery-slots": deliverySlots,
  "0016-weighing-and-payments": weighingAndPayments,
  "0025-holes": holes,
  "0026-saved-addresses": savedAddresses,
  "0027-image-storage": imageStorage,
  "0028-user-language": userLanguage,
  "0029-deal-days": dealDays,
  "0033-farmer-phone": farmerPhone,
  "0041-product-other-names": productOtherNames,
  "0042-idempotency-keys": idempotencyKeys,
  "0043-delivery-run": deliveryRun,
  "0045-indian-addresses": indianAddresses,
  "0046-mail-digests": mailDigests,
  "0047-standing-orders": standingOrders,
  "0048-standing-order-notices": standingOrderNotices,
  "0049-standing-price-hold": standingPriceHold,
  "0050-online-payments": onlinePayments,
  "0051-payouts": payouts,
  "0053-phone-sign-in": phoneSignIn,
  "0054-standing-price-told": standingPriceTold,
  "0058-phone-news": phoneNews,
  "0061-one-time-links": oneTimeLinks,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; both dialects run the same migrations. */
export async function migrateToLatest(db: Db): Promise<void> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` only (tests build a database as an older version had it). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

/**
 * NOTE: migrations run strictly in number order (decision 010): a database that has run a later number
 * refuses an earlier one it missed, rather than applying it out of order.
 */
async function migratorFor(kysely: Db["kysely"]): Promise<Migrator> {
  return new Migrator({
    db: kysely,
    provider,
    migrationTableSchema: await migrationTableSchema(kysely),
  });
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await withMigrationLock(db.kysely, async (kysely) =>
    run(await migratorFor(kysely)),
  );
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The migrations this code knows that the database has not run yet (none: the schema is current). Read from
 * Kysely's migration table directly: /api/ready asks on every probe, and the migrator's own look-up reads the
 * catalogue of every schema in the database (see tableExists).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const executed = (await tableExists(db.kysely, DEFAULT_MIGRATION_TABLE))
    ? await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db.kysely)
    : { rows: [] };
  const done = new Set(executed.rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}
