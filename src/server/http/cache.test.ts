import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("which answers may be kept for offline use", () => {
  it("lets the catalogue be kept (private, revalidated) and keeps everything private no-store", async () => {
    const user = await signUpAndLogIn(t.app);
    const farmer = await insertFarmer(t.db.kysely);
    const product = await insertProduct(t.db.kysely, farmer, { name: "Okra", pricePaise: 4000 });
    const get = (url: string, cookie?: string) => request(t.app, { method: "GET", url, cookie });

    for (const url of ["/api/products", `/api/products/${product.id}`, "/api/deal"]) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-cache");
    }
    for (const url of ["/api/auth/me", "/api/orders"]) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    // Signed out, the catalogue is refused, and the refusal is not kept either.
    const refused = await get("/api/products");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/auth/me")).headers["cache-control"]).toBe("no-store");
  });
});
