import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let operator: SignedInUser;
let shopper: SignedInUser;
let farmer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
  shopper = await signUpAndLogIn(t.app, "Asha Shopper");
  farmer = await signUpAndLogIn(t.app, "Ravi Farmer");
  await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 3000 });
});
afterAll(() => t.close());

const send = async (payload: object) => {
  const res = await request(t.app, { method: "POST", url: "/api/messages", cookie: shopper.cookie, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.id as string;
};
const faq = (subject: string) =>
  send({ kind: "faq", name: "Asha", email: "asha@example.com", subject, message: `About ${subject}` });
const contact = (farmerId?: string) =>
  send({ kind: "contact", name: "Asha", email: "asha@example.com", phone: "+91 98765 43210", farmerId });
const inbox = (query = "", cookie = operator.cookie) =>
  request(t.app, { method: "GET", url: `/api/admin/messages${query}`, cookie });
const patch = (id: string, payload: object) =>
  request(t.app, { method: "PATCH", url: `/api/admin/messages/${id}`, cookie: operator.cookie, payload });

describe("the operator's inbox", () => {
  it("holds FAQ messages and contact messages without a farmer, unread first and newest first", async () => {
    const first = await faq("Delivery areas");
    const toFarmer = await contact(farmer.id);
    const general = await contact();
    const last = await faq("Refunds");

    const list = (await inbox()).json();
    const ids = list.items.map((m: { id: string }) => m.id);
    expect(ids).toEqual([last, general, first]);
    expect(ids).not.toContain(toFarmer);
    expect(list.unread).toBe(3);
    expect(list.items[0]).toEqual({
      id: last,
      kind: "faq",
      name: "Asha",
      email: "asha@example.com",
      phone: null,
      subject: "Refunds",
      message: "About Refunds",
      createdAt: expect.any(String),
      read: false,
      handled: false,
      note: "",
    });

    // Reading the newest moves it below the unread ones.
    expect((await patch(last, { read: true })).json().message.read).toBe(true);
    const after = (await inbox()).json();
    expect(after.items.map((m: { id: string }) => m.id)).toEqual([general, first, last]);
    expect(after.unread).toBe(2);

    // The farmer's own inbox still has the message addressed to them; the operator cannot touch it.
    const farmerInbox = await request(t.app, {
      method: "GET",
      url: "/api/messages/inbox",
      cookie: farmer.cookie,
    });
    expect(farmerInbox.json().messages.map((m: { id: string }) => m.id)).toEqual([toFarmer]);
    expect((await patch(toFarmer, { read: true })).statusCode).toBe(404);
  });

  it("marks a message handled with a note (and read), reopens it, and records each change", async () => {
    const id = await faq("Wholesale");
    const handled = await patch(id, { handled: true, note: "  Replied by e-mail with the price list  " });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().message).toMatchObject({
      read: true,
      handled: true,
      note: "Replied by e-mail with the price list",
    });
    expect((await inbox("?filter=handled")).json().items.map((m: { id: string }) => m.id)).toContain(id);
    expect((await inbox("?filter=open")).json().items.map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await inbox("?filter=unread")).json().items.map((m: { id: string }) => m.id)).not.toContain(id);

    const reopened = await patch(id, { handled: false });
    expect(reopened.json().message).toMatchObject({ handled: false, read: true });
    // The same change twice changes nothing and writes nothing.
    await patch(id, { handled: false });

    const audit = (
      await request(t.app, { method: "GET", url: "/api/admin/audit?limit=100", cookie: operator.cookie })
    )
      .json()
      .items.filter((e: { target: { id: string } }) => e.target.id === id);
    // One PATCH writes its entries at one instant, so only the reopen is known to come last.
    expect(audit[0].action).toBe("message.reopen");
    expect(audit.map((e: { action: string }) => e.action).sort()).toEqual([
      "message.handle",
      "message.note",
      "message.read",
      "message.reopen",
    ]);
    expect(audit.find((e: { action: string }) => e.action === "message.handle").reason).toBe(
      "Replied by e-mail with the price list",
    );
  });

  it("refuses a bad patch with 400 and changes nothing", async () => {
    const id = await faq("Typos");
    for (const payload of [
      {},
      { read: "yes" },
      { handled: 1 },
      { note: 5 },
      { note: "x".repeat(2001) },
      { note: "a\u0000" },
      { archived: true },
    ]) {
      const res = await patch(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patch("00000000-0000-4000-8000-000000000000", { read: true })).statusCode).toBe(404);
    const message = (await inbox()).json().items.find((m: { id: string }) => m.id === id);
    expect(message).toMatchObject({ read: false, handled: false, note: "" });
    expect((await inbox("?filter=archived")).statusCode).toBe(400);
  });

  it("pages through every message exactly once, even as messages are read between pages", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await inbox(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      ).json();
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    const total = (await inbox("?limit=100")).json().items.length;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect((await inbox("?cursor=bm9wZQ")).statusCode).toBe(400);
  });
});

describe("the audit log", () => {
  it("has no route that changes it, and the database refuses changes too", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await request(t.app, {
        method,
        url: "/api/admin/audit",
        cookie: operator.cookie,
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
    const entry = await t.db.kysely.selectFrom("audit_log").select("id").executeTakeFirstOrThrow();
    await expect(
      t.db.kysely.updateTable("audit_log").set({ reason: "rewritten" }).where("id", "=", entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.kysely.deleteFrom("audit_log").where("id", "=", entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});
