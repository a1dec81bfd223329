import { text } from "./i18n/text.ts";
/**
 * Every error code the API answers with, and the one HTTP status that goes with it. The server raises errors
 * by code (the status comes from here); the client decides by code, never by matching text. A new refusal
 * adds its code here first. docs/architecture.md ("The API contract") describes the error body.
 */
export const ERROR_CODES = {
  /** A field, query parameter or header is missing or malformed; `fields` names each one. */
  validation_failed: {
    status: 400,
    meaning: text(/*i18n*/ { id: "A field, parameter or header is missing or malformed" }),
  },
  /** A page cursor that this server did not hand out, or one for another sort. */
  invalid_cursor: {
    status: 400,
    meaning: text(/*i18n*/ { id: "The page cursor is not one this list handed out" }),
  },
  /** The request could not be read at all (e.g. malformed JSON). */
  bad_request: { status: 400, meaning: text(/*i18n*/ { id: "The request could not be read" }) },
  /** The database cannot store or compare a value (e.g. out of its range); the request's fault. */
  invalid_value: { status: 400, meaning: text(/*i18n*/ { id: "A value cannot be stored or compared" }) },
  invalid_multipart: {
    status: 400,
    meaning: text(/*i18n*/ { id: "The multipart upload could not be read" }),
  },
  unsupported_image: {
    status: 400,
    meaning: text(/*i18n*/ { id: "The file is not a JPEG, PNG, WebP, GIF or AVIF image" }),
  },
  unreadable_image: { status: 400, meaning: text(/*i18n*/ { id: "The image's bytes could not be decoded" }) },
  image_too_many_pixels: {
    status: 400,
    meaning: text(/*i18n*/ { id: "The image declares more pixels than allowed" }),
  },
  /** An e-mailed link (password reset, e-mail change) that is unknown, used, replaced or expired. */
  invalid_token: {
    status: 400,
    meaning: text(/*i18n*/ { id: "The link is invalid, already used or expired" }),
  },
  /** A phone code (issue 37) that is wrong, used, replaced, expired or out of tries: one answer for all. */
  invalid_code: { status: 400, meaning: text(/*i18n*/ { id: "The code is wrong, already used or expired" }) },
  /** A farmer in the cart delivers in slots and none was chosen for them; `fields` names `slots.<farmerId>`. */
  slot_required: {
    status: 400,
    meaning: text(/*i18n*/ { id: "A delivery or pickup slot must be chosen for this farmer" }),
  },
  unauthorized: {
    status: 401,
    meaning: text(/*i18n*/ { id: "Not signed in, or the session has ended, or wrong credentials" }),
  },
  forbidden: { status: 403, meaning: text(/*i18n*/ { id: "Signed in, but not allowed to do this" }) },
  /** The account was suspended by an operator: it cannot sign in (its password was right). */
  account_suspended: { status: 403, meaning: text(/*i18n*/ { id: "The account is suspended" }) },
  /** The password given to confirm an account change is not the account's (403, not 401: still signed in). */
  wrong_password: { status: 403, meaning: text(/*i18n*/ { id: "The password given is not the account's" }) },
  csrf_rejected: {
    status: 403,
    meaning: text(/*i18n*/ { id: "A state-changing request without our header or from another site" }),
  },
  not_found: { status: 404, meaning: text(/*i18n*/ { id: "No such resource (or it is not yours)" }) },
  /** A uniqueness rule the request broke, not one a service names more precisely. */
  already_exists: { status: 409, meaning: text(/*i18n*/ { id: "This already exists" }) },
  /** Something the request refers to is gone (a foreign key), or another state conflict. */
  conflict: {
    status: 409,
    meaning: text(/*i18n*/ { id: "Something this request refers to no longer exists" }),
  },
  /** The account already keeps the most saved addresses it may (3). */
  address_book_full: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The account keeps as many addresses as it may" }),
  },
  email_taken: { status: 409, meaning: text(/*i18n*/ { id: "An account with this e-mail exists" }) },
  /** Another account signs in with this mobile number (told only to whoever proved they hold it). */
  phone_taken: {
    status: 409,
    meaning: text(/*i18n*/ { id: "Another account signs in with this mobile number" }),
  },
  /** Removing the number would leave the account no way to sign in (it has no password). */
  last_way_in: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The account would have no way left to sign in" }),
  },
  /** The Idempotency-Key was used before by this account for a different request (an order, a farmer's move). */
  idempotency_key_reused: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The Idempotency-Key was used for a different request" }),
  },
  deal_expired: { status: 409, meaning: text(/*i18n*/ { id: "The deal of the day in the cart has ended" }) },
  /** The operator replaced today's deal after it was put in the cart: the line names the earlier one. */
  deal_changed: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The deal of the day in the cart has been replaced by another" }),
  },
  /** A planned deal is changed or removed only before its day comes. */
  deal_plan_started: { status: 409, meaning: text(/*i18n*/ { id: "The planned deal has already started" }) },
  product_unavailable: {
    status: 409,
    meaning: text(/*i18n*/ { id: "A product in the cart no longer exists" }),
  },
  /** A line asks for more than is left; `fields` gives each such line's "Only N left". */
  out_of_stock: {
    status: 409,
    meaning: text(/*i18n*/ { id: "A product in the cart has fewer left than asked for" }),
  },
  /** A part of an order cannot make this move from the status it has (the message names it). */
  /** A relative stock change (PATCH `stockChange`) on a product whose stock is not counted. */
  stock_not_tracked: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The product's stock is not counted, so it cannot change by a number" }),
  },
  /** A relative stock change would leave the stock below 0 (or above the most allowed); `fields` says why. */
  stock_out_of_range: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The stock change would leave the stock below 0 or too high" }),
  },
  invalid_transition: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The order cannot move to that status from the one it has" }),
  },
  already_paid: {
    status: 409,
    meaning: text(/*i18n*/ { id: "This part of the order is already marked as paid" }),
  },
  /** A part's weights change only while it is pending or confirmed (decision 020). */
  weights_final: {
    status: 409,
    meaning: text(/*i18n*/ { id: "This part of the order can no longer be weighed" }),
  },
  /** A payment before the part's bill is final, or for a cancelled part. */
  bill_not_final: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The bill of this part of the order is not final yet" }),
  },
  /** A payment that would take what was received above the part's final total. */
  overpayment: { status: 409, meaning: text(/*i18n*/ { id: "The payment is more than is owed" }) },
  /** A payment is undone only once, and only within 24 hours of its record. */
  undo_refused: { status: 409, meaning: text(/*i18n*/ { id: "This payment can no longer be undone" }) },
  /** A cancel of a part with money recorded for it: the payment is undone first, so no money leaves the books. */
  part_has_payments: {
    status: 409,
    meaning: text(
      /*i18n*/ { id: "Money was received for this part of the order: undo the payment before cancelling it" },
    ),
  },
  already_hidden: { status: 409, meaning: text(/*i18n*/ { id: "The product is already hidden" }) },
  not_hidden: { status: 409, meaning: text(/*i18n*/ { id: "The product is not hidden" }) },
  already_suspended: { status: 409, meaning: text(/*i18n*/ { id: "The account is already suspended" }) },
  not_suspended: { status: 409, meaning: text(/*i18n*/ { id: "The account is not suspended" }) },
  cannot_suspend_self: {
    status: 409,
    meaning: text(/*i18n*/ { id: "An operator cannot suspend their own account" }),
  },
  /** The chosen slot has no place left (decision 017); the message names the farmer. */
  slot_full: { status: 409, meaning: text(/*i18n*/ { id: "The chosen delivery or pickup slot is full" }) },
  /** The chosen slot was closed by its farmer or is past its cut-off. */
  slot_closed: { status: 409, meaning: text(/*i18n*/ { id: "The chosen slot is closed for ordering" }) },
  /** The chosen delivery slot's farmer does not deliver to the shipping PIN code. */
  slot_not_served: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The farmer does not deliver to this PIN code" }),
  },
  /** A standing order's occurrence can no longer be skipped or changed: its slot's cut-off passed (issue 35). */
  cutoff_passed: { status: 409, meaning: text(/*i18n*/ { id: "The cut-off for this delivery has passed" }) },
  /** A shopper may keep at most MAX_ACTIVE_STANDING_ORDERS active standing orders (issue 35). */
  too_many_standing_orders: {
    status: 422,
    meaning: text(/*i18n*/ { id: "The account has as many standing orders as it may" }),
  },
  /** A slot's capacity cannot go below the places its orders hold. */
  capacity_below_taken: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The capacity is below the places already taken" }),
  },
  /** Closing a slot that holds orders needs `confirm: true` (its buyers are told). */
  confirm_required: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The change affects orders; send it again with confirm" }),
  },
  /** Pay now was asked for and the shop takes no payments online (no gateway configured; decision 052). */
  payment_unavailable: { status: 409, meaning: text(/*i18n*/ { id: "Paying online is not available" }) },
  /** Try again on a Pay now order whose hold has ended (it was cancelled). */
  payment_hold_expired: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The time to pay this order has run out" }),
  },
  /** Try again on an order that is paid already, or pays on delivery. */
  nothing_to_pay: { status: 409, meaning: text(/*i18n*/ { id: "This order has nothing to pay online" }) },
  /** A payout to a farmer above what the shop owes them (decision 052). */
  payout_above_owed: {
    status: 409,
    meaning: text(/*i18n*/ { id: "The payout is more than the shop owes the farmer" }),
  },
  /** An upload's body stopped arriving for a few seconds: its place in the image queue went to others. */
  upload_stalled: { status: 408, meaning: text(/*i18n*/ { id: "The upload stopped arriving" }) },
  payload_too_large: { status: 413, meaning: text(/*i18n*/ { id: "The request body is too large" }) },
  image_too_large: { status: 413, meaning: text(/*i18n*/ { id: "The image file is too large" }) },
  too_many_files: { status: 413, meaning: text(/*i18n*/ { id: "More than one file in an upload" }) },
  too_many_fields: { status: 413, meaning: text(/*i18n*/ { id: "Too many fields in an upload" }) },
  unsupported_media_type: {
    status: 415,
    meaning: text(/*i18n*/ { id: "The body's content type is not accepted here" }),
  },
  order_too_large: { status: 422, meaning: text(/*i18n*/ { id: "The order's total is above the cap" }) },
  /** The account already likes as many products as it may (MAX_LIKES). */
  too_many_likes: {
    status: 422,
    meaning: text(/*i18n*/ { id: "The account likes as many products as it may" }),
  },
  rate_limited: { status: 429, meaning: text(/*i18n*/ { id: "Too many requests; try again later" }) },
  internal: { status: 500, meaning: text(/*i18n*/ { id: "A fault on the server" }) },
  /** Too many concurrent changes (serialization failure); retry after `Retry-After`. */
  busy: { status: 503, meaning: text(/*i18n*/ { id: "Too many changes at once; try again" }) },
  /** The server is overloaded (event loop lagging, image queue full); retry after `Retry-After`. */
  overloaded: {
    status: 503,
    meaning: text(/*i18n*/ { id: "The server is too busy; try again after Retry-After" }),
  },
  /** No WhatsApp or SMS provider is set in production: no code can be sent (issue 37). */
  phone_unavailable: {
    status: 503,
    meaning: text(/*i18n*/ { id: "Sign-in by mobile number is not available" }),
  },
  database_unavailable: { status: 503, meaning: text(/*i18n*/ { id: "The database did not answer" }) },
  /** The server is shutting down: a load balancer sends the request to another one. */
  /** The payment gateway did not answer in time or refused: nothing was charged or held (decision 052). */
  gateway_unavailable: { status: 503, meaning: text(/*i18n*/ { id: "The payment gateway did not answer" }) },
  draining: {
    status: 503,
    meaning: text(/*i18n*/ { id: "This server is shutting down; another one will answer" }),
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;

/** The codes whose refusal is about the uploaded picture, so a form shows them at its image field. */
const IMAGE_ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  "unsupported_image",
  "unreadable_image",
  "image_too_many_pixels",
  "image_too_large",
  "too_many_files",
  "payload_too_large",
  "unsupported_media_type",
]);

export const isImageError = (code: string) => IMAGE_ERROR_CODES.has(code);
