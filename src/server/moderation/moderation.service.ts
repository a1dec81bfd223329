import type { Kysely } from "kysely";
import type { z } from "zod";
import type {
  OperatorUser,
  OperatorUserList,
  OperatorUserListQuerySchema,
} from "../../shared/schemas/moderation.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import {
  clearSuspension,
  endSessions,
  forgetCachedSessionsOf,
  isOperator,
  markSuspended,
  type SessionSettings,
  setOperatorFlag,
} from "../auth/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database } from "../db/index.ts";
import { decodeCursor, pageOf } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import * as repo from "./moderation.repository.ts";

type OperatorSettings = Pick<SessionSettings, "operatorEmails">;

const accountNotFound = () => notFound("This account does not exist");

function toOperatorUser(row: repo.AccountRow, settings: OperatorSettings): OperatorUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    operator: isOperator(row, settings),
    suspended: row.suspended_at != null,
    suspendedAt: row.suspended_at ?? null,
    suspendedReason: row.suspended_reason ?? null,
    products: Number(row.product_count ?? 0),
    orders: Number(row.order_count ?? 0),
  };
}

export async function getAccount({ db, settings }: Context, userId: string): Promise<OperatorUser> {
  const row = await repo.findAccount(db, userId);
  if (!row) throw accountNotFound();
  return toOperatorUser(row, settings);
}

/** Every account, newest first, searched by name or e-mail. */
export async function listAccounts(
  { db, settings }: Context,
  query: z.output<typeof OperatorUserListQuerySchema>,
): Promise<OperatorUserList> {
  const rows = await repo.listAccounts(db, {
    text: query.q ? query.q.toLowerCase() : undefined,
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor, repo.ACCOUNTS_KEYSET) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, repo.ACCOUNTS_KEYSET, (row) => ({
    key: row.created_at,
    id: row.id,
  }));
  return { items: page.rows.map((row) => toOperatorUser(row, settings)), nextCursor: page.nextCursor };
}

/**
 * Suspends an account: it is marked, every session it has ends in the same transaction (endSessions also
 * clears them from the session cache, so the next request is a 401), its products leave the shop (product queries skip suspended owners), and the audit log says why.
 */
export async function suspendAccount(
  ctx: Context,
  actor: Actor & { id: string },
  userId: string,
  reason: string,
): Promise<OperatorUser> {
  if (userId === actor.id) {
    throw new AppError("cannot_suspend_self", "You cannot suspend your own account");
  }
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.findAccount(trx.db, userId))) throw accountNotFound();
    const suspended = await markSuspended(trx.db, userId, ctx.now.toISOString(), reason);
    if (!suspended) throw new AppError("already_suspended", "This account is already suspended");
    await endSessions(trx, { userId });
    await recordAudit(trx, {
      actor: actor,
      action: "user.suspend",
      target: { type: "user", id: userId },
      reason,
    });
  });
  // NOTE: again after the commit, so a request that re-read the session before it cannot keep it cached.
  await forgetCachedSessionsOf(ctx, userId);
  // NOTE: the farmer's products leave the shop: no server may keep showing them (decision 035).
  await catalogueChanged(ctx);
  return getAccount(ctx, userId);
}

/** Lifts a suspension: the account may sign in again and its products (unless hidden one by one) return. */
export async function reinstateAccount(
  ctx: Context,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<OperatorUser> {
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.findAccount(trx.db, userId))) throw accountNotFound();
    if (!(await clearSuspension(trx.db, userId))) {
      throw new AppError("not_suspended", "This account is not suspended");
    }
    await recordAudit(trx, {
      actor: actor,
      action: "user.reinstate",
      target: { type: "user", id: userId },
      reason,
    });
  });
  await catalogueChanged(ctx);
  return getAccount(ctx, userId);
}

/**
 * Makes an existing account an operator (recorded in the database and in the audit log). Run from the command
 * line, so it takes only the parts of a context it uses.
 */
export async function grantOperator(
  { db, now, sessions }: Pick<Context, "db" | "now"> & Partial<Pick<Context, "sessions">>,
  actor: Actor,
  email: string,
): Promise<"granted" | "already"> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUserIdByEmail(trx, email.trim().toLowerCase());
    if (!user) throw notFound(`No account uses ${email}; the person must sign up first`);
    if (user.operator === 1) return "already";
    await setOperatorFlag(trx, user.id, true);
    await recordAudit(
      { db: trx, now },
      { actor: actor, action: "operator.grant", target: { type: "user", id: user.id } },
    );
    // NOTE: without `sessions` (a command line with no REDIS_URL), servers see it within SESSION_CACHE_TTL_MS.
    if (sessions) await forgetCachedSessionsOf({ sessions }, user.id);
    return "granted";
  });
}

/** Takes a database grant back; an address in OPERATOR_EMAILS stays an operator until removed from there. */
export async function revokeOperator(
  { db, now, sessions }: Pick<Context, "db" | "now"> & Partial<Pick<Context, "sessions">>,
  actor: Actor,
  email: string,
): Promise<"revoked" | "not_granted"> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUserIdByEmail(trx, email.trim().toLowerCase());
    if (!user) throw notFound(`No account uses ${email}`);
    if (user.operator !== 1) return "not_granted";
    await setOperatorFlag(trx, user.id, false);
    await recordAudit(
      { db: trx, now },
      { actor: actor, action: "operator.revoke", target: { type: "user", id: user.id } },
    );
    // NOTE: without `sessions` (a command line with no REDIS_URL), servers see it within SESSION_CACHE_TTL_MS.
    if (sessions) await forgetCachedSessionsOf({ sessions }, user.id);
    return "revoked";
  });
}

export const listGrantedOperators = (db: Kysely<Database>) => repo.listGrantedOperators(db);

export const countAccountsSince = (db: Kysely<Database>, since?: string) =>
  repo.countAccountsSince(db, since);

/** Accounts made per time bucket (see db/buckets.ts). */
export const accountsPerBucket = (db: Kysely<Database>, bounds: readonly string[]) =>
  repo.accountsPerBucket(db, bounds);
