import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../context.ts";
import { mailsTo } from "../test/outbox.ts";
import { contextOf, createTestApp, type TestApp } from "../test/test-app.ts";
import { DIGEST_WINDOW_MS, enqueueOrderUpdate } from "./digests.ts";
import { createMailer } from "./mailer.ts";
import { outboxTransport } from "./transports.ts";

/** Decision 048: an order's news in the mail queue, joined by several servers, sent once by one of them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const news = (orderId: string, email: string, farmerName: string) => ({
  to: email,
  buyerName: "Meera",
  orderId,
  orderUrl: `http://shop.test/orders/${orderId}`,
  partId: randomUUID(),
  part: { farmerName, status: "confirmed" as const, items: [], total: 0, billFinal: false },
});

describe("an order's news in the mail queue", () => {
  it("joins news queued at the same moment in three transactions into one mail, which two mailers send once", async () => {
    const orderId = randomUUID();
    const email = `digest.${randomUUID()}@example.com`;
    const start = new Date();
    // NOTE: three transactions side by side, as three servers' requests (on PostgreSQL, three connections).
    await Promise.all(
      ["Asha", "Ravi", "Kiran"].map((farmer, i) =>
        inTransaction(contextOf(t, { now: new Date(start.getTime() + i) }), (trx) =>
          enqueueOrderUpdate(trx, news(orderId, email, farmer)),
        ),
      ),
    );
    const queued = await t.db.kysely
      .selectFrom("mail_queue")
      .select(["next_attempt_at", "digest_key"])
      .where("recipient", "=", email)
      .execute();
    expect(queued).toHaveLength(1);
    // NOTE: 2 minutes after the news that opened it, whichever of the three came first.
    const sendAt = Date.parse(queued[0]!.next_attempt_at);
    expect(sendAt - DIGEST_WINDOW_MS - start.getTime()).toBeOneOf([0, 1, 2]);

    // Another server (or this one after a restart) may send it: the pending mail is in the database.
    const due = new Date(sendAt);
    const other = createMailer({
      db: t.db.kysely,
      transport: outboxTransport(t.outboxDir, "Veggie Cart <no-reply@veggie-cart.test>"),
      log: t.app.log,
      publicUrl: "http://shop.test",
      clock: () => due,
    });
    const sent = await Promise.all([other.retryQueued(), t.app.mailer.retryQueued(due)]);
    await other.close();
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    for (const farmer of ["Asha", "Ravi", "Kiran"])
      expect(mails[0]!.text).toContain(`${farmer} has confirmed`);
    expect(
      await t.db.kysely.selectFrom("mail_queue").select("id").where("recipient", "=", email).execute(),
    ).toEqual([]);
  });

  it("opens a new mail for news that comes while the open one is claimed for sending", async () => {
    const orderId = randomUUID();
    const email = `digest.${randomUUID()}@example.com`;
    const start = new Date();
    await inTransaction(contextOf(t, { now: start }), (trx) =>
      enqueueOrderUpdate(trx, news(orderId, email, "Asha")),
    );
    // A pass claims it (its lease moves its next attempt on) and, before it is sent, more news comes.
    const due = new Date(start.getTime() + DIGEST_WINDOW_MS);
    const claimed = await t.db.kysely
      .updateTable("mail_queue")
      .set({ next_attempt_at: new Date(due.getTime() + 300_000).toISOString(), digest_key: null })
      .where("recipient", "=", email)
      .returning("id")
      .execute();
    expect(claimed).toHaveLength(1);
    await inTransaction(contextOf(t, { now: new Date(due.getTime() - 1) }), (trx) =>
      enqueueOrderUpdate(trx, news(orderId, email, "Ravi")),
    );
    const rows = await t.db.kysely
      .selectFrom("mail_queue")
      .select(["id", "text_body"])
      .where("recipient", "=", email)
      .orderBy("created_at")
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === claimed[0]!.id)!.text_body).not.toContain("Ravi");
    await t.db.kysely.deleteFrom("mail_queue").where("recipient", "=", email).execute();
  });
});
