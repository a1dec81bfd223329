import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import * as repo from "./one-time-links.repository.ts";

export type { LinkKind } from "./one-time-links.repository.ts";

/** The only thing the database keeps of an e-mailed link's secret: its SHA-256 (hex). */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Makes a one-time link for the account and answers its secret, to be mailed once the caller's transaction has
 * committed and never stored (decision 018). `replace` ends the account's older links of the kind first.
 */
export async function issueLink(
  db: Kysely<Database>,
  link: {
    kind: repo.LinkKind;
    userId: string;
    address?: string;
    now: Date;
    lifetimeMs: number;
    replace?: boolean;
  },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  if (link.replace) await repo.dropLinks(db, link.userId, [link.kind]);
  await repo.insertLink(db, {
    token_hash: hashLinkToken(token),
    kind: link.kind,
    user_id: link.userId,
    address: link.address ?? null,
    created_at: link.now.toISOString(),
    expires_at: new Date(link.now.getTime() + link.lifetimeMs).toISOString(),
  });
  return token;
}

/** A link's row if its secret is still usable at `now`, without spending it. */
export function peekLink(db: Kysely<Database>, kind: repo.LinkKind, token: string, now: Date) {
  return repo.findLink(db, kind, hashLinkToken(token), now.toISOString());
}

/** Spends a link: its row once, undefined for an unknown, used, expired or other kind's secret. */
export function takeLink(db: Kysely<Database>, kind: repo.LinkKind, token: string, now: Date) {
  return repo.takeLink(db, kind, hashLinkToken(token), now.toISOString());
}

/** When the account's newest usable link of the kind was made (for spacing them), and what it proves. */
export function newestLink(db: Kysely<Database>, kind: repo.LinkKind, userId: string, now: Date) {
  return repo.newestLink(db, kind, userId, now.toISOString());
}

export const { dropLinks, deleteExpiredLinks } = repo;
