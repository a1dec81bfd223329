import { type Generated, type GeneratedAlways, type Insertable, Kysely } from "kysely";
import type { AuditAction, AuditTargetType } from "../../shared/schemas/audit.ts";
import type { DeliveryPreference, PreferredTime } from "../../shared/schemas/messages.ts";
import type { OrderStatus, PartStatus, PaymentRecordMethod } from "../../shared/schemas/order-parts.ts";
import type { PaymentMethod } from "../../shared/schemas/orders.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import type { SlotKind } from "../../shared/schemas/slots.ts";
import { bindSqliteHandle, type DialectName, openDialect } from "./dialect.ts";

/*
 * NOTE: enum-like columns carry the unions of src/shared. The database does not check most of them (only
 * order_payments.method has a CHECK); every write goes through a route's zod schema or a service constant, so what
 * is read is what was written, and reads need no casts (docs/architecture.md, "Data model").
 */

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

export interface ImagesTable {
  id: string;
  owner_id: string;
  /** Content type of every stored variant (image/webp). */
  content_type: string;
  /** Size of the largest stored variant. */
  width: number;
  height: number;
  created_at: string;
  /** Where the variants' bytes are: in image_variants (`db`) or in object storage (`s3`). */
  location: Generated<ImageLocation>;
}

export type ImageLocation = "db" | "s3";

/** An images row as written: the location may be left out (`db`). */
export type NewImageRow = Insertable<ImagesTable>;

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  height: number;
  /** The WebP bytes when the image's location is `db`; null when they are in object storage. */
  bytes: Uint8Array | null;
  etag: string;
}

export interface ProductsTable {
  id: string;
  owner_id: string;
  name: string;
  price_paise: number;
  description: string;
  /** NOTE: stays text: a row may hold a category outside CATEGORIES, and the shop lists only complete ones. */
  category: string;
  image_id: string | null;
  created_at: string;
  /** 'piece' when not given (the column's default). */
  unit: Generated<ProductUnit>;
  /** How many are left; null: not tracked. A CHECK keeps it at 0 or more. */
  stock: number | null;
  /** YYYY-MM-DD, or null. */
  harvested_on: string | null;
  /** Set while an operator has taken the product off the shop. */
  hidden_at?: string | null;
  hidden_reason?: string | null;
  /**
   * Computed by the database from `stock` (migration 0009): `sold_out` is 1 when none is left, `in_stock`
   * the opposite. The shop's orders lead with them (sold out last), and so do their indexes.
   */
  sold_out: GeneratedAlways<number>;
  /** 1 when the product is complete enough to be listed in the shop (migration 0009, product rules §5). */
  listed: GeneratedAlways<number>;
  in_stock: GeneratedAlways<number>;
  /** The product's names in other languages and scripts, one a line ('' for none; migration 0041). */
  other_names: Generated<string>;
  /** The name, a line break and the other names: what the name search tests (migration 0041). */
  search_name: GeneratedAlways<string>;
  /** 1 when its farmer keeps it out of standing orders (migration 0048, issue 35). */
  one_off_only: Generated<number>;
}

/** A products row as written: unit, stock and harvest date may be left out (piece, not tracked, none). */
export type NewProductRow = Insertable<ProductsTable>;

export interface OrdersTable {
  id: string;
  user_id: string;
  /** Derived from the parts' statuses (deriveOrderStatus) and kept up to date on every move. */
  status: OrderStatus;
  total_paise: number;
  full_name: string;
  email: string;
  address: string;
  city: string;
  /** The state's code in India (`MH`; decision 047); an order placed before codes keeps an unknown text. */
  state: string;
  zip_code: string;
  /** ISO 3166-1 alpha-2 (`IN`). */
  country: string;
  /** address, city, state and zip joined, as the API's Order has it (product rules §3). */
  shipping_address: string;
  /** The checkout form's phone ('' for orders placed before it was asked). */
  phone: string;
  payment_method: PaymentMethod;
  /** Unique per user: a repeated request with the same key returns the first order. */
  idempotency_key: string;
  /** SHA-256 of the canonical request body, so a reused key with a different body is refused. */
  request_hash: string;
  created_at: string;
  /** Pay now (through the gateway) or on delivery (migration 0050, decision 052). */
  payment_mode: "on_delivery" | "now";
  /** Pay now: its stock and slot places are held for the buyer to pay until then. */
  hold_ends_at: string | null;
  /** Pay now: when it was paid and went to its farmers (null: they do not see it). */
  released_at: string | null;
  /** Pay now: when the hold ran out unpaid and its parts were cancelled. */
  expired_at: string | null;
  /** The standing order this order is an occurrence of (issue 35); null (or absent) for a checkout's order. */
  standing_order_id?: string | null;
}

