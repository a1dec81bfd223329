import type { Account } from "../../shared/schemas/account.ts";
import type { MeResponse, User } from "../../shared/schemas/auth.ts";
import type { CartItem } from "../../shared/schemas/cart.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import type { LikesResponse } from "../../shared/schemas/likes.ts";
import type { NotificationSettings } from "../../shared/schemas/notifications.ts";
import type { Product, ProductList } from "../../shared/schemas/products.ts";
import type { DeliveryArea, FarmerSlot, PickupPoint } from "../../shared/schemas/slots.ts";
import { farmGate, saturdayPickup } from "../features/slots/slots.fixture.ts";
import { HttpResponse, http } from "./api.ts";
import { aFarmerPart } from "./farmer.fixture.ts";
import { aDeal } from "./products.fixture.ts";

/*
 * Answers of our API that several test files declare, each as the server gives it when a test says nothing
 * else. A test's own answer wins when declared in a later `api.use` (which puts its handlers first), or before
 * these in the same call (the first handler that matches answers).
 */

/**
 * Who is signed in (`user`, null for nobody), in a shop on India's time; `phone` what a production shop
 * without a WhatsApp or SMS provider adds (`{ phoneSignIn: false, phoneChannels: [] }`, issue 37).
 */
export const sessionAnswer = (
  user: User | null,
  phone: Pick<MeResponse, "phoneSignIn" | "phoneChannels"> = {},
) =>
  http.get("/api/auth/me", () =>
    HttpResponse.json({
      user,
      shopTimeZone: "Asia/Kolkata",
      shopCountries: ["IN"],
      ...phone,
    } satisfies MeResponse),
  );

/** News of one kind by e-mail only, as a new account has it. */
const byEmailOnly = {
  channels: { email: true, whatsapp: false, sms: false },
  consentAt: { whatsapp: null, sms: null },
};

/** The account page's: the account, no other session, no kept address, news by e-mail only (no phone). */
export const accountAnswers = (user: User) => [
  http.get("/api/account", () => HttpResponse.json({ user, pendingEmail: null } satisfies Account)),
  http.get("/api/account/sessions", () => HttpResponse.json({ sessions: [] })),
  http.get("/api/account/addresses", () => HttpResponse.json({ addresses: [] })),
  http.get("/api/account/notifications", () =>
    HttpResponse.json({
      phone: null,
      hasEmail: true,
      buying: byEmailOnly,
      fulfilling: byEmailOnly,
    } satisfies NotificationSettings),
  ),
];

/** A shopper who likes nothing yet: the browser's list merged on a first visit, and the account's list. */
export const noLikes = [
  http.post("/api/likes/merge", () => HttpResponse.json({ productIds: [] } satisfies LikesResponse)),
  http.get("/api/likes", () => HttpResponse.json({ productIds: [] } satisfies LikesResponse)),
];

/** The catalogue's list: `products` on one page, whatever the filters. */
export const productsAnswer = (products: Product[] = []) =>
  http.get("/api/products", () =>
    HttpResponse.json({ items: products, nextCursor: null } satisfies ProductList),
  );

/** The dashboard's: a deal running for a day, the newest `products` and no likes. */
export const dashboardAnswers = (products: Product[] = []) => [
  http.get("/api/deal", () => HttpResponse.json({ deal: aDeal(24 * 3_600_000) })),
  productsAnswer(products),
  ...noLikes,
];

/** A farmer's delivery and pickup set-up: one pickup `point`, PIN prefix 4110, Saturday's pickup and `slots`. */
export const slotSetUpAnswers = ({
  point = farmGate,
  slots = [],
}: {
  point?: PickupPoint;
  slots?: FarmerSlot[];
} = {}) => [
  http.get("/api/farmer/pickup-points", () => HttpResponse.json({ items: [point] })),
  http.get("/api/farmer/delivery-area", () =>
    HttpResponse.json({ pinPrefixes: ["4110"] } satisfies DeliveryArea),
  ),
  http.get("/api/farmer/slot-patterns", () => HttpResponse.json({ items: [saturdayPickup] })),
  http.get("/api/farmer/slots", () => HttpResponse.json({ items: slots })),
];

/** The quote as the server makes it, the products' prices and units being those of the test's cart. */
export const quoteOfCart = http.post("/api/orders/quote", async ({ request }) => {
  const asked = (await request.json()) as { items: { productId: string; quantity: number }[] };
  const known: CartItem[] = JSON.parse(window.localStorage.getItem("cart") ?? "[]");
  const items = asked.items.map(({ productId, quantity }) => {
    const product = known.find((item) => item.id === productId);
    const unitPrice = product?.price ?? 0;
    return {
      productId,
      name: product?.name ?? "",
      unitPrice,
      unit: product?.unit ?? "piece",
      quantity,
      lineTotal: unitPrice * quantity,
      stock: null,
      exceedsStock: false,
    };
  });
  return HttpResponse.json({
    items,
    total: items.reduce((sum, line) => sum + line.lineTotal, 0),
    problems: {},
  });
});

/** The server taking a farmer's moves on a part (its status, weights, a payment): the part as it then stands. */
export const partMoveAnswers = (part: FarmerPart = aFarmerPart()) => [
  http.post("/api/farmer/orders/:partId/status", () => HttpResponse.json({ fulfilment: part })),
  http.post("/api/farmer/orders/:partId/weights", () => HttpResponse.json({ fulfilment: part })),
  http.post("/api/farmer/orders/:partId/payments", () =>
    HttpResponse.json({ fulfilment: part }, { status: 201 }),
  ),
];
