import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../constants.ts";
import type { Language } from "../i18n/languages.ts";
import { textWith } from "../i18n/text.ts";
import { messages, orderMessages } from "../messages.ts";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./cart.ts";
import { stateCode, stateName } from "./india-states.ts";
import { PhoneSchema } from "./messages.ts";
import { OrderPaymentSchema, PaymentModeSchema } from "./online-payments.ts";
import {
  ORDER_STATUSES,
  PART_STATUSES,
  PartBillShape,
  PartHistoryEntrySchema,
  PartPaymentSchema,
  PartUpiSchema,
} from "./order-parts.ts";
import { CHECKOUT_PAYMENT_METHODS, DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from "./payment-methods.ts";
import { PRODUCT_UNITS } from "./products.ts";
import { OrderSlotsSchema, PartSlotSchema } from "./slot-basics.ts";

export { ORDER_STATUSES, type OrderStatus } from "./order-parts.ts";
export {
  CHECKOUT_PAYMENT_METHODS,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  PAYMENT_ON_DELIVERY_NOTE,
  type PaymentMethod,
  type PaymentPlace,
  paymentMethodLabels,
  paymentMethodNotes,
  paymentPlaceOf,
  paymentWhenNotes,
  STANDING_PAYMENT_METHODS,
} from "./payment-methods.ts";

/** The most distinct lines one order may hold. */
export const MAX_ORDER_LINES = 50;
/**
 * The largest order total, in rupees (₹10,00,000). NOTE: far above any basket of produce, and it keeps every
 * total well inside a 32-bit integer of paise on both databases.
 */
export const MAX_ORDER_TOTAL = 1_000_000;
export const ADDRESS_MAX_LENGTH = 200;
export const PLACE_MAX_LENGTH = 100;

const required = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, orderMessages.paymentMethodInvalid);
/** What checkout takes: the four methods it offers; cash is a standing order's only (issue 35). */
const CheckoutPaymentMethodSchema = z.enum(CHECKOUT_PAYMENT_METHODS, orderMessages.paymentMethodInvalid);

/** The country an address is in when none is given: the shop sells in India (`SHOP_COUNTRIES`, decision 047). */
export const DEFAULT_COUNTRY = "IN";
/** An Indian PIN code: six digits, the first not 0 (issue 40 item 10). */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
/** A postal code of another country the shop is set to deliver to: kept as a free form. */
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

/** The fields of an address (product rules §3 Checkout form), each checked on its own. */
const addressFields = {
  fullName: required(orderMessages.fullNameRequired, NAME_MAX_LENGTH),
  /** Required: the farmer calls to deliver within 24 hours. */
  phone: PhoneSchema,
  address: required(orderMessages.addressRequired, ADDRESS_MAX_LENGTH),
  city: required(orderMessages.cityRequired, PLACE_MAX_LENGTH).refine(
    (city) => (city.match(/\p{L}/gu)?.length ?? 0) >= 2,
    orderMessages.cityInvalid,
  ),
  state: required(orderMessages.stateRequired, PLACE_MAX_LENGTH),
  zipCode: z
    .string(orderMessages.zipCodeRequired)
    .trim()
    .min(1, orderMessages.zipCodeRequired)
    .max(20, orderMessages.zipCodeInvalid),
  /** ISO 3166-1 alpha-2; India unless the shop delivers elsewhere too (the server decides which it accepts). */
  country: z
    .string(orderMessages.countryInvalid)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, orderMessages.countryInvalid)
    .default(DEFAULT_COUNTRY),
};

/**
 * The rules of an address in its country: in India the PIN is six digits and the state one of the list
 * (decision 047); elsewhere the state and postal code are a free form. Checked even when another field is
 * wrong (`when`), so every field's message shows at once; a field with its own message gets no second one.
 */
