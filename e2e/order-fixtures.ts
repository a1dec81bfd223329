import type { Page } from "@playwright/test";
import { createDb } from "../src/server/db/database.ts";
import { currentDeal, DEAL_ID } from "../src/server/deals/deals.service.ts";
import { insertFarmer, insertProduct } from "../src/server/test/order-fixtures.ts";
import type { CartItem } from "../src/shared/schemas/cart.ts";

/** The database the e2e server runs on (the same default as playwright.config.ts). */
const databaseUrl = () => process.env.E2E_DATABASE_URL ?? "sqlite:./data/e2e.sqlite";

let counter = 0;
const unique = (name: string) => {
  counter += 1;
  return `${name} ${process.pid}-${Date.now() % 100_000}-${counter}`;
};

/**
 * Products written straight into the e2e server's database, owned by a fresh farmer, as cart lines. Order
 * journeys that do not go through the catalogue screens use these.
 */
export async function seedCartProducts(products: { name: string; price: number }[]): Promise<CartItem[]> {
  const db = createDb(databaseUrl());
  try {
    const farmer = await insertFarmer(db.kysely, "E2E Farmer");
    const lines: CartItem[] = [];
    for (const product of products) {
      const row = await insertProduct(db.kysely, farmer, {
        name: unique(product.name),
        pricePaise: Math.round(product.price * 100),
      });
      lines.push({
        id: row.id,
        name: row.name,
        price: product.price,
        image: "",
        description: row.description,
        category: row.category,
        userId: farmer,
        quantity: 1,
      });
    }
    return lines;
  } finally {
    await db.close();
  }
}

export async function deleteProduct(productId: string): Promise<void> {
  const db = createDb(databaseUrl());
  try {
    await db.kysely.deleteFrom("products").where("id", "=", productId).execute();
  } finally {
    await db.close();
  }
}

/** Today's deal of the day as the dashboard puts it in the cart. */
export function dealCartLine(quantity = 1): CartItem {
  const deal = currentDeal();
  return {
    id: DEAL_ID,
    name: deal.name,
    price: deal.pricePaise / 100,
    image: "",
    description: deal.description,
    category: deal.category,
    userId: "system",
    quantity,
    startTime: deal.startTime.toISOString(),
  };
}

/** Puts lines in the page's stored cart (the page must be on the app's origin). */
export async function storeCart(page: Page, items: CartItem[]): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem("cart", JSON.stringify(value)), items);
}

export async function readCart(page: Page): Promise<CartItem[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]"));
}

export const shippingDetails = {
  fullName: "Meera Iyer",
  email: "meera@example.com",
  phone: "+91 98200 12345",
  address: "12 Lake Road",
  city: "Pune",
  state: "Maharashtra",
  zipCode: "411001",
};

/** Fills the shipping form with valid details. */
export async function fillShipping(page: Page) {
  await page.getByLabel("Full name").fill(shippingDetails.fullName);
  await page.getByLabel("Email").fill(shippingDetails.email);
  await page.getByLabel("Phone number").fill(shippingDetails.phone);
  await page.getByLabel("Address").fill(shippingDetails.address);
  await page.getByLabel("City").fill(shippingDetails.city);
  await page.getByLabel("State").selectOption({ label: shippingDetails.state });
  await page.getByLabel("ZIP code").fill(shippingDetails.zipCode);
}

export async function repriceProduct(productId: string, price: number): Promise<void> {
  const db = createDb(databaseUrl());
  try {
    await db.kysely
      .updateTable("products")
      .set({ price_paise: Math.round(price * 100) })
      .where("id", "=", productId)
      .execute();
  } finally {
    await db.close();
  }
}
