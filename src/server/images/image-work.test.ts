import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts } from "../test/db-snapshot.ts";
import { multipartBody, sampleImage } from "../test/multipart.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { IMAGE_WORK, WorkQueue } from "./image-work.ts";

let t: TestApp;
let farmer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  farmer = await signUpAndLogIn(t.app, "Busy Farmer");
});
afterAll(() => t.close());

describe("the image work queue", () => {
  it("runs at most `running` jobs at once and admits at most `admitted`", async () => {
    const queue = new WorkQueue(2, 4);
    const tickets = [queue.admit(), queue.admit(), queue.admit(), queue.admit()];
    expect(() => queue.admit()).toThrow(/try again/);
    let active = 0;
    let most = 0;
    await Promise.all(
      tickets.map((ticket) =>
        queue
          .process(async () => {
            active += 1;
            most = Math.max(most, active);
            // NOTE: a turn of the event loop, in which a queue that allowed a third job would have started it.
            await new Promise((resolve) => setImmediate(resolve));
            active -= 1;
          })
          .finally(() => ticket.release()),
      ),
    );
    expect(most).toBe(2);
    expect(queue.size).toEqual({ admitted: 0, running: 0, waiting: 0 });
    queue.admit().release();
  });
});

describe(`a burst of uploads (${testDialect})`, () => {
  it("is processed a few at a time: the rest get 503 (or 429 beyond the account's share) with Retry-After and store nothing, sign-in still works", {
    timeout: 120_000,
  }, async () => {
    const image = await sampleImage("jpeg", 1600, 1200);
    const burst = IMAGE_WORK.admitted * 2;
    const before = (await rowCounts(t.db)).products!;
    const uploads = Array.from({ length: burst }, async (_, i) => {
      const { payload, headers } = await multipartBody({
        name: `Burst ${i}`,
        price: "10",
        description: "Burst",
        category: "vegetables",
        image: { bytes: image, filename: "b.jpg", type: "image/jpeg" },
      });
      return request(t.app, {
        method: "POST",
        url: "/api/products",
        cookie: farmer.cookie,
        payload,
        headers,
      });
    });
    const signIn = request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: farmer.email, password: farmer.password },
    });
    const results = await Promise.all(uploads);
    expect((await signIn).statusCode).toBe(200);
    const statuses = results.map((res) => res.statusCode);
    const created = statuses.filter((status) => status === 201).length;
    const refused = results.filter((res) => res.statusCode === 503 || res.statusCode === 429);
    expect(created + refused.length).toBe(burst);
    expect(created).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(res.json().error.code).toBe(res.statusCode === 503 ? "overloaded" : "rate_limited");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await rowCounts(t.db)).products).toBe(before + created);
    const after = await request(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: farmer.cookie,
      ...(await multipartBody({
        name: "After the burst",
        price: "10",
        description: "Calm",
        category: "vegetables",
        image: { bytes: image, filename: "a.jpg", type: "image/jpeg" },
      })),
    });
    expect(after.statusCode).toBe(201);
  });
});
