import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import type { Database } from "../db/database.ts";
import type { NewProductRow } from "../db/tables-catalogue.ts";

/** A farmer account written straight into the database (it cannot sign in: its hash is not a real one). */
export async function insertFarmer(db: Kysely<Database>, name = "Fixture Farmer"): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("users")
    .values({
      id,
      email: `farmer.${id}@example.com`,
      name,
      password_hash: "!fixture",
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** A product row, inserted directly: order tests do not depend on the catalogue API. */
export async function insertProduct(
  db: Kysely<Database>,
  ownerId: string,
  product: { name: string; pricePaise: number; category?: string; stock?: number | null; unit?: ProductUnit },
): Promise<NewProductRow> {
  const row: NewProductRow = {
    id: randomUUID(),
    owner_id: ownerId,
    name: product.name,
    price_paise: product.pricePaise,
    description: `${product.name}, fresh from the farm`,
    category: product.category ?? "vegetables",
    image_id: null,
    created_at: new Date().toISOString(),
    stock: product.stock ?? null,
    ...(product.unit ? { unit: product.unit } : {}),
  };
  await db.insertInto("products").values(row).execute();
  return row;
}
