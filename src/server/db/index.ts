export { bucketOf, withinBounds } from "./buckets.ts";
export {
  type AuditLogTable,
  createDb,
  type Database,
  type Db,
  type IdempotencyKeysTable,
  type MessagesTable,
} from "./database.ts";
export { hasTrigrams, refreshPlannerStatistics, type TrigramIndex } from "./dialect.ts";
export { classifyDbError, isUniqueViolation } from "./dialect-errors.ts";
export {
  exclusiveTransaction,
  lockedForShare,
  lockedForUpdate,
  skippingLocked,
  sqliteInTransaction,
  stepsTransaction,
} from "./dialect-locks.ts";
export {
  containsIgnoringCase,
  containsIgnoringCaseIndexed,
  searchWalksListFirst,
  TRIGRAM_MATCHES_TO_SORT,
} from "./dialect-search.ts";
export {
  decodeCursor,
  invalidCursor,
  type Keyset,
  type KeysetOrder,
  type KeysetPosition,
  pageAfter,
  pageOf,
  rebaseKeyset,
} from "./keyset.ts";
export { migrateToLatest, migrateUpTo, pendingMigrations } from "./migrate.ts";
export { claimDue, nextDueOf } from "./queue-claim.ts";
export {
  allOf,
  changedRows,
  firstOf,
  noStatement,
  rowsOf,
  runSteps,
  type Steps,
  type StepsValue,
} from "./steps.ts";
export type {
  MailQueueTable,
  NotificationChannelsTable,
  OneTimeLinksTable,
  PhoneCodesTable,
  PhoneInboundTable,
  PhoneMessagesTable,
  SessionsTable,
  UsersTable,
} from "./tables-accounts.ts";
export type {
  DealDaysTable,
  DealPlansTable,
  ImageLocation,
  ImagesTable,
  ImageVariantsTable,
  LikesTable,
  NewImageRow,
  NewProductRow,
  ProductsTable,
} from "./tables-catalogue.ts";
export type {
  DeliveryAttemptsTable,
  GatewayPaymentOutcome,
  GatewayPaymentsTable,
  OrderItemsTable,
  OrderPartHistoryTable,
  OrderPartsTable,
  OrderPaymentsTable,
  OrdersTable,
  PaymentLinksTable,
  PayoutsTable,
  RefundEventsTable,
  RefundQueueTable,
  RefundReason,
  RefundsTable,
  RunPositionsTable,
} from "./tables-orders.ts";
export type {
  PickupPointsTable,
  SavedAddressesTable,
  SlotBookingsTable,
  SlotPatternsTable,
  SlotsTable,
  StandingOccurrencesTable,
  StandingOrderLinesTable,
  StandingOrderPatternsTable,
  StandingOrdersTable,
} from "./tables-slots.ts";
export { updatedOne } from "./updated-one.ts";
