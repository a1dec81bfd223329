/**
 * Business constants from product rules §9 (docs/architecture.md, "Product rules cited in the code"); the limits
 * a schema bounds live beside it.
 */
export const APP_TITLE = "Veggie Cart";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const REDIRECT_AFTER_AUTH_MS = 1000;
export const REDIRECT_AFTER_ADD_PRODUCT_MS = 1500;
export const AUTH_TOAST_MS = 5000;
export const TOAST_MS = 3000;

/** Browser storage keys the product's rules name (product rules §3). */
export const storageKeys = {
  token: "token",
  loggedInUser: "loggedInUser",
  cart: "cart",
  likedProducts: "likedProducts",
  dealOfTheDay: "dealOfTheDay",
} as const;

/** Browser storage keys of our own, beyond those the product's rules name. */
export const ownStorageKeys = {
  /** The signed-in user as last confirmed by the server, so the shop opens offline (decision 011). */
  offlineUser: "veggieCart.offlineUser",
  /** What was typed at checkout, kept in this tab across a reload (sessionStorage). */
  checkoutDraft: "veggieCart.checkoutDraft",
  /** The accounts whose likes this browser has already merged its `likedProducts` into (decision 011). */
  likesMergedFor: "veggieCart.likesMergedFor",
} as const;

/** A header a cross-site form cannot send: every state-changing API call carries it (CSRF defence). */
export const CSRF_HEADER = "x-veggie-cart";

/**
 * The header that makes a change safe to repeat (an order's placement, a farmer's changes: decision 046). Here,
 * not beside its schema, so the service worker sends it without loading zod.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/**
 * The most of one line a cart may hold; the server refuses more at checkout. Here, not beside the cart's
 * schema, so the boot script of a server-drawn page (src/client/boot.ts) keeps the cart without zod.
 */
export const MAX_LINE_QUANTITY = 99;
export const MIN_LINE_QUANTITY = 1;

/**
 * The most products one account may like: enough for any shopper, and it keeps `GET /api/likes` small. Here,
 * not beside the likes' schemas, so the screens that show likes carry no zod (decision 073).
 */
export const MAX_LIKES = 500;
