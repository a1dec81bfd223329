/**
 * Regenerates the README screenshots (docs/screenshots/*.png) from a running server:
 *
 *   npm start                      # or any running Veggie Cart with demo data
 *   npx tsx scripts/screenshots.ts [base URL, default http://127.0.0.1:3000]
 *
 * It photographs the farmer's workspace (/farmer) at 1280 and 375 px and the shop's cards as their owner sees
 * them, signed in as the demo farmer (so the server needs its demo data: not production), then signs up a fresh account, signs in through the UI and
 * photographs each screen 1280 px wide, then the phone screens 375 px wide, in Debian's Chromium
 * (CHROMIUM_PATH to use another).
 * Last, a farmer of its own with three orders in today's delivery slot: their delivery run at 375 px and its
 * A4 run sheet (before 23:00 in the shop's time zone, when today's slot still takes orders); and a shopper's
 * standing orders at 375 px (STANDING_ONLY=1 photographs only those).
 * SCREENSHOT_DIR changes where the files go.
 */
import path from "node:path";
import { type APIRequestContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { DEMO_FARMER } from "../src/server/demo/demo.service.ts";
import { shopDate } from "../src/shared/shop-calendar.ts";

const baseUrl = (process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const outDir = path.resolve(process.env.SCREENSHOT_DIR ?? "docs/screenshots");
const width = 1280;

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  // NOTE: a full-page screenshot does not scroll, so lazy images would stay empty; scroll through first.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => null)));
  });
}

async function shoot(page: Page, name: string, fullPage = true) {
  await settle(page);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const HEADERS = { "x-veggie-cart": "1" };

/** A fresh account signed in on `request` (its context keeps the session cookie); answers its user id. */
async function signedIn(request: APIRequestContext, name: string) {
  const credentials = {
    name,
    email: `screenshots.${Date.now()}.${name.split(" ")[0]}@example.com`,
    password: "fresh greens 123",
  };
  const signup = await request.post("/api/auth/signup", { data: credentials, headers: HEADERS });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
  const login = await request.post("/api/auth/login", {
    data: { email: credentials.email, password: credentials.password },
    headers: HEADERS,
  });
  if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);
  return ((await login.json()) as { user: { id: string } }).user.id;
}

