import { type Kysely, PostgresAdapter, sql } from "kysely";

export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** NOTE: binary columns are BLOB on SQLite and BYTEA on PostgreSQL; migrations branch here and nowhere else. */
export const binaryType = (db: Kysely<unknown>) => (isPostgres(db) ? sql`bytea` : sql`blob`);
