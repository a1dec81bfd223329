/**
 * `npm run db:backup [-- <file>]` and `npm run db:restore -- <file>` for the database DATABASE_URL names.
 * SQLite: done here, with SQLite's online backup API (the shop may keep running during a backup; stop it
 * for a restore). PostgreSQL: prints the pg_dump / pg_restore command that does the same.
 */
import "dotenv/config";
import { loadConfig } from "../config.ts";
import {
  backupSqlite,
  postgresBackupCommand,
  postgresRestoreCommand,
  restoreSqlite,
  sqliteFileOf,
} from "./backup.ts";

const [command, file] = process.argv.slice(2);
const { databaseUrl } = loadConfig();
const sqlite = sqliteFileOf(databaseUrl);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

if (command === "backup") {
  const to = file ?? `backups/veggie-cart-${stamp}.${sqlite ? "sqlite" : "dump"}`;
  if (!sqlite) {
    console.log(`PostgreSQL: run\n  ${postgresBackupCommand(databaseUrl, to)}`);
  } else {
    const { pages } = await backupSqlite(sqlite, to);
    console.log(`Backed up ${sqlite} to ${to} (${pages} pages)`);
  }
} else if (command === "restore" && file) {
  if (!sqlite) {
    console.log(`PostgreSQL: stop the shop, then run\n  ${postgresRestoreCommand(databaseUrl, file)}`);
  } else {
    await restoreSqlite(file, sqlite);
    console.log(`Restored ${sqlite} from ${file}`);
  }
} else {
  console.error("usage: npm run db:backup [-- <file>]  |  npm run db:restore -- <file>");
  process.exit(1);
}