function checkInItsCountry(address: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const country = text(address.country).toUpperCase() || DEFAULT_COUNTRY;
  const zipCode = text(address.zipCode);
  const state = text(address.state);
  if (zipCode !== "" && !(country === DEFAULT_COUNTRY ? PIN_PATTERN : POSTAL_CODE_PATTERN).test(zipCode)) {
    const message = country === DEFAULT_COUNTRY ? orderMessages.pinInvalid : orderMessages.zipCodeInvalid;
    ctx.addIssue({ code: "custom", path: ["zipCode"], message });
  }
  if (country === DEFAULT_COUNTRY && state !== "" && state.length <= PLACE_MAX_LENGTH && !stateCode(state)) {
    ctx.addIssue({ code: "custom", path: ["state"], message: orderMessages.stateInvalid });
  }
}
const checkedInItsCountry = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
};

/** An Indian address keeps its state's code, whether the code or its name in English, Hindi or Marathi came. */
const withStateCode = <T extends { state: string; country: string }>(address: T): T =>
  address.country === DEFAULT_COUNTRY
    ? { ...address, state: stateCode(address.state) ?? address.state }
    : address;

/** An address as the address book takes it: checkout's, without the e-mail. */
export const AddressFieldsSchema = z
  .strictObject(addressFields)
  .superRefine(checkInItsCountry, checkedInItsCountry)
  .transform(withStateCode);

/** Checkout's e-mail as product rules §3 have it: required, and well-formed. */
const givenEmail = z
  .string(orderMessages.emailRequired)
  .trim()
  .min(1, orderMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));
/**
 * The e-mail as the API takes it: empty (or left out) is allowed, for an account made with a mobile number may
 * have none (issue 37); the server refuses it empty from an account with an e-mail (`refuseMissingEmail`).
 */
const optionalEmail = z
  .string(orderMessages.emailRequired)
  .trim()
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.union([z.literal(""), z.email(messages.invalidEmail)], messages.invalidEmail))
  .default("");

/** Where the order goes (product rules §3 Checkout form, without the payment method). */
const shippingFields = { ...addressFields, email: optionalEmail };
export const ShippingSchema = z
  .strictObject(shippingFields)
  .superRefine(checkInItsCountry, checkedInItsCountry)
  .transform(withStateCode);
export type Shipping = z.output<typeof ShippingSchema>;
/** ShippingSchema as the form of an account with an e-mail checks it: the e-mail is required (issue 37). */
export const ShippingWithEmailSchema = z
  .strictObject({ ...addressFields, email: givenEmail })
  .superRefine(checkInItsCountry, checkedInItsCountry)
  .transform(withStateCode);

/** An address's lines as kept, no rule applied: an order's shipping and a saved address answer them so. */
export const keptAddressLines = {
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** The state's code (`MH`) in India; an address kept before states were codes keeps its text. */
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
};

/**
 * Where an order goes, as an answer shows it: the checkout's fields as kept, no rule applied, for they are
 * emptied (the name masked) once the buyer deletes the account (issue 40 #25).
 */
export const ShippingRecordSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  ...keptAddressLines,
});

const checkoutForm = (email: typeof givenEmail | typeof optionalEmail) =>
  z
    .strictObject({
      ...addressFields,
      email,
      paymentMethod: CheckoutPaymentMethodSchema.default(DEFAULT_PAYMENT_METHOD),
    })
    .superRefine(checkInItsCountry, checkedInItsCountry)
    .transform(withStateCode);
/** The checkout form as the shopper fills it (product rules §3, §5); its e-mail optional (issue 37). */
export const CheckoutFormSchema = checkoutForm(optionalEmail);
/** CheckoutFormSchema as an account with an e-mail fills it: the e-mail is required, as product rules §3 say. */
export const CheckoutFormWithEmailSchema = checkoutForm(givenEmail);
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

/**
 * One line the client asks for: a product id and a quantity, nothing else the server would trust. A line for
 * the deal of the day names the deal it was added under by that deal's `startTime`.
 */
