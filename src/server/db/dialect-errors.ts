// What a database error means, on either database (dialect.ts).

/**
 * Every unique constraint the code reacts to, by the name PostgreSQL reports, with the table and columns
 * SQLite's message names instead (SQLite does not report a constraint's name). A migration adding a unique
 * constraint that a service must recognise adds it here.
 */
export const UNIQUE_CONSTRAINTS = {
  users_email_key: { table: "users", columns: ["email"] },
  users_operator_claim_key: { table: "users", columns: ["operator_claim"] },
  users_sign_in_phone_key: { table: "users", columns: ["sign_in_phone"] },
  orders_user_idempotency_key_unique: { table: "orders", columns: ["user_id", "idempotency_key"] },
  idempotency_keys_pkey: { table: "idempotency_keys", columns: ["user_id", "key"] },
  standing_orders_user_key_unique: { table: "standing_orders", columns: ["user_id", "idempotency_key"] },
} as const satisfies Record<string, { table: string; columns: readonly string[] }>;
export type UniqueConstraint = keyof typeof UNIQUE_CONSTRAINTS;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}
const asDriverError = (error: unknown): DriverError =>
  typeof error === "object" && error !== null ? (error as DriverError) : {};

/** SQLite: `UNIQUE constraint failed: orders.user_id, orders.idempotency_key` → the constraint's name. */
function sqliteUniqueConstraint(message: string): UniqueConstraint | "unknown" {
  const match = /UNIQUE constraint failed: (.+)$/.exec(message);
  const columns = match?.[1]?.split(", ").join(",");
  for (const [name, { table, columns: cols }] of Object.entries(UNIQUE_CONSTRAINTS)) {
    if (cols.map((c) => `${table}.${c}`).join(",") === columns) return name as UniqueConstraint;
  }
  return "unknown";
}

/** PostgreSQL SQLSTATEs of input the column cannot hold (too long, out of range, malformed, NUL byte…). */
const PG_BAD_INPUT = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05", "54000"]);
const SQLITE_BAD_CONSTRAINT = /^SQLITE_CONSTRAINT_(NOTNULL|CHECK|DATATYPE)$/;
/** SQLite codes of input it cannot hold. */
const SQLITE_BAD_INPUT = new Set(["SQLITE_TOOBIG", "SQLITE_MISMATCH", "SQLITE_RANGE"]);

export type DbErrorKind =
  | { kind: "unique_violation"; constraint: UniqueConstraint | "unknown" }
  /** The value cannot be stored (too long, out of range, malformed): the client's fault, a 4xx. */
  | { kind: "bad_input" }
  /** The row refers to one that does not exist (any more): a 409. */
  | { kind: "foreign_key_violation" }
  /** A concurrent transaction won (PostgreSQL serialization failure or deadlock, SQLite busy): retryable. */
  | { kind: "serialization_failure" };

/** What a database driver's error means, on either database; undefined for anything else. */
export function classifyDbError(error: unknown): DbErrorKind | undefined {
  const { code, constraint, message } = asDriverError(error);
  const text = typeof message === "string" ? message : "";
  if (code === "23505") {
    const name = typeof constraint === "string" && constraint in UNIQUE_CONSTRAINTS ? constraint : "unknown";
    return { kind: "unique_violation", constraint: name as UniqueConstraint | "unknown" };
  }
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return { kind: "unique_violation", constraint: sqliteUniqueConstraint(text) };
  }
  if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") return { kind: "foreign_key_violation" };
  if (typeof code === "string" && (PG_BAD_INPUT.has(code) || SQLITE_BAD_INPUT.has(code))) {
    return { kind: "bad_input" };
  }
  // NOTE: any other data exception (class 22) or integrity violation (class 23: NOT NULL, CHECK) is a value
  // the column cannot hold, too.
  if (typeof code === "string" && (/^2[23][0-9A-Z]{3}$/.test(code) || SQLITE_BAD_CONSTRAINT.test(code))) {
    return { kind: "bad_input" };
  }
  if (code === "40001" || code === "40P01" || code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT") {
    return { kind: "serialization_failure" };
  }
  return undefined;
}

/** True when `error` is the database refusing a duplicate under `constraint`. */
export function isUniqueViolation(error: unknown, constraint: UniqueConstraint): boolean {
  const kind = classifyDbError(error);
  return kind?.kind === "unique_violation" && kind.constraint === constraint;
}
