import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/** `sqlite:<file>` → the file; undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith("sqlite:") ? databaseUrl.slice("sqlite:".length) : undefined;
}

/** As many pages as SQLite's backup step takes: every page left. */
const ALL_PAGES = 0x7fff_ffff;

/**
 * A consistent copy of a live SQLite database, made with SQLite's online backup API: the shop keeps
 * writing meanwhile (WAL), and the copy is the database as it was at one moment.
 */
export async function backupSqlite(file: string, to: string): Promise<{ pages: number }> {
  fs.mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // NOTE: the API copies 100 pages a step by default, and a write to the database between two steps
    // starts it over: under steady writes a larger database was never done (seen as a 60 s hang in
    // backup.test.ts on a loaded machine). After the first step, all that is left is copied in one step,
    // under one read transaction, which WAL lets the shop's writes run beside.
    const { totalPages } = await source.backup(to, { progress: () => ALL_PAGES });
    return { pages: totalPages };
  } finally {
    source.close();
  }
}

/**
 * Brings a backup back as `file`, whole: the backup is checked first (integrity_check), then copied page by
 * page into the database file with the same backup API. Stop the shop first.
 */
export async function restoreSqlite(backup: string, file: string): Promise<void> {
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`${backup} is damaged: ${String(check)}`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    await source.backup(file);
  } finally {
    source.close();
  }
}

/** The PostgreSQL commands that do the same (a consistent snapshot: pg_dump runs in one transaction). */
export const postgresBackupCommand = (url: string, to: string) =>
  `pg_dump --format=custom --no-owner --file=${JSON.stringify(to)} ${JSON.stringify(url)}`;
export const postgresRestoreCommand = (url: string, from: string) =>
  `pg_restore --clean --if-exists --no-owner --dbname=${JSON.stringify(url)} ${JSON.stringify(from)}`;