/** A hosted payment made for an order (decision 052); its status is the link's, not money. */
export interface PaymentLinksTable {
  id: string;
  order_id: string;
  attempt: number;
  gateway: string;
  link_id: string;
  reference_id: string;
  url: string;
  amount_paise: number;
  currency: string;
  status: "created" | "paid" | "failed" | "cancelled";
  created_at: string;
  expire_by: string;
}

/** Whether a gateway payment paid its order, or is money to give back (decision 052). */
export type GatewayPaymentOutcome = "counted" | "mismatch" | "duplicate" | "late";

/** A payment a gateway reported for one of our links, once per gateway payment id; never changed. */
export interface GatewayPaymentsTable {
  id: string;
  order_id: string;
  /** payment_links.id */
  link_id: string;
  gateway: string;
  gateway_payment_id: string;
  method: string;
  amount_paise: number;
  currency: string;
  outcome: GatewayPaymentOutcome;
  at: string;
}

export type RefundReason = "weighed_lower" | "cancelled" | "mismatch" | "duplicate" | "late";

/** A refund asked for, once per request_key; never changed (its progress is in refund_events). */
export interface RefundsTable {
  id: string;
  /** gateway_payments.id */
  payment_id: string;
  order_id: string;
  part_id: string | null;
  amount_paise: number;
  reason: RefundReason;
  request_key: string;
  at: string;
}

/** What the gateway said of a refund: accepted (pending), processed or failed; never changed. */
export interface RefundEventsTable {
  id: string;
  refund_id: string;
  status: "pending" | "processed" | "failed";
  gateway_refund_id: string | null;
  at: string;
}

/** A payment the shop made to a farmer (decision 052); never changed. */
export interface PayoutsTable {
  id: string;
  farmer_id: string;
  amount_paise: number;
  reference: string;
  /** YYYY-MM-DD, the shop's calendar. */
  paid_on: string;
  at: string;
  by_user_id: string;
}

