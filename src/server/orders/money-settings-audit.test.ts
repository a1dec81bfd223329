import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { createTestApp, request, type SignedInUser, type TestApp } from "../test/test-app.ts";

/** Issue 40 item 6: the shop's UPI ID decides where the deal of the day's money goes. */
let t: TestApp;
let operator: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
});
afterAll(() => t.close());

const saveShopUpi = (upiId: string | null) =>
  request(t.app, {
    method: "PUT",
    url: "/api/admin/shop-profile",
    cookie: operator.cookie,
    payload: { upiId },
  });

const shopEntries = async () => {
  const audit = await request(t.app, { method: "GET", url: "/api/admin/audit", cookie: operator.cookie });
  return (audit.json().items as { action: string; reason?: string }[]).filter(
    (entry) => entry.action === "shop_profile.update",
  );
};

describe("an operator's change of the shop's money settings", () => {
  it("is in the audit log: who set the shop's UPI ID, from what to what, and who removed it", async () => {
    expect((await saveShopUpi("shop@okaxis")).statusCode).toBe(200);
    expect((await saveShopUpi("veggiecart@ybl")).statusCode).toBe(200);
    expect((await saveShopUpi(null)).statusCode).toBe(200);
    const entries = await shopEntries();
    // Newest first.
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: operator.id, email: operator.email }),
        target: expect.objectContaining({ type: "shop", id: "shop" }),
        reason: "UPI ID: veggiecart@ybl → none (cash only)",
      }),
      expect.objectContaining({ reason: "UPI ID: shop@okaxis → veggiecart@ybl" }),
      expect.objectContaining({ reason: "UPI ID: none (cash only) → shop@okaxis" }),
    ]);
  });

  it("records nothing when the UPI ID is saved unchanged", async () => {
    await saveShopUpi("same@okaxis");
    const before = (await shopEntries()).length;
    expect((await saveShopUpi("same@okaxis")).statusCode).toBe(200);
    expect(await shopEntries()).toHaveLength(before);
  });
});
