import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../shared/i18n/languages.ts";
import type { Database, Steps } from "../db/index.ts";
import * as repo from "./auth.repository.ts";

// What an account is as others see it: its public shape, where its mail goes, whether it is an operator.

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** An account's language from its row (English for a value the shop no longer speaks). */
export const languageOf = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The address kept for an account made with a mobile number and no e-mail (issue 37): `users.email` stays
 * required and unique (SQLite cannot drop NOT NULL without rebuilding `users`, which most tables reference),
 * so such an account holds an address in `.invalid`, the top-level domain that never resolves (RFC 2606). No
 * mail is ever queued to it (outbox.ts), and the API shows it as no address (decision 054).
 */
export const phoneOnlyAddress = (userId: string) => `${userId}@phone.invalid`;
const hasMailbox = (email: string) => !email.endsWith(".invalid");
/** Whether the account has an e-mail address of its own (one made by phone may have none; decision 054). */
export async function hasEmail(db: Kysely<Database>, userId: string): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  return user !== undefined && hasMailbox(user.email);
}

/** An account's address as a list shows it: empty for an account made by phone (decision 054). */
export const shownAddress = (email: string) => (hasMailbox(email) ? email : "");

/** What the API tells about an account, from its row (`operator` is decided by the caller). */
export function publicUser(row: {
  id: string;
  email: string;
  name: string;
  language?: string;
  sign_in_phone?: string | null;
}) {
  return {
    id: row.id,
    email: hasMailbox(row.email) ? row.email : null,
    name: row.name,
    language: languageOf(row.language),
    phone: row.sign_in_phone ?? null,
  };
}

/** Where an account's mail goes, and the language it reads (decision 032), from a row already read. */
export const mailRecipient = (row: { email: string; language?: string | null }) => ({
  email: row.email,
  language: languageOf(row.language),
});

/** The mail recipient of each of these accounts that can still receive mail, by account id. */
export function* mailRecipients(
  db: Kysely<Database>,
  userIds: readonly string[],
): Steps<Map<string, { email: string; language: Language }>> {
  const rows = yield* repo.mailableUsers(db, userIds);
  return new Map(rows.map((row) => [row.id, mailRecipient(row)]));
}

/** What the account keeps of a listed address it proved: a hash, so a deleted account keeps no address. */
export const operatorClaimOf = (email: string) =>
  createHash("sha256").update(`operator-claim:${email.trim().toLowerCase()}`).digest("hex");

/**
 * An account is an operator when the database says so (`npm run operator -- grant`), or when it proved, by a
 * link mailed there, an address that OPERATOR_EMAILS still lists (decision 021). Signing up with a listed
 * address proves nothing, and a later holder of the address can never prove it again.
 */
export const isOperator = (
  row: { operator?: number | null; operator_claim?: string | null },
  settings: { operatorEmails: readonly string[] },
) =>
  row.operator === 1 ||
  (row.operator_claim != null &&
    settings.operatorEmails.some((email) => operatorClaimOf(email) === row.operator_claim));