/** A refund the gateway has not accepted yet, retried as the mail queue retries a mail. */
export interface RefundQueueTable {
  refund_id: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

export interface OrderItemsTable {
  order_id: string;
  /** The line's position in the order, from 1. */
  line_no: number;
  product_id: string;
  /** Name and unit price as charged. */
  name: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
  /** The unit the price was for, as placed. */
  unit: ProductUnit;
  /** The part of the order this line belongs to (set for every line; nullable only because SQLite adds it so). */
  part_id: string | null;
  /** How much stock placing the order took (0 for an untracked product or the deal); a cancel returns it. */
  stock_taken: number;
  /** Grams packed, once a line sold by weight is weighed (0: none packed, the line is dropped); null before. */
  packed_grams?: number | null;
  /**
   * What the line is billed: its estimate (`line_total_paise`) for a line not sold by weight, the packed
   * weight's price once weighed; null while a weighed line waits for its weight (decision 020).
   */
  amount_paise?: number | null;
}

export interface OrderPartsTable {
  id: string;
  order_id: string;
  /** The farmer who delivers this part; null for the shop's own part (the deal of the day). */
  farmer_id: string | null;
  status: PartStatus;
  /** The estimate: the sum of its lines as ordered. Its bill is the sum of its lines' amounts (decision 020). */
  total_paise: number;
  /** The order's created_at, copied so a farmer's list pages on one table. */
  created_at: string;
  updated_at: string;
}

export interface OrderPartHistoryTable {
  part_id: string;
  /** The move's number in this part's history, from 1 (placing the order). */
  seq: number;
  status: PartStatus;
  at: string;
  /** The account that made the move. */
  by_user_id: string;
  reason: string | null;
}

/** One payment at the door a farmer recorded for a part (decision 020); undone, it stays with its reason. */
export interface OrderPaymentsTable {
  id: string;
  part_id: string;
  method: PaymentRecordMethod;
  amount_paise: number;
  /** The UPI transaction reference the farmer typed, if any. */
  reference: string | null;
  at: string;
  by_user_id: string;
  undone_at: string | null;
  undone_by_user_id: string | null;
  undone_reason: string | null;
}

/** Where buyers pay by UPI: `owner` is a farmer's user id, or `shop` for the shop's own part. */
export interface UpiIdsTable {
  owner: string;
  upi_id: string;
  updated_at: string;
}

export interface MessagesTable {
  id: string;
  kind: "contact" | "faq";
  /** The signed-in account that sent it. */
  sender_user_id: string;
  name: string;
  email: string;
  /** contact only */
  phone: string | null;
  /** faq only */
  subject: string | null;
  message: string;
  /** contact only: the addressed farmer; null for FAQ messages and contact messages without a preference. */
  farmer_id: string | null;
  delivery_preference: DeliveryPreference | null;
  preferred_time: PreferredTime | null;
  created_at: string;
  /** The operator's handling of a message to the shop (no farmer). */
  read_at?: string | null;
  handled_at?: string | null;
  note?: string;
}

/** One account's like of one product (decision 011); the pair is the primary key. */
export interface LikesTable {
  user_id: string;
  product_id: string;
  created_at: string;
}

/** What the deal of the day is from `effective_from` on (until a newer plan takes over). */
export interface DealPlansTable {
  id: string;
  effective_from: string;
  name: string;
  description: string;
  price_paise: number;
  original_price_paise: number;
  /** null: the built-in cabbage picture. */
  image_id: string | null;
  created_by: string | null;
  created_at: string;
}

/**
 * The deal each shop day ran with, written at the day's turnover by the first server to get there (the
 * primary key makes it once across servers; decision 033).
 */
export interface DealDaysTable {
  shop_date: string;
  name: string;
  price_paise: number;
  original_price_paise: number;
  /** null: the built-in cabbage picture. */
  image_id: string | null;
  turned_at: string;
  /** Which server wrote it (host, port, process id). */
  turned_by: string;
}

/**
 * The first answer to a state-changing request made with an Idempotency-Key (decision 046): a replay with the
 * same request gets it back; written in the transaction of the change it answers.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  request_hash: string;
  status: number;
  /** The answer's JSON. */
  body: string;
  created_at: string;
}

/** Where a farmer last put an address in their delivery run, per PIN code (decision 046). */
export interface RunPositionsTable {
  farmer_id: string;
  zip_code: string;
  /** The order's joined shipping address, in lower case. */
  address: string;
  position: number;
  updated_at: string;
}

/** A "not at home": the farmer came and nobody was there; the part stays out for delivery. */
export interface DeliveryAttemptsTable {
  id: string;
  part_id: string;
  at: string;
  by_user_id: string;
  reason: string;
}

/** One operator action; append-only (the database refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  at: string;
  /** null when the action came from the command line. */
  actor_id: string | null;
  actor_email: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  reason: string | null;
}

/** A pickup point of a farmer (farmer_id null: the shop's own, for the deal of the day). */
export interface PickupPointsTable {
  id: string;
  farmer_id: string | null;
  name: string;
  address: string;
  directions: string | null;
  map_url: string | null;
  opening_note: string | null;
  retired_at: string | null;
  created_at: string;
}

/** One PIN prefix a farmer (or the shop) delivers to. */
export interface DeliveryAreasTable {
  id: string;
  farmer_id: string | null;
  pin_prefix: string;
}

/** A weekly slot: weekday 0 (Sunday) to 6, wall-clock times HH:MM in the shop's time zone. */
export interface SlotPatternsTable {
  id: string;
  farmer_id: string | null;
  kind: SlotKind;
  pickup_point_id: string | null;
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number;
  cutoff_hours: number;
  generated_through: string | null;
  deleted_at: string | null;
  created_at: string;
}

/** A dated slot, made from a pattern for one day of the shop's calendar. */
export interface SlotsTable {
  id: string;
  farmer_id: string | null;
  pattern_id: string | null;
  kind: SlotKind;
  pickup_point_id: string | null;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  cutoff_at: string;
  capacity: number;
  taken: Generated<number>;
  closed_at: string | null;
  closed_reason: string | null;
  created_at: string;
}

