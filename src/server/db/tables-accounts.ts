// The accounts' tables and what is sent to them (mail, phone messages); database.ts gathers every table.

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  // NOTE: columns added after a table's first migration are optional here, so existing inserts stay valid.
  /** 1 when granted with `npm run operator -- grant`. */
  operator?: number;
  /**
   * SHA-256 of the OPERATOR_EMAILS address this account proved by a mailed link (unique, kept after deletion):
   * an operator while that address stays listed (decision 021).
   */
  operator_claim?: string | null;
  /** Set while the account is suspended: it cannot sign in and its products are hidden. */
  suspended_at?: string | null;
  suspended_reason?: string | null;
  /** Set when the account was deleted: the row stays (orders point at it) with its personal data removed. */
  deleted_at?: string | null;
  /** The language the account reads: `en` (default), `hi` or `mr` (decision 032). */
  language?: string;
  /** The contact phone a farmer sets in the Farmer Portal (issue 40); null until set, cleared at deletion. */
  phone?: string | null;
  /** The verified mobile number (E.164) the account signs in with (issue 37); unique, null when none. */
  sign_in_phone?: string | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token; the raw token lives only in the cookie. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; idle expiry is last_seen_at + the idle window. */
  expires_at: string;
  /** A short description of the device it was started on ("Firefox on Windows"), or null when unknown. */
  browser?: string | null;
}

/**
 * An e-mailed one-time link (issue 34): a password reset, an e-mail change, an operator claim or a sign-in
 * link. Only the token's SHA-256 (hex) is kept; the link is taken (deleted) when it is used.
 */
export interface OneTimeLinksTable {
  token_hash: string;
  kind: "password_reset" | "email_change" | "operator_claim" | "sign_in";
  user_id: string;
  /** The address the link proves: the new address of an e-mail change, the listed one of a claim; else null. */
  address: string | null;
  created_at: string;
  expires_at: string;
}

/** A 6-digit code sent to a mobile number (issue 37, decision 054): kept only hashed, 5 minutes, 3 tries. */
export interface PhoneCodesTable {
  id: string;
  /** E.164. */
  phone: string;
  purpose: "sign-in" | "add";
  user_id: string | null;
  /** HMAC-SHA-256 of the code, keyed by the row's id (hex). */
  code_hash: string;
  tries: number;
  created_at: string;
  expires_at: string;
  spent_at: string | null;
}

/** A WhatsApp or SMS message of an order's news (issue 37, migration 0058, decision 063). */
export interface PhoneMessagesTable {
  id: string;
  user_id: string;
  kind: "buying" | "fulfilling";
  event: string;
  channel: "whatsapp" | "sms";
  /** E.164. */
  recipient: string;
  language: string;
  text: string;
  order_id: string | null;
  part_id: string | null;
  status: "queued" | "sent" | "delivered" | "read" | "failed";
  provider_id: string | null;
  attempts: number;
  /** When it is next tried; null once sent or given up. */
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  status_at: string | null;
  /** The WhatsApp message this SMS replaces (the 10-minute fallback). */
  fallback_of: string | null;
  /** When this WhatsApp message was looked at for the fallback. */
  fallback_at: string | null;
}

/** A person's choice of channel per kind of news; no row: the default (migration 0058). */
export interface NotificationChannelsTable {
  user_id: string;
  kind: "buying" | "fulfilling";
  channel: "email" | "whatsapp" | "sms";
  enabled: number;
  consent_at: string | null;
  updated_at: string;
}

/** An inbound WhatsApp or SMS message already taken (a STOP), by its provider's id. */
export interface PhoneInboundTable {
  provider_id: string;
  received_at: string;
}

export interface MailQueueTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  /**
   * An open digest's key (decision 048): later events of the same order join this mail until it is claimed
   * to be sent (which clears it). Null for every other mail.
   */
  digest_key?: string | null;
  /** An open digest's content so far (JSON), written into the mail again as each event joins. */
  digest?: string | null;
}
