import { Kysely } from "kysely";
import type { AuditAction, AuditTargetType } from "../../shared/schemas/audit.ts";
import type { DeliveryPreference, PreferredTime } from "../../shared/schemas/messages.ts";
import type { DialectName } from "./dialect.ts";
import { openDialect } from "./dialect-connection.ts";
import { bindSqliteHandle } from "./dialect-locks.ts";
import type * as accounts from "./tables-accounts.ts";
import type * as catalogue from "./tables-catalogue.ts";
import type * as orders from "./tables-orders.ts";
import type * as slots from "./tables-slots.ts";

/*
 * NOTE: enum-like columns carry the unions of src/shared. The database does not check most of them (only
 * order_payments.method has a CHECK); every write goes through a route's zod schema or a service constant, so what
 * is read is what was written, and reads need no casts (docs/architecture.md, "Data model").
 */

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

export interface Database {
  users: accounts.UsersTable;
  sessions: accounts.SessionsTable;
  images: catalogue.ImagesTable;
  image_variants: catalogue.ImageVariantsTable;
  products: catalogue.ProductsTable;
  orders: orders.OrdersTable;
  order_items: orders.OrderItemsTable;
  order_parts: orders.OrderPartsTable;
  order_part_history: orders.OrderPartHistoryTable;
  order_payments: orders.OrderPaymentsTable;
  payment_links: orders.PaymentLinksTable;
  gateway_payments: orders.GatewayPaymentsTable;
  refunds: orders.RefundsTable;
  refund_events: orders.RefundEventsTable;
  refund_queue: orders.RefundQueueTable;
  payouts: orders.PayoutsTable;
  upi_ids: orders.UpiIdsTable;
  messages: MessagesTable;
  deal_plans: catalogue.DealPlansTable;
  deal_days: catalogue.DealDaysTable;
  audit_log: AuditLogTable;
  one_time_links: accounts.OneTimeLinksTable;
  phone_codes: accounts.PhoneCodesTable;
  phone_messages: accounts.PhoneMessagesTable;
  notification_channels: accounts.NotificationChannelsTable;
  phone_inbound: accounts.PhoneInboundTable;
  mail_queue: accounts.MailQueueTable;
  likes: catalogue.LikesTable;
  pickup_points: slots.PickupPointsTable;
  delivery_areas: slots.DeliveryAreasTable;
  slot_patterns: slots.SlotPatternsTable;
  slots: slots.SlotsTable;
  slot_bookings: slots.SlotBookingsTable;
  saved_addresses: slots.SavedAddressesTable;
  idempotency_keys: IdempotencyKeysTable;
  run_positions: orders.RunPositionsTable;
  delivery_attempts: orders.DeliveryAttemptsTable;
  standing_orders: slots.StandingOrdersTable;
  standing_order_lines: slots.StandingOrderLinesTable;
  standing_order_patterns: slots.StandingOrderPatternsTable;
  standing_occurrences: slots.StandingOccurrencesTable;
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