async function call(request: APIRequestContext, method: "POST" | "PUT", url: string, data: object) {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { ...HEADERS, "idempotency-key": crypto.randomUUID() },
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * /standing-orders at 375 px (issue 35): a farmer of its own delivering every week two days from now, and a
 * shopper's weekly standing order of two of its products, made through the API.
 */
async function shootStandingOrders() {
  const farmer = await browser.newContext({ baseURL: baseUrl });
  await signedIn(farmer.request, "Sunita Jadhav");
  await call(farmer.request, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  const inTwoDays = new Date(Date.parse(`${shopDate(new Date())}T00:00:00Z`) + 2 * 86_400_000);
  const { slotPattern } = (await call(farmer.request, "POST", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday: inTwoDays.getUTCDay(),
    start: "07:00",
    end: "09:00",
    capacity: 20,
    cutoffHours: 12,
  })) as { slotPattern: { id: string } };
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#15803d" } })
    .png()
    .toBuffer();
  const items: { productId: string; quantity: number }[] = [];
  for (const [name, price, unit, quantity] of [
    ["Tomatoes", "40", "kg", 2],
    ["Coriander", "10", "bunch", 1],
  ] as const) {
    const listed = await farmer.request.post("/api/products", {
      headers: HEADERS,
      multipart: {
        name,
        price,
        category: "vegetables",
        description: "Picked this morning",
        unit,
        stock: "50",
        image: { name: "produce.png", mimeType: "image/png", buffer: picture },
      },
    });
    if (listed.status() !== 201) throw new Error(`listing failed: ${listed.status()} ${await listed.text()}`);
    items.push({ productId: ((await listed.json()) as { product: { id: string } }).product.id, quantity });
  }
  await farmer.close();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 900 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await signedIn(page.request, "Meera Iyer");
  await call(page.request, "POST", "/api/standing-orders", {
    items,
    slotPatternIds: [slotPattern.id],
    everyWeeks: 1,
    startDate: shopDate(new Date()),
    shipping: {
      fullName: "Meera Iyer",
      email: "meera@example.com",
      phone: "+91 98200 12345",
      address: "12 Lake Road",
      city: "Pune",
      state: "Maharashtra",
      zipCode: "411001",
    },
    paymentMethod: "cash",
  });
  await page.goto("/standing-orders");
  await page
    .getByRole("button", { name: /^Skip the delivery of / })
    .first()
    .waitFor();
  await shoot(page, "standing-orders", false);
  await context.close();
}

/**
 * The delivery run (issue 38) at 375 px, and its run sheet as printed on A4 (794 px wide): a farmer of its own
 * delivering today 23:00–23:59 (ordering is open until then, so run this before 23:00 in the shop's time
 * zone), three orders from one buyer, the first delivered and paid in cash, the second out for delivery.
 */
async function shootDeliveryRun() {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 1400 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const farmerId = await signedIn(page.request, "Kiran Patil");
  await call(page.request, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  const today = shopDate(new Date());
  await call(page.request, "POST", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday: new Date(`${today}T00:00:00Z`).getUTCDay(),
    start: "23:00",
    end: "23:59",
    capacity: 20,
    cutoffHours: 0,
  });
  const { items } = (await (await page.request.get("/api/farmer/slots")).json()) as {
    items: { id: string; kind: string; date: string }[];
  };
  const slot = items.find((item) => item.kind === "delivery" && item.date === today);
  if (!slot)
    throw new Error("no delivery slot today: run the screenshots before 23:00 in the shop's time zone");
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#15803d" } })
    .png()
    .toBuffer();
  const listed = await page.request.post("/api/products", {
    headers: HEADERS,
    multipart: {
      name: "Okra (bhindi)",
      price: "40",
      category: "vegetables",
      description: "Tender okra picked this morning",
      unit: "bunch",
      stock: "5",
      image: { name: "okra.png", mimeType: "image/png", buffer: picture },
    },
  });
  if (listed.status() !== 201) throw new Error(`listing failed: ${listed.status()} ${await listed.text()}`);
  const product = ((await listed.json()) as { product: { id: string } }).product;

  const buyerContext = await browser.newContext({ baseURL: baseUrl });
  await signedIn(buyerContext.request, "Meera Iyer");
  const parts: string[] = [];
  for (const [index, fullName] of ["Anita Apte", "Bhavna Bhide", "Chitra Chavan"].entries()) {
    const { order } = (await call(buyerContext.request, "POST", "/api/orders", {
      items: [{ productId: product.id, quantity: 1 }],
      shipping: {
        fullName,
        email: "meera@example.com",
        phone: "+91 98200 12345",
        address: `${index + 1} ${fullName.split(" ")[1]} Road`,
        city: "Pune",
        state: "Maharashtra",
        zipCode: "411001",
      },
      paymentMethod: "upi",
      slots: { [farmerId]: slot.id },
    })) as { order: { fulfilments: { id: string }[] } };
    parts.push(order.fulfilments[0]?.id ?? "");
  }
  await buyerContext.close();
  for (const [index, partId] of parts.entries()) {
    if (index === 2) break;
    for (const status of ["confirmed", "out_for_delivery", ...(index === 0 ? ["delivered"] : [])])
      await call(page.request, "POST", `/api/farmer/orders/${partId}/status`, { status });
  }
  await call(page.request, "POST", `/api/farmer/orders/${parts[0]}/payments`, { method: "cash", amount: 40 });

  await page.goto(`/farmer/run/${today}`);
  await page.getByRole("listitem", { name: "Stop 3: Chitra Chavan" }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, "delivery-run-phone", false);
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: "print" });
  await shoot(page, "delivery-run-print");
  await context.close();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  if (process.env.STANDING_ONLY) {
    await shootStandingOrders();
    process.exit(0);
  }
  // The farmer's workspace as the demo farmer sees it: the summary, the demo orders in every state, their
  // products; 1280 px wide, then at phone width. First, before this script's own order reaches their list.
  const farmerViews: [string, BrowserContextOptions][] = [
    ["farmer", { viewport: { width, height: 900 } }],
    ["farmer-phone", { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true }],
  ];
  for (const [name, options] of farmerViews) {
    const farmerContext = await browser.newContext({ baseURL: baseUrl, reducedMotion: "reduce", ...options });
    const farmerPage = await farmerContext.newPage();
    const login = await farmerPage.request.post("/api/auth/login", {
      data: { email: DEMO_FARMER.email, password: DEMO_FARMER.password },
      headers: { "x-veggie-cart": "1" },
    });
    if (login.status() !== 200) {
      throw new Error(
        `the demo farmer could not sign in (${login.status()}): does the server have demo data?`,
      );
    }
    await farmerPage.goto("/farmer");
    await farmerPage.getByRole("heading", { name: "Farmer Portal", level: 1 }).waitFor();
    await farmerPage.getByRole("list", { name: "Incoming orders" }).waitFor();
    await farmerPage.getByRole("list", { name: "My products" }).waitFor();
    await shoot(farmerPage, name, false);
    if (name === "farmer") {
      // The shop's cards as their owner sees them: Add to Cart and the heart, Delete under them.
      await farmerPage.goto("/shop");
      await farmerPage.getByRole("heading", { name: "Our Products" }).waitFor();
      await farmerPage
        .getByRole("button", { name: /^Delete/ })
        .first()
        .waitFor();
      await farmerPage.evaluate(() => window.scrollTo(0, 0));
      await shoot(farmerPage, "own-cards", false);
    }
    await farmerContext.close();
  }

  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const credentials = {
    name: "Asha Farmer",
    email: `screenshots.${Date.now()}@example.com`,
    password: "fresh greens 123",
  };
  const signup = await page.request.post("/api/auth/signup", {
    data: credentials,
    headers: { "x-veggie-cart": "1" },
  });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);

  await page.goto("/login");
  await page.getByRole("heading", { name: "Welcome to Veggie Cart" }).waitFor();
  await shoot(page, "login", false);

  await page.getByLabel("Email address").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);
  // NOTE: toasts would cover the header; wait for the sign-in toast to go.
  await page.getByRole("alert").filter({ hasText: "Login successful!" }).waitFor({ state: "detached" });
  await page.getByRole("heading", { name: "Fresh products" }).waitFor();
  await page.getByRole("heading", { name: "Deal of the Day" }).waitFor();
  await shoot(page, "dashboard");
  // The header's menu of the person's own places, opened from the button that bears their name.
  await page.getByRole("button", { name: /^Signed in as / }).click();
  await page.getByRole("link", { name: "My orders" }).first().waitFor();
  await shoot(page, "header-menu", false);
  await page.keyboard.press("Escape");

  await page.goto("/shop");
  await page.getByRole("heading", { name: "Our Products" }).waitFor();
  await shoot(page, "shop");

  await page.goto("/addProduct");
  await page.getByRole("heading", { name: "Add New Product" }).waitFor();
  await shoot(page, "add-product", false);

  // The cart holds the first three products of the shop, two of the first.
  await page.evaluate(async () => {
    const response = await fetch("/api/products?limit=3");
    const { items } = (await response.json()) as { items: Array<Record<string, unknown>> };
    const cart = items.map((item, index) => ({ ...item, quantity: index === 0 ? 2 : 1 }));
    localStorage.setItem("cart", JSON.stringify(cart));
  });
  await page.goto("/cart");
  await page.getByRole("heading", { name: "Your Cart" }).waitFor();
  await shoot(page, "cart", false);

  await page.goto("/checkout");
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address").fill("12 Market Road");
  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("State").selectOption({ label: "Maharashtra" });
  await page.getByLabel("ZIP code").fill("411001");
  await shoot(page, "checkout");

  await page.getByRole("button", { name: "Place Order" }).click();
  await page.getByRole("heading", { name: "Order Confirmed" }).waitFor();
  await page.goto("/orders");
  await page.getByRole("heading", { name: "Your Orders" }).waitFor();
  await shoot(page, "orders", false);

  // At phone width (375 px, touch): the one-row header, its menu, the shop, and the cart's Checkout bar.
  const phone = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const phonePage = await phone.newPage();
  await phonePage.request.post("/api/auth/login", {
    data: { email: credentials.email, password: credentials.password },
    headers: { "x-veggie-cart": "1" },
  });
  await phonePage.goto("/dashboard");
  await phonePage.getByRole("heading", { name: "Deal of the Day" }).waitFor();
  await shoot(phonePage, "phone-dashboard", false);
  await phonePage.getByRole("button", { name: "Menu" }).click();
  await shoot(phonePage, "phone-menu", false);
  await phonePage.goto("/shop");
  await phonePage.getByRole("heading", { name: "Our Products" }).waitFor();
  await shoot(phonePage, "phone-shop", false);
  await phonePage.evaluate(async () => {
    const response = await fetch("/api/products?limit=3");
    const { items } = (await response.json()) as { items: Array<Record<string, unknown>> };
    localStorage.setItem("cart", JSON.stringify(items.map((item) => ({ ...item, quantity: 1 }))));
  });
  await phonePage.goto("/cart");
  await phonePage.getByRole("heading", { name: "Your Cart" }).waitFor();
  await shoot(phonePage, "phone-cart", false);

  // The dashboard and checkout in Hindi and in Marathi at phone width (the account's language, as chosen in
  // the header), the cart still filled.
  for (const language of ["hi", "mr"] as const) {
    await phonePage.request.patch("/api/account", {
      data: { language },
      headers: { "x-veggie-cart": "1" },
    });
    await phonePage.goto("/dashboard");
    await phonePage.locator(`html[lang="${language}"]`).waitFor();
    await phonePage.getByRole("region").first().waitFor();
    await shoot(phonePage, `phone-dashboard-${language}`, false);
    await phonePage.goto("/checkout");
    await phonePage.locator("form").first().waitFor();
    await shoot(phonePage, `phone-checkout-${language}`, false);
  }
  await phonePage.request.patch("/api/account", {
    data: { language: "en" },
    headers: { "x-veggie-cart": "1" },
  });
  await phone.close();

  await shootDeliveryRun();
  await shootStandingOrders();
} finally {
  await browser.close();
}