export const OrderLineRequestSchema = z.object({
  productId: z.string("Product id is required").trim().min(1, "Product id is required").max(100),
  quantity: z
    .number(orderMessages.quantityInvalid)
    .int(orderMessages.quantityInvalid)
    .min(MIN_LINE_QUANTITY, orderMessages.quantityInvalid)
    .max(MAX_LINE_QUANTITY, orderMessages.quantityInvalid),
  dealStartTime: z.iso.datetime({ offset: true }).optional(),
});
export type OrderLineRequest = z.infer<typeof OrderLineRequestSchema>;

/**
 * The body of POST /api/orders. Prices, totals and names are not part of it: the server sets them, and any such
 * field a client sends is dropped unread (z.object strips unknown keys).
 */
export const PlaceOrderSchema = z.object({
  items: z
    .array(OrderLineRequestSchema, orderMessages.cartEmpty)
    .min(1, orderMessages.cartEmpty)
    .max(MAX_ORDER_LINES, `An order may hold at most ${MAX_ORDER_LINES} different products`),
  shipping: ShippingSchema,
  paymentMethod: CheckoutPaymentMethodSchema.default(DEFAULT_PAYMENT_METHOD),
  /**
   * The delivery or pickup slot chosen per farmer id ("shop" for the deal's part): required for each farmer in
   * the cart who delivers in slots, ignored for the others (decision 017).
   */
  slots: OrderSlotsSchema,
  /** Pay now through the payment gateway, or on delivery (the default; decision 052). */
  payment: PaymentModeSchema.default("on_delivery"),
});
export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>;
export type PlaceOrder = z.output<typeof PlaceOrderSchema>;

/** The body of POST /api/orders/quote: the cart's lines, priced by the server without placing an order. */
export const QuoteRequestSchema = z.object({ items: PlaceOrderSchema.shape.items });
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

/** A line as charged: name, unit price and unit as they were when the order was placed. */
export const OrderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Rupees. */
  unitPrice: z.number(),
  /** What the unit price is for ("kg", "bunch", …). */
  unit: z.enum(PRODUCT_UNITS),
  quantity: z.number().int(),
  /** Rupees: the price as ordered (unit price × quantity); the checkout estimate for a weighed line. */
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * A line of a placed order (decision 020): its number in the order (`lineId`, what weighing names), whether
 * it is weighed at packing (its unit is a weight), the grams packed once weighed, the estimate (rupees, the
 * price as ordered) and the amount billed (the estimate until the line is weighed).
 */
export const PlacedLineSchema = OrderLineSchema.extend({
  lineId: z.number().int(),
  weighed: z.boolean(),
  packedGrams: z.number().int().nullable(),
  estimate: z.number(),
  amount: z.number(),
});
export type PlacedLine = z.infer<typeof PlacedLineSchema>;

/** One farmer's part of an order as its buyer sees it (`farmerId` null: the shop's own part, the deal). */
export const OrderPartSchema = z.object({
  id: z.string(),
  farmerId: z.string().nullable(),
  farmerName: z.string(),
  /** The contact phone the farmer set in the Farmer Portal; null when none (or the shop's own part). */
  farmerPhone: z.string().nullable(),
  status: z.enum(PART_STATUSES),
  items: z.array(PlacedLineSchema),
  ...PartBillShape,
  history: z.array(PartHistoryEntrySchema),
  /** The slot it was placed in; absent for a farmer who delivers within 24 hours (and for older orders). */
  slot: PartSlotSchema.optional(),
  payment: PartPaymentSchema,
  upi: PartUpiSchema,
  /** Each time the farmer came and nobody was home (the delivery run), oldest first. */
  attempts: z.array(z.object({ at: z.string(), reason: z.string() })).optional(),
});
export type OrderPart = z.infer<typeof OrderPartSchema>;

