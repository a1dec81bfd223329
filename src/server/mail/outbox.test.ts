import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../context.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed } from "../test/order-helpers.ts";
import { mailsTo, sendOrderNews } from "../test/outbox.ts";
import { contextOf, createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { enqueue } from "./outbox.ts";
import { welcomeMail } from "./templates.ts";

const queuedTo = (t: TestApp, recipient: string) =>
  t.db.kysely.selectFrom("mail_queue").selectAll().where("recipient", "=", recipient).execute();

describe("mail queued in the transaction that writes what it speaks of", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends nothing for a change that rolls back after queuing its mail, and sends a committed one", async () => {
    const refused = `refused.${randomUUID()}@example.com`;
    const work = inTransaction(contextOf(t), async (trx) => {
      await enqueue(trx, welcomeMail(refused, "Refused", trx.mail.link("/login")));
      throw new Error("the change is refused after its mail was queued");
    });
    await expect(work).rejects.toThrow("refused after its mail was queued");
    await t.app.mailer.settle();
    expect(await queuedTo(t, refused)).toEqual([]);
    expect(await mailsTo(t, refused)).toEqual([]);

    const committed = `committed.${randomUUID()}@example.com`;
    await inTransaction(contextOf(t), (trx) =>
      enqueue(trx, welcomeMail(committed, "Committed", trx.mail.link("/login"))),
    );
    expect((await mailsTo(t, committed)).map((mail) => mail.subject)).toEqual(["Welcome to Veggie Cart"]);
    expect(await queuedTo(t, committed)).toEqual([]);
  });

  it("refuses to store a mail with a secret link", async () => {
    const mail = {
      ...welcomeMail("secret@example.com", "Secret", "http://shop.test/x#token=t"),
      secret: true,
    };
    await expect(inTransaction(contextOf(t), (trx) => enqueue(trx, mail))).rejects.toThrow(/never stored/);
    expect(await queuedTo(t, "secret@example.com")).toEqual([]);
  });

  it("delivers the welcome at sign-up, the order's confirmation and a part's move to the outbox, and keeps no row", async () => {
    const buyer = await signUpAndLogIn(t.app, "Outbox Buyer");
    expect((await mailsTo(t, buyer.email)).map((mail) => mail.subject)).toEqual(["Welcome to Veggie Cart"]);

    const farmer = await signUpAndLogIn(t.app, "Outbox Farmer");
    const okra = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 4050 });
    const order = await placed(t.app, buyer, [{ productId: okra.id!, quantity: 2 }]);
    const checkoutEmail = order.shipping.email;
    const before = (await mailsTo(t, checkoutEmail)).length;
    const part = order.fulfilments.find((f) => f.farmerId === farmer.id)!;
    const moved = await request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${part.id}/status`,
      cookie: farmer.cookie,
      payload: { status: "confirmed" },
    });
    expect(moved.statusCode).toBe(200);
    // NOTE: the move's mail is the order's news, sent 2 minutes after it (decision 048).
    await sendOrderNews(t);
    const mails = await mailsTo(t, checkoutEmail);
    expect(mails).toHaveLength(before + 1);
    const confirmation = mails.find((mail) => mail.text.includes(`http://shop.test/orders/${order.id}`));
    expect(confirmation?.text).toContain("Okra × 2  ₹81.00");
    expect(mails.at(-1)!.text).toContain(`http://shop.test/orders/${order.id}`);
    expect(await t.db.kysely.selectFrom("mail_queue").selectAll().execute()).toEqual([]);
  });
});

describe("a committed mail whose first delivery fails", () => {
  let t: TestApp;
  let now = new Date("2031-03-04T05:06:07.000Z");
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
  });
  afterAll(() => t.close());

  it("stays queued with its error and is delivered by a later attempt, once due", async () => {
    // NOTE: a file where the outbox folder should be: every delivery fails until it is a folder again.
    fs.rmSync(t.outboxDir, { recursive: true, force: true });
    fs.writeFileSync(t.outboxDir, "not a folder");
    const signup = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Late Mail", email: "late.mail@example.com", password: "correct horse battery" },
    });
    expect(signup.statusCode).toBe(201);
    await t.app.mailer.settle();
    const [queued, ...others] = await queuedTo(t, "late.mail@example.com");
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ subject: "Welcome to Veggie Cart", attempts: 1 });
    expect(queued!.last_error).toBeTruthy();
    expect(Date.parse(queued!.next_attempt_at)).toBe(now.getTime() + 60_000);

    fs.rmSync(t.outboxDir, { force: true });
    fs.mkdirSync(t.outboxDir);
    // Not due yet at the same time: nothing is sent.
    expect(await t.app.mailer.retryQueued()).toBe(0);
    expect(await mailsTo(t, "late.mail@example.com")).toEqual([]);

    now = new Date(now.getTime() + 61_000);
    expect(await t.app.mailer.retryQueued()).toBe(1);
    const [welcome] = await mailsTo(t, "late.mail@example.com");
    expect(welcome!.text).toContain("Hello Late Mail,");
    expect(await queuedTo(t, "late.mail@example.com")).toEqual([]);
  });
});
