import { randomUUID } from "node:crypto";
import type { AuditAction, AuditEntry, AuditList, AuditTargetType } from "../../shared/schemas/audit.ts";
import type { Context } from "../context.ts";
import { decodeCursor, pageOf } from "../db/index.ts";
import * as repo from "./audit.repository.ts";

/** Who acted: a signed-in operator, or the command line (`npm run operator`). */
export interface Actor {
  id: string | null;
  /** Null for an account made with a mobile number (issue 37): the log names it by its id. */
  email: string | null;
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
  { actor, ...record }: AuditRecord & { actor: Actor },
): Promise<void> {
  await repo.insertAuditEntry(db, {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: actor.id,
    actor_email: actor.email ?? `account ${actor.id}`,
    action: record.action,
    target_type: record.target.type,
    target_id: record.target.id,
    reason: record.reason ?? null,
  });
}

/** What an account or a product the log mentions is called now (the domains that own them know). */
export interface AuditNames {
  users: ReadonlyMap<string, { name: string; email: string }>;
  products: ReadonlyMap<string, string>;
}
export type AuditNamer = (
  ctx: Context,
  ids: { users: readonly string[]; products: readonly string[] },
) => Promise<AuditNames>;

function toApiEntry(row: repo.AuditRow, names: AuditNames): AuditEntry {
  const actorName = row.actor_id !== null ? names.users.get(row.actor_id)?.name : undefined;
  const user = row.target_type === "user" ? names.users.get(row.target_id) : undefined;
  const label = user
    ? `${user.name} (${user.email})`
    : row.target_type === "product"
      ? names.products.get(row.target_id)
      : undefined;
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, email: row.actor_email, ...(actorName ? { name: actorName } : {}) },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, ...(label ? { label } : {}) },
    ...(row.reason !== null ? { reason: row.reason } : {}),
  };
}

/** The audit log, newest first, a page at a time, naming the accounts and products it mentions. */
export async function listAudit(
  ctx: Context,
  { limit, cursor }: { limit: number; cursor?: string },
  namesOf: AuditNamer,
): Promise<AuditList> {
  const after = cursor ? decodeCursor(cursor, repo.AUDIT_KEYSET) : undefined;
  const rows = await repo.listAuditEntries(ctx.db, limit + 1, after);
  const page = pageOf(rows, limit, repo.AUDIT_KEYSET, (row) => ({ key: row.at, id: row.id }));
  const users = new Set<string>();
  const products = new Set<string>();
  for (const row of page.rows) {
    if (row.actor_id !== null) users.add(row.actor_id);
    if (row.target_type === "user") users.add(row.target_id);
    if (row.target_type === "product") products.add(row.target_id);
  }
  const names = await namesOf(ctx, { users: [...users], products: [...products] });
  return { items: page.rows.map((row) => toApiEntry(row, names)), nextCursor: page.nextCursor };
}
