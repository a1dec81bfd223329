import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import type { Mail, MailTransport } from "./mail.ts";
import { createMailer } from "./mailer.ts";

describe("the mail queue delivered by several processes at once", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Mails to `recipients` in the queue, due a minute ago, as another server would have left them. */
  const queueDue = (recipients: string[], subject: string) => {
    const due = new Date(Date.now() - 60_000).toISOString();
    return t.db.kysely
      .insertInto("mail_queue")
      .values(
        recipients.map((recipient) => ({
          id: randomUUID(),
          recipient,
          subject,
          text_body: "text",
          html_body: "<p>html</p>",
          attempts: 0,
          next_attempt_at: due,
          last_error: null,
          created_at: due,
        })),
      )
      .execute();
  };

  it("sends each queued mail once when two mailers claim batches of it side by side", async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: "none",
      // NOTE: each send lets the other mailer's statements run in between, as two servers' would.
      deliver: async (mail: Mail) => {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(mail.to);
      },
      close: () => {},
    };
    const recipients = Array.from({ length: 130 }, (_, i) => `queued.${i}.${randomUUID()}@example.com`);
    await queueDue(recipients, "Queued");
    const [a, b] = [1, 2].map(() =>
      createMailer({ db: t.db.kysely, transport, log: t.app.log, publicUrl: "http://shop.test" }),
    );
    let delivered = 0;
    for (let round = 0; round < 10; round += 1) {
      const counts = await Promise.all([a!.retryQueued(), b!.retryQueued(), a!.retryQueued()]);
      delivered += counts.reduce((sum, n) => sum + n, 0);
      if (counts.every((n) => n === 0)) break;
    }
    await Promise.all([a!.close(), b!.close()]);
    const mine = sent.filter((to) => recipients.includes(to));
    expect(mine.toSorted()).toEqual(recipients.toSorted());
    expect(delivered).toBe(recipients.length);
    const left = await t.db.kysely
      .selectFrom("mail_queue")
      .select("recipient")
      .where("recipient", "in", recipients)
      .execute();
    expect(left).toEqual([]);
  });

  it("lets a closing mailer finish while other servers keep queueing mails", async () => {
    const transport: MailTransport = {
      kind: "none",
      // NOTE: a send takes a while (a millisecond), so more is queued meanwhile than a batch takes.
      deliver: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
      close: () => {},
    };
    const queueSome = (count: number) =>
      queueDue(
        Array.from({ length: count }, () => `elsewhere.${randomUUID()}@example.com`),
        "Queued elsewhere",
      );
    // NOTE: "other servers": every mail this one sends, two more are queued, so there is always a full batch.
    let others = true;
    const elsewhere = (async () => {
      while (others) {
        await queueSome(120);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await queueSome(200);
    const mailer = createMailer({
      db: t.db.kysely,
      transport,
      log: t.app.log,
      publicUrl: "http://shop.test",
    });
    mailer.deliverQueued();
    await new Promise((resolve) => setTimeout(resolve, 20));
    let closed = false;
    const closing = mailer.close().then(() => {
      closed = true;
    });
    // A closing mailer ends its pass after the batch in hand; one that took batch after batch never closed.
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    others = false;
    await elsewhere;
    expect(closed).toBe(true);
    await closing;
    await t.db.kysely.deleteFrom("mail_queue").where("subject", "=", "Queued elsewhere").execute();
  });
});
