import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged, catalogueChangedStep, inStepsTransaction, inTransaction } from "./context.ts";
import { changedRows, type Database } from "./db/index.ts";
import { insertFarmer, insertProduct } from "./test/order-fixtures.ts";
import { placed, stockOf } from "./test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "./test/test-app.ts";

let t: TestApp;
let shopper: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUpAndLogIn(t.app, "Context Shopper");
});
afterAll(() => t.close());

async function product(pricePaise = 4000, stock: number | null = null) {
  const farmer = await insertFarmer(t.db.kysely);
  return (await insertProduct(t.db.kysely, farmer, { name: "Okra", pricePaise, stock })).id;
}

/** The product's price as a shopper's request is answered (through the prepared answers). */
async function shownPrice(productId: string): Promise<number> {
  const answer = await t.app.inject({
    method: "GET",
    url: `/api/products/${productId}`,
    headers: { cookie: shopper.cookie },
  });
  return (answer.json() as { product: { price: number } }).product.price;
}

const setPrice = (db: Kysely<Database>, productId: string, pricePaise: number) =>
  db.updateTable("products").set({ price_paise: pricePaise }).where("id", "=", productId);

describe("work owed at a transaction's commit (onCommit), the same for both runners", () => {
  it("a placed order's stock shows on the product at once: placement drops the prepared answers at its commit", async () => {
    const id = await product(4000, 5);
    expect(await stockOf(t.app, shopper, id)).toBe(5);
    await placed(t.app, shopper, [{ productId: id, quantity: 2 }]);
    expect(await stockOf(t.app, shopper, id)).toBe(3);
  });

  for (const runner of ["inTransaction", "inStepsTransaction"] as const) {
    it(`${runner}: a change the catalogue shows is answered once committed`, async () => {
      const id = await product(4000);
      expect(await shownPrice(id)).toBe(40);
      const ctx = contextOf(t);
      if (runner === "inTransaction") {
        await inTransaction(ctx, async (trx) => {
          await setPrice(trx.db, id, 3500).execute();
          await catalogueChanged(trx);
        });
      } else {
        await inStepsTransaction(ctx, function* (trx) {
          yield* changedRows(setPrice(trx.db, id, 3500));
          yield* catalogueChangedStep(trx);
        });
      }
      expect(await shownPrice(id)).toBe(35);
    });

    it(`${runner}: runs the owed work after the commit, once however often it was owed, and none after a rollback`, async () => {
      const id = await product(4000);
      const seen: number[] = [];
      const owe = (trx: { onCommit?: Map<string, () => Promise<void>> }) =>
        trx.onCommit?.set("probe", async () => {
          // NOTE: read outside the transaction: only a committed price is seen.
          const row = await t.db.kysely
            .selectFrom("products")
            .select("price_paise")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          seen.push(row.price_paise);
        });
      const run = (pricePaise: number, fail: boolean) =>
        runner === "inTransaction"
          ? inTransaction(contextOf(t), async (trx) => {
              await setPrice(trx.db, id, pricePaise).execute();
              owe(trx);
              owe(trx);
              if (fail) throw new Error("refused");
            })
          : inStepsTransaction(contextOf(t), function* (trx) {
              yield* changedRows(setPrice(trx.db, id, pricePaise));
              owe(trx);
              owe(trx);
              if (fail) throw new Error("refused");
            });
      await run(3500, false);
      expect(seen).toEqual([3500]);
      await expect(run(3000, true)).rejects.toThrow("refused");
      expect(seen).toEqual([3500]);
    });
  }

  it("refuses to owe a drop to a transaction no runner started, which would commit without it", async () => {
    const ctx = contextOf(t);
    await expect(
      ctx.db.transaction().execute((trx) => catalogueChanged({ ...ctx, db: trx })),
    ).rejects.toThrow(/inTransaction did not start/);
  });
});
