import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { contextOf, createTestApp, request, type TestApp } from "../test/test-app.ts";
import { turnDealOver } from "./deal-turnover.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = "Asia/Kolkata";
const daysOf = (date: string) =>
  t.db.kysely.selectFrom("deal_days").selectAll().where("shop_date", "=", date).execute();

describe("the deal's turnover", () => {
  it("records each shop day's deal once, however many servers turn it over at once", async () => {
    // 18:30:00.001 UTC is just past midnight in Kolkata: 2031-03-05 begins.
    const ctx = contextOf(t, { now: new Date("2031-03-04T18:30:00.001Z"), timeZone: ZONE });
    const turned = await Promise.all(["a:1", "b:2", "c:3", "a:1"].map((server) => turnDealOver(ctx, server)));
    expect(turned.filter(Boolean)).toHaveLength(1);
    const rows = await daysOf("2031-03-05");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Cabbage", price_paise: 500, original_price_paise: 1000 });
    expect(await turnDealOver(ctx, "d:4")).toBe(false);
    // NOTE: a millisecond earlier it is still the day before, which is a turnover of its own.
    expect(await turnDealOver({ ...ctx, now: new Date("2031-03-04T18:29:59.999Z") }, "a:1")).toBe(true);
    expect(await daysOf("2031-03-04")).toHaveLength(1);
  });

  it("records the operator's plan in force that day", async () => {
    const operator = await signUpOperator(t.app, t.db);
    const planned = await request(t.app, {
      method: "PUT",
      url: "/api/admin/deal",
      cookie: operator.cookie,
      payload: {
        date: "2031-04-01",
        name: "Alphonso Mangoes",
        description: "Ratnagiri's best, a box of six.",
        price: 299.5,
        originalPrice: 450,
      },
    });
    expect(planned.statusCode).toBe(200);
    const ctx = contextOf(t, { now: new Date("2031-04-01T06:00:00Z"), timeZone: ZONE });
    expect(await turnDealOver(ctx, "a:1")).toBe(true);
    expect((await daysOf("2031-04-01"))[0]).toMatchObject({
      name: "Alphonso Mangoes",
      price_paise: 29_950,
      original_price_paise: 45_000,
    });
  });
});
