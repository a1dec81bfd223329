import { setTimeout } from "node:timers/promises";
import { type CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { type AnyKysely, isPostgres } from "./dialect.ts";
import { SQLITE_BUSY_TIMEOUT_MS, type SqliteHandle } from "./dialect-connection.ts";
import { runSteps, runStepsNow, type StatementResult, type Steps } from "./steps.ts";

// Locking and transactions on either database (dialect.ts).

/** The pause between two tries for the write lock in `exclusiveTransaction`. */
const LOCK_RETRY_MS = 20;

/** The SQLite handle under each Kysely that createDb opened on SQLite, for `stepsTransaction`. */
const sqliteHandles = new WeakMap<AnyKysely, SqliteHandle>();

/** Tells `stepsTransaction` which SQLite database `db` talks to (createDb calls it). */
export function bindSqliteHandle(db: AnyKysely, handle: SqliteHandle): void {
  sqliteHandles.set(db, handle);
}

// ---------------------------------------------------------------------------------------------------------
// Locking

/**
 * `query` reading rows that must not change until the caller's transaction ends. PostgreSQL: FOR SHARE (a
 * concurrent UPDATE of those rows waits for the commit; one that committed first is seen). SQLite: as it is,
 * since a transaction's reads and writes already see one snapshot and a write after another connection's
 * commit fails as busy.
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function lockedForShare<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forShare() as Q) : query;
}

/**
 * `query` reading rows the caller will change before its transaction ends, which no other transaction may
 * change or lock meanwhile. PostgreSQL: FOR UPDATE (another one waits for the commit, then sees the rows as
 * committed). SQLite: as it is (one writer at a time).
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function lockedForUpdate<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate() as Q) : query;
}

/**
 * `query` taking rows for the caller's statement alone, passing over rows another transaction holds (a queue's
 * claim). PostgreSQL: FOR UPDATE SKIP LOCKED, so two servers claiming at once take different rows instead of
 * waiting on each other. SQLite: as it is (one writer at a time).
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function skippingLocked<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Q) : query;
}

/**
 * Runs `work` in a transaction that only one connection at a time may hold (`lockKey` names it).
 * PostgreSQL: an advisory lock held until commit. SQLite: BEGIN IMMEDIATE takes the write lock up front (a
 * deferred transaction could read, then fail to upgrade its lock when another one commits).
 */
export async function exclusiveTransaction<DB, T>(
  db: Kysely<DB>,
  lockKey: number,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey})`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    await beginImmediate(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/**
 * BEGIN IMMEDIATE, waiting for another connection's write lock between tries rather than in SQLite's busy
 * handler: better-sqlite3 waits there synchronously, which stops this process's event loop, so a transaction
 * of this same process that holds the lock (two seeders starting together) could not finish until the wait
 * gave up. Gives up after SQLITE_BUSY_TIMEOUT_MS, as that handler would.
 */
async function beginImmediate(conn: AnyKysely): Promise<void> {
  const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  await sql`pragma busy_timeout = 0`.execute(conn);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(conn);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() >= giveUpAt) throw error;
        await setTimeout(LOCK_RETRY_MS);
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(conn);
  }
}

/**
 * Runs a step function (steps.ts) as one transaction. PostgreSQL: a transaction of the pool's, each
 * statement awaited. SQLite: BEGIN IMMEDIATE, every statement, COMMIT (or ROLLBACK on a throw) inside one
 * synchronous call of better-sqlite3, so the one connection is never left in an open transaction while other
 * work of the process runs: no reader or writer waits behind it, and nothing of theirs runs between its
 * statements (decision 036). Inside a transaction already (`db` is one), the steps join it.
 *
 * NOTE: when a transaction of Kysely's own (`db.transaction()`, awaiting between its statements) is open on
 * the connection, this waits for it through Kysely's lock on the connection, then runs. The write lock is
 * asked for without SQLite's busy handler, which would stop the event loop while another process holds it;
 * it is tried again after LOCK_RETRY_MS until SQLITE_BUSY_TIMEOUT_MS, as `beginImmediate` does.
 */
export async function stepsTransaction<DB, T>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>) => Steps<T>,
): Promise<T> {
  if (db.isTransaction) return runSteps(db, build(db));
  const sqlite = sqliteHandles.get(db);
  if (!sqlite) return db.transaction().execute((trx) => runSteps(trx, build(trx)));
  const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    const outcome = sqlite.database.inTransaction
      ? await db.connection().execute(async () => transactionNow(sqlite, () => build(db)))
      : transactionNow(sqlite, () => build(db));
    if (outcome.ran) return outcome.value;
    if (Date.now() >= giveUpAt) throw outcome.busy;
    await setTimeout(LOCK_RETRY_MS);
  }
}

/**
 * Whether `db`'s SQLite connection is inside a transaction at this moment; undefined on PostgreSQL (a pool
 * has no one connection). Tests sample it from other requests' work to prove that none runs while a
 * transaction is open (orders/placement-block.test.ts).
 */
export function sqliteInTransaction(db: AnyKysely): boolean | undefined {
  return sqliteHandles.get(db)?.database.inTransaction;
}

type Outcome<T> = { ran: true; value: T } | { ran: false; busy: unknown };

/** One synchronous try of an SQLite transaction: `ran: false` when another process holds the write lock. */
function transactionNow<T>(sqlite: SqliteHandle, build: () => Steps<T>): Outcome<T> {
  // NOTE: through the statement cache, as every statement here: database.pragma() prepares its text anew on
  // each call, twice a transaction (decision 045).
  sqlite.prepare("pragma busy_timeout = 0").get();
  try {
    sqlite.prepare("begin immediate").run();
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return { ran: false, busy: error };
    throw error;
  } finally {
    sqlite.prepare(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).get();
  }
  try {
    const value = runStepsNow(build(), (compiled) => executeNow(sqlite, compiled));
    sqlite.prepare("commit").run();
    return { ran: true, value };
  } catch (error) {
    // NOTE: SQLite ends the transaction itself after some errors (a full disk); then there is nothing to undo.
    if (sqlite.database.inTransaction) sqlite.prepare("rollback").run();
    throw error;
  }
}

/** One statement on SQLite, as Kysely's driver runs it (rows for a reader, the count of changes else). */
function executeNow(sqlite: SqliteHandle, { sql: text, parameters }: CompiledQuery): StatementResult {
  const statement = sqlite.prepare(text);
  if (statement.reader) {
    const rows = statement.all(parameters as unknown[]);
    return { rows, changes: rows.length };
  }
  return { rows: [], changes: statement.run(parameters as unknown[]).changes };
}
