import type { Kysely } from "kysely";
import type { AuditLogTable, Database } from "../db/index.ts";
import { type Keyset, type KeysetPosition, pageAfter } from "../db/index.ts";

export type AuditRow = AuditLogTable;

export async function insertAuditEntry(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

export const AUDIT_KEYSET: Keyset = {
  scope: "audit",
  key: "at",
  id: "id",
  direction: "desc",
  keyKind: "string",
};

/** Newest first, starting after the position `after`. */
export function listAuditEntries(db: Kysely<Database>, limit: number, after?: KeysetPosition) {
  return pageAfter(db.selectFrom("audit_log").selectAll(), AUDIT_KEYSET, after).limit(limit).execute();
}
