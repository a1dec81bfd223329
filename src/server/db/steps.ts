import type { Compilable, CompiledQuery, Kysely } from "kysely";

/**
 * Database work written once for both databases and both ways of running it (decision 036). A step function
 * is a generator that builds each statement with Kysely and `yield*`s it through `rowsOf`, `firstOf` or
 * `changedRows`, getting the statement's result back where it yielded. It never awaits anything else, so a
 * runner decides how each statement runs: `runSteps` awaits each one (PostgreSQL, or any read on either
 * database), and `stepsTransaction` (dialect.ts) runs a whole transaction of them on SQLite inside one
 * synchronous call of better-sqlite3, so no other work of the process runs between its statements.
 */

/**
 * What a step function asks its runner for: one statement, or several step functions' steps at once, which
 * an awaiting runner may run side by side (on PostgreSQL's pool, each on a connection of its own).
 */
export type Statement = { compiled: CompiledQuery } | { all: readonly Steps<unknown>[] };

/** What a runner hands back: a statement's rows and how many rows it changed, or the answers of `all`. */
export interface StatementResult {
  rows: unknown[];
  changes: number;
  values?: unknown[];
}

export type Steps<T> = Generator<Statement, T, StatementResult>;

/** A query's rows. */
export function* rowsOf<O>(query: Compilable<O>): Steps<O[]> {
  const { rows } = yield { compiled: query.compile() };
  return rows as O[];
}

/** A query's first row, if any. */
export function* firstOf<O>(query: Compilable<O>): Steps<O | undefined> {
  return (yield* rowsOf(query))[0];
}

/** How many rows a write (INSERT, UPDATE, DELETE) changed. */
export function* changedRows(query: Compilable<unknown>): Steps<number> {
  const { changes } = yield { compiled: query.compile() };
  return changes;
}

/** The answers of several step functions' steps, run side by side where the runner can (`Promise.all`). */
export function* allOf<const S extends readonly Steps<unknown>[]>(
  steps: S,
): Steps<{ -readonly [K in keyof S]: StepsValue<S[K]> }> {
  const { values } = yield { all: steps };
  return values as { -readonly [K in keyof S]: StepsValue<S[K]> };
}

/** Runs a step function's statements on `db` (the database or a transaction), one awaited after another. */
// biome-ignore lint/suspicious/noExplicitAny: any schema: the compiled statements carry their own types.
export async function runSteps<T>(db: Kysely<any>, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const statement = next.value;
    let result: StatementResult;
    try {
      if ("all" in statement) {
        const values = await Promise.all(statement.all.map((each) => runSteps(db, each)));
        result = { rows: [], changes: 0, values };
      } else {
        const { rows, numAffectedRows } = await db.executeQuery(statement.compiled);
        result = { rows, changes: Number(numAffectedRows ?? 0) };
      }
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

/** Runs steps synchronously, `execute` doing each statement in turn (SQLite's transaction, dialect.ts). */
export function runStepsNow<T>(steps: Steps<T>, execute: (compiled: CompiledQuery) => StatementResult): T {
  let next = steps.next();
  while (!next.done) {
    const statement = next.value;
    let result: StatementResult;
    try {
      result =
        "all" in statement
          ? { rows: [], changes: 0, values: statement.all.map((each) => runStepsNow(each, execute)) }
          : execute(statement.compiled);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

/** Steps that run no statement and answer `value` (a query skipped, e.g. for an empty list of ids). */
// biome-ignore lint/correctness/useYield: it yields nothing on purpose: no statement to run.
export function* noStatement<T>(value: T): Steps<T> {
  return value;
}

/** What a step function's steps answer: `StepsValue<ReturnType<typeof f>>`. */
export type StepsValue<S> = S extends Generator<unknown, infer T, never> ? T : never;
