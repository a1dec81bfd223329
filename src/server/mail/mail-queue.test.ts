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
    const due = new Date(Date.now() - 60_000).toISOString();
    await t.db.kysely
      .insertInto("mail_queue")
      .values(
        recipients.map((recipient) => ({
          id: randomUUID(),
          recipient,
          subject: "Queued",
          text_body: "text",
          html_body: "<p>html</p>",
          attempts: 0,
          next_attempt_at: due,
          last_error: null,
          created_at: due,
        })),
      )
      .execute();
    const [a, b] = [1, 2].map(() =>
      createMailer(t.db.kysely, transport, t.app.log, "http://shop.test", () => new Date()),
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
});
