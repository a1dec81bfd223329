import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./database.ts";
import * as usersSessions from "./migrations/0001-users-sessions.ts";
import * as catalogue from "./migrations/0002-catalogue.ts";
import * as messages from "./migrations/0003-messages.ts";
import * as orders from "./migrations/0004-orders.ts";

/** Every migration, in order. Add a new file under migrations/ and list it here. */
const migrations: Record<string, Migration> = {
  "0001-users-sessions": usersSessions,
  "0002-catalogue": catalogue,
  "0003-messages": messages,
  "0004-orders": orders,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; both dialects run the same migrations. */
export async function migrateToLatest(db: Db): Promise<void> {
  // NOTE: Kysely looks for its migration tables across every schema it can see; on PostgreSQL we pin them to
  // the connection's own schema so that databases sharing one server (one schema each) stay apart.
  const migrationTableSchema =
    db.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  // NOTE: branches add migrations in parallel (0003 and 0004 landed in either order), so a database that ran a
  // later number first must still accept an earlier one; every migration is independent of its neighbours.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