/** An order as the API returns it (product rules §3 Order field names; money in rupees). */
export const OrderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  items: z.array(PlacedLineSchema),
  /** Rupees; the sum of the line totals as ordered (shipping is free): what checkout showed. */
  total: z.number(),
  /**
   * Rupees; what the buyer owes: the sum of the totals of the parts not cancelled. Final (`billFinal`) once
   * every part's is.
   */
  billTotal: z.number(),
  billFinal: z.boolean(),
  /** Address, city, state and ZIP code joined into one string, as an order's fields have it (product rules §3). */
  shippingAddress: z.string(),
  shipping: ShippingRecordSchema,
  paymentMethod: PaymentMethodSchema,
  /** Derived from the parts: see `deriveOrderStatus`. */
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /** One per farmer whose products it holds (and one for the shop when it holds the deal), oldest first. */
  fulfilments: z.array(OrderPartSchema),
  /** Pay now or on delivery, and the order's money (decision 052). */
  payment: OrderPaymentSchema,
  /**
   * The standing order this order is an occurrence of (issue 35), null for an order placed at checkout. The
   * server always sends it; optional so that a client reading an older server's order still parses it.
   */
  standingOrderId: z.string().nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** A short, readable order number, as screens and mails show it: `#` and the first eight characters of its id. */
export const orderNumber = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** A quoted line: as it would be charged, with the stock left now (`null`: not tracked). */
export const QuoteLineSchema = OrderLineSchema.extend({
  stock: z.number().int().nullable(),
  /** True when the line asks for more than `stock`: Place Order would answer 409 out_of_stock. */
  exceedsStock: z.boolean(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/**
 * What the cart would cost now: the lines and total exactly as POST /api/orders would charge them. `problems`
 * marks each line over the stock as POST /api/orders's `out_of_stock` error would (`items.N.quantity` →
 * "Only 3 left"); it is empty when the order can be placed.
 */
export const QuoteSchema = z.object({
  items: z.array(QuoteLineSchema),
  total: z.number(),
  problems: z.record(z.string(), z.string()),
  /** Whether checkout offers Pay now: a payment gateway is on (decision 052). */
  payNow: z.boolean().default(false),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const stockMessages = {
  /** The per-line field message (`items.N.quantity`). */
  lineField: (left: number) =>
    left <= 0
      ? textWith(/*i18n*/ { id: "Sold out" }, {})
      : textWith(/*i18n*/ { id: "Only {left} left" }, { left }),
  /** The error's message, naming the first such line, its product and how many are left. */
  outOfStock: (lineNo: number, name: string, left: number) =>
    left <= 0
      ? textWith(
          /*i18n*/ { id: "Line {lineNo}: {name} is sold out. Remove it from your cart and try again." },
          {
            lineNo,
            name,
          },
        )
      : textWith(
          /*i18n*/ { id: "Line {lineNo}: only {left} of {name} left. Lower the quantity and try again." },
          {
            lineNo,
            name,
            left,
          },
        ),
} as const;

export const OrderResponseSchema = z.object({ order: OrderSchema });
export const OrderListSchema = z.object({ orders: z.array(OrderSchema), nextCursor: z.string().nullable() });
export type OrderList = z.infer<typeof OrderListSchema>;

export const OrderListQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export { IDEMPOTENCY_HEADER } from "../constants.ts";
export const IdempotencyKeySchema = z
  .string(orderMessages.idempotencyKeyMissing)
  .regex(/^[A-Za-z0-9_-]{16,100}$/, orderMessages.idempotencyKeyMissing);

/**
 * An address on one line, as the reader reads it: the state by its name in `language` (an old free-text state
 * as written), the country named when it is not India; nothing for an order whose buyer deleted the account.
 */
export const formatAddress = (
  s: Pick<Shipping, "address" | "city" | "state" | "zipCode"> & { country?: string },
  language: Language,
) =>
  [s.address, s.city, s.state, s.zipCode].every((part) => part === "")
    ? ""
    : `${s.address}, ${s.city}, ${stateName(s.state, language)} ${s.zipCode}${
        s.country && s.country !== DEFAULT_COUNTRY ? `, ${s.country}` : ""
      }`;

/**
 * How the shipping address is stored on the order (product rules §3: the four joined into one string), the
 * state by its English name; screens, mails and downloads show `formatAddress` in the reader's language.
 */
export const joinShippingAddress = (
  s: Pick<Shipping, "address" | "city" | "state" | "zipCode"> & { country?: string },
) => formatAddress(s, "en");
