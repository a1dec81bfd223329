import { type ChildProcess, spawn } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { orderNumber } from "../src/shared/schemas/orders.ts";
import { anotherPerson, uniqueName, weekdayIn } from "./farmer-fixtures.ts";
import { fillShipping, storeCart } from "./order-fixtures.ts";
import { addProductViaApi, expect, signedInUser, test } from "./support.ts";

// Issue 35: a standing order made from the cart at 375 px, skipped and changed, reminded; after the cut-off
// (a second server on the same database with its clock moved past it) the farmer fulfils it as any order.

const HEADERS = { "x-veggie-cart": "1" };
const port = Number(process.env.E2E_PORT ?? 3100);
/** The server whose clock is past the cut-off: the journey's own, on a port beside the journeys' server. */
const latePort = port + 50;

async function send(request: APIRequestContext, method: "post" | "put", url: string, data: object) {
  const response = await request[method](url, { headers: HEADERS, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/**
 * The built server on the journeys' database with its clock `offsetMs` ahead (TEST_CLOCK_OFFSET_MS): it runs
 * the standing orders' pass as it starts, so the scheduled parts whose cut-off its clock has passed turn
 * pending at once. No demo seeding; the journeys' own server is not touched.
 */
async function lateServer(offsetMs: number): Promise<ChildProcess> {
  const server = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(latePort),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "sqlite:./data/e2e.sqlite",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      PAYMENT_GATEWAY: "none",
      PUBLIC_ORIGIN: `http://127.0.0.1:${latePort}`,
      OUTBOX_DIR: "./data/e2e-outbox",
      TEST_CLOCK_OFFSET_MS: String(Math.round(offsetMs)),
    },
    stdio: "inherit",
  });
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${latePort}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error("the late server did not start");
}

test("a shopper turns a cart into a weekly standing order at 375 px, skips one delivery and changes the next; after the cut-off the farmer packs it", async ({
  page,
  browser,
}) => {
  // A farmer delivering to 4110… in a weekly slot two days from now, 8–10 am, ordering closing 12 hours before.
  const farmer = await anotherPerson(browser, "Asha Standing");
  await send(farmer.request, "put", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  await send(farmer.request, "post", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday: weekdayIn(2),
    start: "08:00",
    end: "10:00",
    capacity: 5,
    cutoffHours: 12,
  });
  const name = uniqueName("Standing Okra");
  const product = await addProductViaApi(farmer.request, { name, price: 40, unit: "kg", stock: 20 });
  const me = (await (await farmer.request.get("/api/auth/me")).json()) as { user: { id: string } };

  await page.setViewportSize({ width: 375, height: 800 });
  await signedInUser(page, "Meera Standing");
  await storeCart(page, [
    {
      id: product.id,
      name,
      price: 40,
      image: "",
      description: "",
      category: "vegetables",
      userId: me.user.id,
      quantity: 2,
      unit: "kg",
    },
  ]);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Repeat this order" }).click();
  await expect(page.getByRole("heading", { name: "Repeat this order" })).toBeVisible();
  await page.getByRole("checkbox", { name: /8–10 am/ }).check();
  await page.getByLabel("Reminder").selectOption({ label: "48 hours before" });
  await fillShipping(page);
  await page.getByRole("button", { name: "Make the standing order" }).click();
  await expect(page).toHaveURL(/\/standing-orders$/);
  await page.screenshot({ path: "test-results/standing-orders-375.png", fullPage: true });

  // The next two deliveries, a week apart: the second skipped, the first changed to 3 kg, just this one.
  const skips = page.getByRole("button", { name: /^Skip the delivery of / });
  await expect(skips).toHaveCount(2);
  await skips.nth(1).click();
  await expect(page.getByText("Skipped")).toBeVisible();
  await page.getByRole("button", { name: /^Change the delivery of / }).click();
  const quantities = page.getByRole("form", { name: /^New quantities for / });
  await quantities.getByLabel(name).fill("3");
  await quantities.getByRole("button", { name: "Just this one" }).click();
  await expect(page.getByText("about ₹120.00")).toBeVisible();

  // The reminder (its cut-off is within 48 hours) is in the development outbox.
  const shopper = (await (await page.request.get("/api/auth/me")).json()) as { user: { email: string } };
  await page.goto("/dev/outbox");
  const mails = page.getByRole("listitem").filter({ hasText: shopper.user.email });
  await expect(mails.getByRole("link", { name: /^Your standing order for / })).toHaveCount(1);

  // After the cut-off: the part is a pending order, and its lines are on the slot's packing list.
  const standing = (await (await page.request.get("/api/standing-orders")).json()) as {
    standingOrders: { next: { orderId: string; slot: { id: string; cutoffAt: string } }[] }[];
  };
  const occurrence = standing.standingOrders[0]?.next[0];
  const first = occurrence?.slot;
  expect(first).toBeDefined();
  const late = await lateServer(Date.parse(first?.cutoffAt ?? "") - Date.now() + 60_000);
  try {
    await farmer.goto(`http://127.0.0.1:${latePort}/farmer`);
    const incoming = farmer.getByRole("list", { name: "Incoming orders" });
    const part = incoming.getByRole("article", { name: `Order ${orderNumber(occurrence?.orderId ?? "")}` });
    await expect(part).toContainText(name);
    await expect(part).toContainText("Pending");
    await farmer.goto(`http://127.0.0.1:${latePort}/farmer/slots/${first?.id}/packing-list`);
    await expect(farmer.getByRole("cell", { name, exact: true })).toBeVisible();
    await expect(farmer.getByText(`${name}: 3 kg`)).toBeVisible();
  } finally {
    late.kill();
  }
});