/** The place a part of an order holds in a slot. */
export interface SlotBookingsTable {
  part_id: string;
  slot_id: string;
  released_at: string | null;
  created_at: string;
}

/** A shipping address an account keeps for checkout (at most 3; issue 25). */
export interface SavedAddressesTable {
  id: string;
  user_id: string;
  full_name: string;
  phone: string;
  address: string;
  city: string;
  /** As an order's (decision 047). */
  state: string;
  zip_code: string;
  country: string;
  created_at: string;
  /** When it was last saved or used for an order. */
  used_at: string;
}

/** A standing order (issue 35, decision 050): lines, weekly slots and how often, made once by its shopper. */
export interface StandingOrdersTable {
  id: string;
  user_id: string;
  farmer_id: string;
  every_weeks: number;
  start_date: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  payment_method: PaymentMethod;
  reminder_hours: number | null;
  status: "active" | "ended";
  paused_from: string | null;
  paused_until: string | null;
  /** The last shop day its occurrences were made for (null: none yet). */
  made_through: string | null;
  idempotency_key: string;
  request_hash: string;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  /** A weekly slot of it was deleted: paused until its shopper chooses another (migration 0048). */
  slot_removed_at?: string | null;
}

export interface StandingOrderLinesTable {
  standing_order_id: string;
  line_no: number;
  product_id: string;
  quantity: number;
  /** The unit price saved when the shopper made, changed or accepted it (the price-rise hold compares). */
  price_paise: number;
}

export interface StandingOrderPatternsTable {
  standing_order_id: string;
  pattern_id: string;
}

export type OccurrenceState = "made" | "missed" | "skipped";

/** One dated slot of a standing order: unique per (standing order, slot), the exactly-once key. */
export interface StandingOccurrencesTable {
  id: string;
  standing_order_id: string;
  slot_id: string;
  date: string;
  cutoff_at: string;
  state: OccurrenceState;
  order_id: string | null;
  reason: string | null;
  created_at: string;
  /** When its reminder was queued (migration 0048). */
  reminded_at?: string | null;
  /** `price_rise`: held until its shopper accepts the new price, else skipped at the cut-off (migration 0049). */
  held?: "price_rise" | null;
  /** When its shopper was mailed that it is held for a price rise (migration 0054). */
  price_told_at?: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_parts: OrderPartsTable;
  order_part_history: OrderPartHistoryTable;
  order_payments: OrderPaymentsTable;
  payment_links: PaymentLinksTable;
  gateway_payments: GatewayPaymentsTable;
  refunds: RefundsTable;
  refund_events: RefundEventsTable;
  refund_queue: RefundQueueTable;
  payouts: PayoutsTable;
  upi_ids: UpiIdsTable;
  messages: MessagesTable;
  deal_plans: DealPlansTable;
  deal_days: DealDaysTable;
  audit_log: AuditLogTable;
  one_time_links: OneTimeLinksTable;
  phone_codes: PhoneCodesTable;
  phone_messages: PhoneMessagesTable;
  notification_channels: NotificationChannelsTable;
  phone_inbound: PhoneInboundTable;
  mail_queue: MailQueueTable;
  likes: LikesTable;
  pickup_points: PickupPointsTable;
  delivery_areas: DeliveryAreasTable;
  slot_patterns: SlotPatternsTable;
  slots: SlotsTable;
  slot_bookings: SlotBookingsTable;
  saved_addresses: SavedAddressesTable;
  idempotency_keys: IdempotencyKeysTable;
  run_positions: RunPositionsTable;
  delivery_attempts: DeliveryAttemptsTable;
  standing_orders: StandingOrdersTable;
  standing_order_lines: StandingOrderLinesTable;
  standing_order_patterns: StandingOrderPatternsTable;
  standing_occurrences: StandingOccurrencesTable;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Opens the database a URL names: `sqlite:<file>` (or `sqlite::memory:`) or `postgres://…` (see dialect.ts). */
export function createDb(url: string): Db {
  const { name, dialect, sqlite } = openDialect(url);
  const kysely = new Kysely<Database>({ dialect });
  if (sqlite) bindSqliteHandle(kysely, sqlite);
  return { kysely, dialect: name, close: () => kysely.destroy() };
}
