import { sql } from "kysely";
import type { Db } from "../db/database.ts";

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/**
 * Row counts of every table of ours (migration bookkeeping and sessions aside: a signed-in request may
 * refresh its session), in one round trip, to prove a refused request changed nothing.
 */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db.kysely.introspection
      .getTables()
      .then((list) =>
        list.map((table) => table.name).filter((name) => !name.startsWith("kysely_") && name !== "sessions"),
      )
      .then((names) => names.sort());
    tablesOf.set(db, tables);
  }
  const names = await tables;
  const columns = sql.join(
    names.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`),
  );
  const { rows } = await sql<Record<string, number | string>>`select ${columns}`.execute(db.kysely);
  return Object.fromEntries(names.map((name) => [name, Number(rows[0]?.[name] ?? 0)]));
}
