import { createHash } from "node:crypto";
import { otherTexts } from "../../shared/messages.ts";
import { type Context, inTransaction } from "../context.ts";
import { isUniqueViolation } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import * as repo from "./idempotency.repository.ts";

/** How long a key's answer is kept: a phone that was offline all day still replays safely (decision 046). */
export const KEY_KEPT_MS = 24 * 60 * 60_000;

/** One request as the key protects it: who sent it, with which key, and what it asked. */
export interface KeyedRequest {
  userId: string;
  /** Absent: the request is not protected, and simply runs. */
  key: string | undefined;
  method: string;
  url: string;
  body: unknown;
}

export interface Answer<T> {
  status: number;
  body: T;
  /** True when this is the first answer again, and nothing was done now. */
  replayed: boolean;
}

/** JSON with every object's keys sorted, so "the same body" does not depend on the order of its keys. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const hashOf = (request: KeyedRequest) =>
  createHash("sha256")
    .update(JSON.stringify([request.method, request.url, canonical(request.body ?? null)]))
    .digest("hex");

function replay<T>(row: repo.KeyRow, requestHash: string): Answer<T> {
  if (row.request_hash !== requestHash) {
    throw new AppError("idempotency_key_reused", otherTexts.idempotencyKeyReused);
  }
  return { status: row.status, body: JSON.parse(row.body) as T, replayed: true };
}

/**
 * Runs `work` once per (account, Idempotency-Key): the key is claimed, the work done and its answer saved in
 * ONE transaction, so a request that committed is answered again from the table however often it is sent
 * (and never half-applied), one that failed left nothing and may be tried again. Two requests with one key at
 * once: the second's claim waits for the first's commit (PostgreSQL's unique index; SQLite's one writer),
 * then fails unique, and the second answers the first's answer. The same key with another request: 409.
 * Only successes are kept: a refused request changed nothing, so trying it again is safe.
 */
export async function answerOnce<T>(
  ctx: Context,
  request: KeyedRequest,
  status: number,
  work: (trx: Context) => Promise<T>,
): Promise<Answer<T>> {
  const { key, userId } = request;
  if (key === undefined) return { status, body: await work(ctx), replayed: false };
  const requestHash = hashOf(request);
  const since = new Date(ctx.now.getTime() - KEY_KEPT_MS).toISOString();
  const earlier = await repo.findKey(ctx.db, userId, key, since);
  if (earlier) return replay<T>(earlier, requestHash);
  try {
    return await inTransaction(ctx, async (trx) => {
      await repo.forgetKeysBefore(trx.db, userId, since);
      const row = { user_id: userId, key, request_hash: requestHash, created_at: ctx.now.toISOString() };
      await repo.claimKey(trx.db, { ...row, status, body: "null" });
      const body = await work(trx);
      await repo.saveAnswer(trx.db, userId, key, { status, body: JSON.stringify(body) });
      return { status, body, replayed: false };
    });
  } catch (error) {
    if (!isUniqueViolation(error, "idempotency_keys_pkey")) throw error;
    const winner = await repo.findKey(ctx.db, userId, key, since);
    if (!winner) throw error;
    return replay<T>(winner, requestHash);
  }
}
