import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DealPictureReplySchema,
  DealPlanningSchema,
  dealPlanMessages,
} from "../../shared/schemas/deal-plans.ts";
import { DealSchema } from "../../shared/schemas/products.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { addProductWithPicture, multipartBody, sampleImage } from "../test/multipart.ts";
import { postOrder } from "../test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { currentDeal, DEAL_ID, dealAt, dealWindow } from "./deals.service.ts";

const ZONE = "Asia/Kolkata";
let t: TestApp;
let operator: SignedInUser;
let shopper: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
  shopper = await signUpAndLogIn(t.app, "Sita Shopper");
});
afterAll(() => t.close());

const today = () => shopDate(new Date(), ZONE);
const plan = (body: object) =>
  request(t.app, { method: "PUT", url: "/api/admin/deal", cookie: operator.cookie, payload: body });
const planning = async () =>
  DealPlanningSchema.parse(
    (await request(t.app, { method: "GET", url: "/api/admin/deal", cookie: operator.cookie })).json(),
  );
const publicDeal = async () =>
  DealSchema.parse(
    (await request(t.app, { method: "GET", url: "/api/deal", cookie: shopper.cookie })).json().deal,
  );
const mangoes = (date: string) => ({
  date,
  name: "Alphonso Mangoes",
  description: "Ratnagiri's best, a box of six.",
  price: 299.5,
  originalPrice: 450,
});

describe("the deal of the day turns over at midnight in the shop's time zone", () => {
  it("runs from the shop's midnight to the next, not from midnight UTC", () => {
    // 18:29:59 UTC is 23:59:59 in Kolkata; a second later it is the next day there (and still the same in UTC).
    const before = dealWindow(new Date("2026-05-10T18:29:59Z"), ZONE);
    const after = dealWindow(new Date("2026-05-10T18:30:00Z"), ZONE);
    expect(before).toEqual({
      date: "2026-05-10",
      startTime: new Date("2026-05-09T18:30:00Z"),
      endTime: new Date("2026-05-10T18:30:00Z"),
    });
    expect(after.date).toBe("2026-05-11");
    expect(after.startTime).toEqual(new Date("2026-05-10T18:30:00Z"));
    expect(currentDeal(new Date("2026-05-10T18:30:00Z"), "UTC").startTime).toEqual(
      new Date("2026-05-10T00:00:00Z"),
    );
  });
});

