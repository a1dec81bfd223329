import { act, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { FarmerPart, FarmerSummary as Summary } from "../../../shared/schemas/farmer.ts";
import type { OperatorOrder } from "../../../shared/schemas/operator-orders.ts";
import { OperatorOrderListSchema } from "../../../shared/schemas/operator-orders.ts";
import type { Order, OrderPart, PlacedLine } from "../../../shared/schemas/orders.ts";
import type { FarmerReckoning, ShopReckoning } from "../../../shared/schemas/payments.ts";
import type { FarmerSlotChoices } from "../../../shared/schemas/slots.ts";
import { operatorPagesQuery } from "../../lib/operator-pages.ts";
import { quoteOfCart } from "../../test/answers.ts";
import { api, serveJson, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, loadScreens, renderAt, renderScreen, screenQueryClient } from "../../test/render.tsx";
import { farmerOrdersQuery, farmerSummaryQuery } from "./farmer-orders.api.ts";
import { FarmerSummary } from "./farmer-summary.tsx";
import { orderNumber } from "./format.ts";
import { IncomingOrdersSection } from "./incoming-orders-section.tsx";
import { OperatorOrdersSection } from "./operator-orders-section.tsx";
import { orderQuery } from "./order.api.ts";
import { ordersQuery } from "./orders.api.ts";
import { FarmerPaymentsSection, OperatorPaymentsSection } from "./payments-section.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/cart", "/checkout", "/orders", "/orders/x"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha", language: "hi" as const };
const orderId = "0a1b2c3d-0000-4000-8000-000000000000";

/** What the test seeded, which stays as its people wrote it (names, units, addresses). */
const DATA = [
  "Asha",
  "Tomatoes",
  "Coriander",
  "Meera Iyer",
  "Ravi",
  "Pune",
  "Maharashtra",
  "Lake Road",
  "kg",
  "bunch",
  orderNumber(orderId),
];

const tomatoes: PlacedLine = {
  productId: "p1",
  name: "Tomatoes",
  unitPrice: 40,
  unit: "kg",
  quantity: 2,
  lineTotal: 80,
  lineId: 1,
  weighed: true,
  packedGrams: 2150,
  estimate: 80,
  amount: 86,
};
const coriander: PlacedLine = {
  ...tomatoes,
  productId: "p2",
  name: "Coriander",
  unitPrice: 15,
  unit: "bunch",
  quantity: 1,
  lineTotal: 15,
  lineId: 2,
  weighed: false,
  packedGrams: null,
  estimate: 15,
  amount: 15,
};
const history = [
  { status: "pending" as const, at: "2026-11-21T08:00:00.000Z", by: { id: "u1", name: "Asha" } },
  { status: "confirmed" as const, at: "2026-11-21T09:00:00.000Z", by: { id: "f1", name: "Ravi" } },
];
const shipping = {
  fullName: "Meera Iyer",
  email: "meera@example.com",
  phone: "+91 98200 12345",
  address: "12 Lake Road",
  city: "Pune",
  state: "MH",
  zipCode: "411001",
  country: "IN",
};
const part: OrderPart = {
  id: "part-1",
  farmerId: "f1",
  farmerName: "Ravi",
  farmerPhone: "+91 98765 43210",
  status: "out_for_delivery",
  items: [tomatoes, coriander],
  estimate: 95,
  total: 101,
  billFinal: true,
  history,
  payment: {
    state: "part_paid",
    paidAt: null,
    received: 40,
    records: [
      {
        kind: "cash",
        id: "pay-1",
        method: "cash",
        amount: 40,
        at: new Date().toISOString(),
        by: { id: "f1", name: "Ravi" },
      },
    ],
  },
  upi: { uri: "upi://pay?pa=ravi@okaxis&am=61.00&cu=INR" },
  slot: {
    id: "s1",
    kind: "pickup",
    date: "2026-11-28",
    start: "08:00",
    end: "10:00",
    pickupPoint: { name: "Ravi", address: "Lake Road", mapUrl: "https://maps.example/x" },
  },
} as OrderPart;
const order = {
  id: orderId,
  userId: "u1",
  items: [tomatoes, coriander],
  total: 95,
  billTotal: 101,
  billFinal: true,
  shippingAddress: "12 Lake Road, Pune, Maharashtra 411001",
  shipping,
  paymentMethod: "credit-card",
  status: "in_progress",
  createdAt: "2026-11-21T08:00:00.000Z",
  payment: { mode: "on_delivery", status: null, state: "unpaid", paid: 0, refunded: 0, due: 0 },
  fulfilments: [
    { ...part, status: "pending" },
    { ...part, id: "part-2" },
  ],
} as Order;

const cart: CartItem[] = [
  {
    id: "p1",
    name: "Tomatoes",
    price: 40,
    unit: "kg",
    image: "",
    description: "",
    category: "vegetables",
    userId: "f1",
    quantity: 2,
  },
];
const slotChoices: FarmerSlotChoices[] = [
  {
    farmerId: "f1",
    farmerName: "Ravi",
    usesSlots: true,
    slots: [
      {
        id: "s1",
        kind: "delivery",
        date: "2026-11-28",
        start: "08:00",
        end: "10:00",
        available: true,
        left: 1,
      },
      {
        id: "s2",
        kind: "pickup",
        date: "2026-11-29",
        start: "17:30",
        end: "19:00",
        available: false,
        reason: "full",
        left: 0,
      },
    ],
  },
];

const farmerPart = {
  ...part,
  status: "confirmed",
  billFinal: false,
  items: [{ ...tomatoes, packedGrams: null }, coriander],
  orderId,
  createdAt: order.createdAt,
  buyer: { name: "Meera Iyer", email: "meera@example.com" },
  shipping,
  paymentMethod: "net-banking",
} as unknown as FarmerPart;
const summary: Summary = {
  today: { orders: 1, revenue: 80 },
  week: { orders: 4, revenue: 1234.5 },
  all: { orders: 9, revenue: 5000 },
};
const figures = {
  delivered: 101,
  cash: 40,
  upi: 0,
  owed: 61,
  collectedOnline: 0,
  refunded: 0,
  commission: 0,
  payable: 0,
};
const payouts = { paidOut: 20, balance: 41 };
const reckoning: FarmerReckoning = {
  week: "2026-11-16",
  ...figures,
  ...payouts,
  buyers: [
    {
      buyerId: "b1",
      buyerName: "Meera Iyer",
      ...figures,
      parts: [
        {
          partId: "part-1",
          orderId,
          deliveredAt: "2026-11-21T10:00:00.000Z",
          state: "part_paid",
          ...figures,
        },
      ],
    },
  ],
};
const shopReckoning: ShopReckoning = {
  week: "2026-11-16",
  ...figures,
  farmers: [{ farmerId: "f1", farmerName: "Ravi", ...figures, ...payouts }],
};
const operatorOrder = {
  ...order,
  buyer: { id: "u1", name: "Meera Iyer", email: "meera@example.com" },
  fulfilments: [{ ...part, farmerId: null, farmerName: "Veggie Cart", status: "confirmed" }],
} as OperatorOrder;

/** The screen under test: the route's <main> (the header and toasts are the shell's), else what was rendered. */
const screenOf = () => document.querySelector("main, [data-testid=screen]") ?? document.body;

const onePage = <T,>(page: T) => ({ pages: [page], pageParams: [null] });

/** The server's answers to the lists' reads (they refresh on opening), and the signed-in header's. */
const answers = {
  "/api/farmer/orders": { fulfilments: [farmerPart], nextCursor: null },
  "/api/farmer/summary": summary,
  "/api/farmer/profile": { upiId: "ravi@okaxis", phone: "+91 98765 43210" },
  "/api/farmer/payments": reckoning,
  "/api/admin/orders": { items: [operatorOrder], nextCursor: null },
  "/api/admin/payments": shopReckoning,
  "/api/admin/shop-profile": { upiId: null },
  "/api/admin/payments/unsettled": { refunds: [], mismatched: [] },
  "/api/orders": { orders: [order], nextCursor: null },
  "/api/slots": { farmers: slotChoices },
};
beforeEach(() => {
  api.use(...shellAnswers, quoteOfCart);
  serveJson(answers);
});

const words: Record<Exclude<Language, "en">, Record<string, string>> = {
  hi: {
    cart: "आपकी टोकरी",
    checkout: "ऑर्डर दें",
    confirmed: "ऑर्डर हो गया",
    orders: "आपके ऑर्डर",
    detail: "हर किसान की डिलीवरी और भुगतान",
    incoming: "आए हुए ऑर्डर",
    payments: "भुगतान",
    operator: "ऑर्डर",
  },
  mr: {
    cart: "तुमची पिशवी",
    checkout: "ऑर्डर द्या",
    confirmed: "ऑर्डर झाली",
    orders: "तुमच्या ऑर्डर",
    detail: "प्रत्येक शेतकऱ्याची डिलिव्हरी आणि पेमेंट",
    incoming: "आलेल्या ऑर्डर",
    payments: "पेमेंट",
    operator: "ऑर्डर",
  },
};

describe.each(["hi", "mr"] as const)("the orders' screens in %s", (language) => {
  const say = words[language];
  beforeEach(() => inLanguage(language));

  it("the cart: its heading, lines and summary", async () => {
    window.localStorage.setItem("cart", JSON.stringify(cart));
    renderAt("/cart", { ...asha, language });
    expect(await screen.findByRole("heading", { level: 1, name: say.cart })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("the empty cart", async () => {
    renderAt("/cart", { ...asha, language });
    expect(await screen.findByRole("heading", { level: 1, name: say.cart })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("checkout: the form, payment methods, slots and Place Order", async () => {
    window.localStorage.setItem("cart", JSON.stringify(cart));
    renderAt("/checkout", { ...asha, language }, [
      [["slots", "choices", ["f1"], null], slotChoices],
      [["account", "addresses"], []],
    ]);
    expect(await screen.findByRole("button", { name: say.checkout })).toBeInTheDocument();
    expect(await screen.findByRole("radiogroup")).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("the confirmation of an order", async () => {
    const { router } = renderAt("/cart", { ...asha, language }, [[orderQuery(orderId).queryKey, order]]);
    await act(() => router.navigate("/order-confirmation", { state: { orderId, total: 95 } }));
    expect(await screen.findByRole("heading", { level: 1, name: say.confirmed })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("the order history", async () => {
    renderAt("/orders", { ...asha, language }, [
      [ordersQuery.queryKey, onePage({ orders: [order], nextCursor: null })],
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: say.orders })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("an order's detail: parts, slot, bill, payments, history and cancelling", async () => {
    renderAt(`/orders/${orderId}`, { ...asha, language }, [[orderQuery(orderId).queryKey, order]]);
    expect(await screen.findByRole("heading", { name: say.detail })).toBeInTheDocument();
    expect((await screen.findAllByTestId("upi-qr")).length).toBeGreaterThan(0);
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("the farmer's summary, incoming orders (weighing, payments) and payments", async () => {
    const client = screenQueryClient();
    client.setQueryData(farmerSummaryQuery.queryKey, summary);
    client.setQueryData(
      farmerOrdersQuery(undefined).queryKey,
      onePage({ fulfilments: [farmerPart], nextCursor: null }),
    );
    client.setQueryData(["farmer", "profile"], { upiId: "ravi@okaxis", phone: "+91 98765 43210" });
    client.setQueryData(["farmer", "payments", "this-week"], reckoning);
    renderScreen(
      <div data-testid="screen">
        <FarmerSummary />
        <IncomingOrdersSection />
        <FarmerPaymentsSection />
      </div>,
      { client },
    );
    expect(await screen.findByRole("heading", { name: say.incoming })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: say.payments })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });

  it("the operator's orders and payments", async () => {
    const client = screenQueryClient();
    const listKey = operatorPagesQuery(
      "orders",
      "/api/admin/orders",
      { part: "all", limit: "10" },
      OperatorOrderListSchema,
    ).queryKey;
    client.setQueryData(listKey, onePage({ items: [operatorOrder], nextCursor: null }));
    client.setQueryData(["admin", "shop-profile"], { upiId: null });
    client.setQueryData(["admin", "payments", "this-week"], shopReckoning);
    renderScreen(
      <div data-testid="screen">
        <OperatorOrdersSection />
        <OperatorPaymentsSection />
      </div>,
      { client },
    );
    expect(await screen.findByRole("heading", { level: 2, name: say.operator })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: say.operator })).toBeInTheDocument();
    expectNoEnglish(screenOf(), { allow: DATA });
  });
});
