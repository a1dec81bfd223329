import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { type CreatedDatabase, createTestSchema } from "../src/server/test/test-db.ts";
import { fillShipping, storeCart } from "./order-fixtures.ts";
import { a11yViolations, addProductViaApi, expect, signedInUser, test } from "./support.ts";

/*
 * Pay now through the built-in test gateway (decision 052). The journeys' shared server runs with
 * PAYMENT_GATEWAY=none (the journeys written before Pay now expect checkout to pay on delivery), so this file
 * starts a second server of its own, with PAYMENT_GATEWAY=test, on the next port and a database of its own;
 * its journeys run one after the other in one worker, on that one server. Its database is of the run's kind:
 * a SQLite file, or on PostgreSQL (TEST_DATABASE_URL) a schema of its own.
 */
const port = Number(process.env.E2E_PAY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const payBase = `http://127.0.0.1:${port}`;
const databaseFile = "./data/e2e-pay.sqlite";
let server: ChildProcess | undefined;
let database: CreatedDatabase | undefined;

test.use({ baseURL: payBase });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
  const postgres = process.env.TEST_DATABASE_URL;
  database = postgres ? await createTestSchema(postgres) : undefined;
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database?.url ?? `sqlite:${databaseFile}`,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      PAYMENT_GATEWAY: "test",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      SIGNUP_PER_HOUR: "1000",
      ORDERS_PER_HOUR: "1000",
      ARGON2_MEMORY_KIB: "8",
      ARGON2_TIME_COST: "1",
      PUBLIC_ORIGIN: payBase,
      OUTBOX_DIR: "./data/e2e-pay-outbox",
    },
  });
  const until = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${payBase}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error(`the Pay now server did not start on ${payBase}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill();
    await exited;
  }
  await database?.drop();
});

/** A farmer's product sold by the kilo, in the shopper's stored cart; the shopper at checkout. */
async function checkoutWithTomatoes(shopper: Page, farmer: Page, quantity: number) {
  const product = await addProductViaApi(farmer.request, {
    name: "Vine Tomatoes",
    price: 40,
    unit: "kg",
    stock: 10,
  });
  await storeCart(shopper, [
    {
      id: product.id,
      name: product.name,
      price: 40,
      image: "",
      description: "Grown for the end-to-end tests",
      category: "vegetables",
      userId: product.userId,
      quantity,
    },
  ]);
  await shopper.goto("/checkout");
  await fillShipping(shopper);
  // NOTE: with a gateway on, checkout preselects Pay now.
  await expect(shopper.getByRole("radio", { name: /Pay now/ })).toBeChecked();
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper.getByRole("heading", { name: "Test payment — no money moves" })).toBeVisible();
  return product;
}

test("a shopper pays now at 375 px; the farmer sees it paid online, weighs lower, and the order page shows the refund", async ({
  page: shopper,
  browser,
}) => {
  await shopper.setViewportSize({ width: 375, height: 800 });
  const farmerContext = await browser.newContext({ baseURL: payBase });
  const farmer = await farmerContext.newPage();
  await signedInUser(farmer, "Asha Grower");
  await signedInUser(shopper, "Meera Buyer");
  await checkoutWithTomatoes(shopper, farmer, 2);
  await expect(shopper.getByText("₹80.00")).toBeVisible();
  expect(await a11yViolations(shopper, "the test payment page at 375 px")).toEqual([]);
  await shopper.screenshot({ path: "test-results/pay-now-gateway.png", fullPage: true });
  await shopper.getByRole("radio", { name: "Card" }).check();
  await shopper.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(shopper).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const payment = shopper.getByRole("region", { name: "Payment", exact: true });
  await expect(payment).toContainText("Paid ₹80.00 by card");
  expect(await a11yViolations(shopper, "a paid order at 375 px")).toEqual([]);

  // The farmer's card says it was paid online, so nothing is collected at the door; they weigh 1.8 kg.
  await farmer.goto("/farmer");
  const card = farmer.getByRole("list", { name: "Incoming orders" }).getByRole("article").first();
  await expect(card.getByTestId("door-money")).toContainText("Paid online: ₹80.00");
  await expect(card.getByTestId("door-money")).toContainText("Nothing to collect at the door");
  await card.screenshot({ path: "test-results/pay-now-farmer-card.png" });
  expect(await a11yViolations(farmer, "a farmer's card paid online")).toEqual([]);
  await card.getByLabel(/grams \(ordered 2 kg\)$/).fill("1800");
  await card.getByRole("button", { name: "Save weights" }).click();
  await expect(card).toContainText("packed 1.8 kg");
  await card.getByRole("button", { name: /^Confirm/ }).click();
  await expect(card.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  await card.getByRole("button", { name: /^Send out for delivery/ }).click();
  await expect(card.getByText("Out for delivery", { exact: true }).first()).toBeVisible();
  await farmerContext.close();

  // The bill is ₹72.00: the ₹8.00 difference goes back to the card.
  await shopper.reload();
  await expect(payment).toContainText("₹8.00 refunded to your card");
  await expect(shopper.getByText(/Nothing is charged online/)).toHaveCount(0);
  await shopper.screenshot({ path: "test-results/pay-now-refund.png", fullPage: true });
});

test("a failed payment says so on the order page; Try again opens a new payment page, and paying there pays the order", async ({
  page: shopper,
}) => {
  await signedInUser(shopper, "Ravi Buyer");
  await checkoutWithTomatoes(shopper, shopper, 1);
  await shopper.getByRole("button", { name: "Fail" }).click();
  await expect(shopper).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const payment = shopper.getByRole("region", { name: "Payment", exact: true });
  await expect(payment).toContainText("Payment not completed");
  expect(await a11yViolations(shopper, "a failed payment")).toEqual([]);
  await shopper.screenshot({ path: "test-results/pay-now-failed.png", fullPage: true });
  // NOTE: the same screen in Hindi, for axe (the texts are the catalogue's).
  await shopper.request.patch("/api/account", {
    data: { language: "hi" },
    headers: { "x-veggie-cart": "1" },
  });
  await shopper.reload();
  const inHindi = shopper.getByRole("region", { name: "भुगतान", exact: true });
  await expect(inHindi).toBeVisible();
  expect(await a11yViolations(shopper, "a failed payment, in Hindi")).toEqual([]);
  await inHindi.getByRole("button").click();
  await expect(shopper.getByRole("heading", { name: "Test payment — no money moves" })).toBeVisible();
  await shopper.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(shopper).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  await expect(shopper.getByRole("region", { name: "भुगतान", exact: true })).toContainText("₹40.00");
});