describe("planning the deal of the day", () => {
  it("serves the built-in cabbage while nothing is planned", async () => {
    const before = await planning();
    expect(before).toMatchObject({ today: today(), timeZone: ZONE, plans: [] });
    expect(before.current).toMatchObject({
      name: "Cabbage",
      price: 5,
      originalPrice: 10,
      image: "/api/deal/image",
    });
    expect(await publicDeal()).toEqual(before.current);
  });

  it("serves a plan for a later date only from that date on, and prices it at checkout from then", async () => {
    const tomorrow = addDays(today(), 1);
    const res = await plan(mangoes(tomorrow));
    expect(res.statusCode, res.body).toBe(200);
    const planned = DealPlanningSchema.parse(res.json());
    expect(planned.plans).toEqual([
      expect.objectContaining({ date: tomorrow, name: "Alphonso Mangoes", price: 299.5, originalPrice: 450 }),
    ]);
    expect(planned.plans[0]!.plannedBy).toBe("Olga Operator");
    expect((await publicDeal()).name).toBe("Cabbage");

    const tomorrowNoon = new Date(dealWindow(new Date(), ZONE).endTime.getTime() + 6 * 3_600_000);
    const deal = await dealAt(contextOf(t, { now: tomorrowNoon, timeZone: ZONE }));
    expect(deal).toMatchObject({ name: "Alphonso Mangoes", pricePaise: 29950, originalPricePaise: 45000 });
    expect(deal.startTime).toEqual(dealWindow(new Date(), ZONE).endTime);
    // ... and the day after, too, until a later plan takes over.
    const later = new Date(tomorrowNoon.getTime() + 5 * 86_400_000);
    expect((await dealAt(contextOf(t, { now: later, timeZone: ZONE }))).name).toBe("Alphonso Mangoes");
  });

  it("changes today's deal at once when planned for today: the shop shows it and checkout charges it", async () => {
    const res = await plan({ ...mangoes(today()), name: "Kesar Mangoes", price: 199 });
    expect(res.statusCode, res.body).toBe(200);
    const deal = await publicDeal();
    expect(deal).toMatchObject({ name: "Kesar Mangoes", price: 199, originalPrice: 450 });
    const order = await postOrder(t.app, shopper, [
      { productId: DEAL_ID, quantity: 2, dealStartTime: deal.startTime },
    ]);
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.items).toEqual([
      {
        productId: DEAL_ID,
        name: "Kesar Mangoes",
        unitPrice: 199,
        unit: "piece",
        quantity: 2,
        lineTotal: 398,
        lineId: 1,
        weighed: false,
        packedGrams: null,
        estimate: 398,
        amount: 398,
      },
    ]);
    const { plans } = await planning();
    expect(plans.map((p) => [p.date, p.name])).toEqual([
      [today(), "Kesar Mangoes"],
      [addDays(today(), 1), "Alphonso Mangoes"],
    ]);
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "deal.update")
      .orderBy("at")
      .execute();
    expect(audit.map((entry) => entry.reason)).toEqual([
      `From ${addDays(today(), 1)}: Alphonso Mangoes at ₹299.50 instead of ₹450.00`,
      `From ${today()}: Kesar Mangoes at ₹199.00 instead of ₹450.00`,
    ]);
  });

  it("lets the newest plan of a date win, even when made within the same millisecond", async () => {
    const date = addDays(today(), 3);
    await plan({ ...mangoes(date), name: "First" });
    await plan({ ...mangoes(date), name: "Second" });
    const { plans } = await planning();
    expect(plans.filter((p) => p.date === date).map((p) => p.name)).toEqual(["Second"]);
  });

  it("uses a product's picture as the deal's own copy, which stays when the product is deleted", async () => {
    const farmer = await signUpAndLogIn(t.app, "Hari Farmer");
    const product = await addProductWithPicture(t.app, farmer.cookie, "Guavas", "60");
    const productImageId = product.image.split("/").pop()!.split("?")[0]!;

    const date = addDays(today(), 5);
    const res = await plan({ ...mangoes(date), name: "Guavas", imageId: productImageId });
    expect(res.statusCode, res.body).toBe(200);
    const guava = DealPlanningSchema.parse(res.json()).plans.find((p) => p.date === date)!;
    expect(guava.imageId).not.toBe(productImageId);
    expect(guava.image).toBe(`/api/images/${guava.imageId}?w=640`);

    // Planning again with the plan's own picture keeps it (no second copy).
    const again = DealPlanningSchema.parse((await plan({ ...mangoes(date), imageId: guava.imageId })).json());
    expect(again.plans.find((p) => p.date === date)!.imageId).toBe(guava.imageId);

    const deleted = await request(t.app, {
      method: "DELETE",
      url: `/api/products/${product.id}`,
      cookie: farmer.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    const picture = await request(t.app, { method: "GET", url: guava.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
  });

  it("refuses a past date, a deal price above the original, an unknown picture and missing fields, planning nothing", async () => {
    const before = await t.db.kysely.selectFrom("deal_plans").select("id").execute();
    const cases: [object, Record<string, string>][] = [
      [mangoes(addDays(today(), -1)), { date: "The date cannot be before today" }],
      [mangoes("2026-02-30"), { date: "Please enter the date as YYYY-MM-DD" }],
      [
        { ...mangoes(today()), price: 500 },
        { originalPrice: "The original price cannot be below the deal price" },
      ],
      [{ ...mangoes(today()), imageId: "no-such-picture" }, { imageId: "This picture does not exist" }],
      [{ date: today() }, { name: "Please enter the product's name" }],
      [{ ...mangoes(today()), price: -1 }, { price: "Price cannot be negative" }],
      [{ ...mangoes(today()), extra: 1 }, {}],
    ];
    for (const [body, fields] of cases) {
      const res = await plan(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields ?? {}).toMatchObject(fields);
    }
    expect(await t.db.kysely.selectFrom("deal_plans").select("id").execute()).toEqual(before);
  });
});

describe("a deal replaced during the day (issue 25, item 14)", () => {
  it("refuses a cart line added under the earlier deal, by name, rather than sell the new one in its place", async () => {
    const own = await createTestApp();
    try {
      const boss = await signUpOperator(own.app, own.db);
      const buyer = await signUpAndLogIn(own.app, "Early Shopper");
      const dealNow = async () =>
        DealSchema.parse(
          (await request(own.app, { method: "GET", url: "/api/deal", cookie: buyer.cookie })).json().deal,
        );
      const cabbage = await dealNow();
      expect(cabbage).toMatchObject({ name: "Cabbage", price: 5 });
      const cabbageLine = { productId: DEAL_ID, quantity: 1, dealStartTime: cabbage.startTime };

      const planned = await request(own.app, {
        method: "PUT",
        url: "/api/admin/deal",
        cookie: boss.cookie,
        payload: { ...mangoes(today()), name: "Mango", price: 200, originalPrice: 250 },
      });
      expect(planned.statusCode, planned.body).toBe(200);
      const mango = await dealNow();
      expect(mango).toMatchObject({ name: "Mango", price: 200 });
      expect(mango.startTime).not.toBe(cabbage.startTime);

      const quote = await request(own.app, {
        method: "POST",
        url: "/api/orders/quote",
        cookie: buyer.cookie,
        payload: { items: [cabbageLine] },
      });
      expect(quote.statusCode).toBe(409);
      expect(quote.json().error).toMatchObject({
        code: "deal_changed",
        message:
          "Line 1: the deal of the day has changed since you added it (it is now Mango). Remove it from your cart and add today's deal.",
        fields: { "items.0.dealStartTime": "This deal has changed" },
      });
      const order = await postOrder(own.app, buyer, [cabbageLine]);
      expect(order.statusCode).toBe(409);
      expect(order.json().error.code).toBe("deal_changed");
      expect(await own.db.kysely.selectFrom("orders").select("id").execute()).toEqual([]);

      // The line added under the deal now running is Mango, named and priced as Mango.
      const mangoOrder = await postOrder(own.app, buyer, [
        { productId: DEAL_ID, quantity: 1, dealStartTime: mango.startTime },
      ]);
      expect(mangoOrder.statusCode, mangoOrder.body).toBe(201);
      expect(mangoOrder.json().order.items[0]).toMatchObject({ name: "Mango", unitPrice: 200 });
    } finally {
      await own.close();
    }
  });
});

describe("a planned day changed or removed before it comes (issue 40 item 17)", () => {
  const replan = (id: string, body: object) =>
    request(t.app, {
      method: "PUT",
      url: `/api/admin/deal/plans/${id}`,
      cookie: operator.cookie,
      payload: body,
    });
  const remove = (id: string) =>
    request(t.app, { method: "DELETE", url: `/api/admin/deal/plans/${id}`, cookie: operator.cookie });
  const planOn = async (date: string) => (await planning()).plans.find((p) => p.date === date);

  it("edits a planned day, its date and picture too, and removes one, each audited", async () => {
    const [day10, day11, day12] = [10, 11, 12].map((n) => addDays(today(), n)) as [string, string, string];
    expect((await plan(mangoes(day10))).statusCode).toBe(200);
    expect((await plan({ ...mangoes(day12), name: "Guavas" })).statusCode).toBe(200);
    const product = await addProductWithPicture(t.app, operator.cookie, "Kesar Mangoes");
    const productImageId = /\/api\/images\/([^?]+)/.exec(product.image)![1]!;

    const planned = (await planOn(day10))!;
    const res = await replan(planned.id, {
      ...mangoes(day11),
      name: "Kesar Mangoes",
      imageId: productImageId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = DealPlanningSchema.parse(res.json());
    expect(after.plans.find((p) => p.date === day10)).toBeUndefined();
    const edited = after.plans.find((p) => p.date === day11)!;
    expect(edited).toMatchObject({ name: "Kesar Mangoes", price: 299.5 });
    // NOTE: the deal's own copy of the product's picture, not the cabbage.
    expect(edited.imageId).not.toBeNull();
    expect(edited.image).toMatch(/^\/api\/images\//);
    const noon = (days: number) =>
      new Date(dealWindow(new Date(), ZONE).endTime.getTime() + (days - 1) * 86_400_000 + 6 * 3_600_000);
    expect((await dealAt(contextOf(t, { now: noon(11), timeZone: ZONE }))).name).toBe("Kesar Mangoes");
    // Changed again with its own picture, it keeps that picture (no second copy).
    const again = await replan(edited.id, {
      ...mangoes(day11),
      name: "Kesar Mangoes",
      imageId: edited.imageId,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(DealPlanningSchema.parse(again.json()).plans.find((p) => p.date === day11)!.imageId).toBe(
      edited.imageId,
    );

    const guavas = (await planOn(day12))!;
    const removed = await remove(guavas.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(DealPlanningSchema.parse(removed.json()).plans.map((p) => p.date)).not.toContain(day12);
    // The plan before it runs on.
    expect((await dealAt(contextOf(t, { now: noon(12), timeZone: ZONE }))).name).toBe("Kesar Mangoes");

    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "reason"])
      .where("action", "in", ["deal.update", "deal.remove"])
      .orderBy("at", "desc")
      .limit(2)
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["deal.remove", "deal.update"]);
    expect(audit.find((entry) => entry.action === "deal.remove")!.reason).toBe(
      `The plan from ${day12} (Guavas) removed`,
    );
  });

  it("takes a picture the operator uploads for a plan, refusing a file that is not one", async () => {
    const upload = async (file: { bytes: Uint8Array; filename: string; type: string }) =>
      request(t.app, {
        method: "POST",
        url: "/api/admin/deal/pictures",
        cookie: operator.cookie,
        ...(await multipartBody({ image: file })),
      });
    const res = await upload({
      bytes: await sampleImage("png", 320, 240),
      filename: "deal.png",
      type: "image/png",
    });
    expect(res.statusCode, res.body).toBe(201);
    const picture = DealPictureReplySchema.parse(res.json());
    expect(picture.image).toBe(`/api/images/${picture.imageId}?w=640`);
    const day = addDays(today(), 20);
    const planned = DealPlanningSchema.parse(
      (await plan({ ...mangoes(day), name: "Uploaded Mangoes", imageId: picture.imageId })).json(),
    );
    expect(planned.plans.find((p) => p.date === day)!.image).toMatch(/^\/api\/images\//);
    const shown = await request(t.app, {
      method: "GET",
      url: planned.plans.find((p) => p.date === day)!.image,
    });
    expect(shown.headers["content-type"]).toBe("image/webp");

    const bad = await upload({
      bytes: new TextEncoder().encode("not a picture"),
      filename: "x.png",
      type: "image/png",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses today's plan (409), an unknown one (404) and a past date (400), changing nothing", async () => {
    expect((await plan({ ...mangoes(today()), name: "Today's Melon" })).statusCode).toBe(200);
    const todays = (await planOn(today()))!;
    const ahead = (await planning()).plans.find((p) => p.date > today())!;
    const before = await tableChecksums(t.db);
    for (const res of [await replan(todays.id, mangoes(addDays(today(), 3))), await remove(todays.id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "deal_plan_started",
        message: dealPlanMessages.planStarted,
      });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const res of [await replan(unknown, mangoes(addDays(today(), 3))), await remove(unknown)]) {
      expect(res.statusCode).toBe(404);
    }
    const past = await replan(ahead.id, mangoes(addDays(today(), -1)));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ date: dealPlanMessages.dateInPast });
    expect(await tableChecksums(t.db)).toEqual(before);
  });
});
