import { randomUUID } from "node:crypto";
import type { AuditAction, AuditEntry, AuditList, AuditTargetType } from "../../shared/schemas/audit.ts";
import type { Context } from "../context.ts";
import { decodeCursor, pageOf } from "../db/index.ts";
import * as repo from "./audit.repository.ts";

/** Who acted: a signed-in operator, or the command line (`npm run operator`). */
export interface Actor {
  id: string | null;
  email: string;
}

export const COMMAND_LINE_ACTOR: Actor = { id: null, email: "command line (npm run operator)" };

export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  reason?: string;
}

/**
 * Writes one entry of the audit log, at the context's time. Callers pass their transaction's context, so the
 * entry and the change it describes are kept together or not at all.
 */
export async function recordAudit(
  { db, now }: Pick<Context, "db" | "now">,
  actor: Actor,
  record: AuditRecord,
): Promise<void> {
  await repo.insertAuditEntry(db, {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: actor.id,
    actor_email: actor.email,
    action: record.action,
    target_type: record.target.type,
    target_id: record.target.id,
    reason: record.reason ?? null,
  });
}

const toApiEntry = (row: repo.AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: { id: row.actor_id, email: row.actor_email },
  action: row.action,
  target: { type: row.target_type, id: row.target_id },
  ...(row.reason !== null ? { reason: row.reason } : {}),
});

/** The audit log, newest first, a page at a time. */
export async function listAudit(
  { db }: Context,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<AuditList> {
  const after = cursor ? decodeCursor(cursor, repo.AUDIT_KEYSET) : undefined;
  const rows = await repo.listAuditEntries(db, limit + 1, after);
  const page = pageOf(rows, limit, repo.AUDIT_KEYSET, (row) => ({ key: row.at, id: row.id }));
  return { items: page.rows.map(toApiEntry), nextCursor: page.nextCursor };
}
