import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DealSchema } from "../../shared/schemas/products.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { currentDeal } from "./deals.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("deal of the day", () => {
  it("is the product's cabbage at 5 against 10, running from midnight to midnight in the shop's time zone", async () => {
    expect((await request(t.app, { method: "GET", url: "/api/deal" })).statusCode).toBe(401);
    const user = await signUpAndLogIn(t.app);
    const res = await request(t.app, { method: "GET", url: "/api/deal", cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const deal = DealSchema.parse(res.json().deal);
    expect(deal).toMatchObject({
      id: "deal-of-the-day",
      name: "Cabbage",
      price: 5,
      originalPrice: 10,
      category: "Vegetables",
      userId: "system",
      image: "/api/deal/image",
    });
    const expected = currentDeal();
    expect(deal.startTime).toBe(expected.startTime.toISOString());
    expect(Date.parse(deal.endTime) - Date.parse(deal.startTime)).toBe(24 * 60 * 60 * 1000);
    // NOTE: the test app's shop is in Asia/Kolkata (UTC+05:30): its midnight is 18:30 UTC.
    expect(deal.startTime.endsWith("T18:30:00.000Z")).toBe(true);
  });

  it("serves a cabbage picture made locally, as WebP with an ETag and 304", async () => {
    const res = await request(t.app, { method: "GET", url: "/api/deal/image" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 480 });
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.b);
    const again = await request(t.app, {
      method: "GET",
      url: "/api/deal/image",
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const small = await request(t.app, { method: "GET", url: "/api/deal/image?w=300" });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
  });
});
