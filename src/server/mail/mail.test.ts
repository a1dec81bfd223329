import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethodNotes } from "../../shared/schemas/orders.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { PASSWORD_RESET_SUBJECT } from "./templates.ts";

describe("development's outbox (no SMTP_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes a welcome at sign-up as .eml and .json, with a plain-text part, and /dev/outbox shows it", async () => {
    const user = await signUpAndLogIn(t.app, "Lata <b>");
    const [welcome] = await mailsTo(t, user.email);
    expect(welcome!.subject).toBe("Welcome to Veggie Cart");
    expect(welcome!.text).toContain("Hello Lata <b>,");
    expect(welcome!.html).toContain("Hello Lata &#60;b&#62;,");
    const eml = fs.readFileSync(path.join(t.outboxDir, `${welcome!.id}.eml`), "utf8");
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toContain(`To: ${user.email}`);

    const list = await t.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toMatch(/text\/html/);
    expect(list.body).toContain(`/dev/outbox/${welcome!.id}`);
    const shown = await t.app.inject({ method: "GET", url: `/dev/outbox/${welcome!.id}` });
    expect(shown.body).toContain("Hello Lata &#60;b&#62;,");
    expect(shown.body).toContain('<a href="http://shop.test/login">');
    for (const bad of ["../../etc/passwd", "nope", `${welcome!.id}x`]) {
      const res = await t.app.inject({ method: "GET", url: `/dev/outbox/${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it("confirms an order with its items, total, how to pay and the delivery address", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const farmer = await insertFarmer(t.db.kysely);
    const okra = await insertProduct(t.db.kysely, farmer, { name: "Okra", pricePaise: 4050 });
    const email = `orders.${randomUUID()}@example.com`;
    const placed = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        items: [{ productId: okra.id, quantity: 3 }],
        shipping: {
          fullName: "Meera",
          email,
          address: "12 Lake Road",
          city: "Pune",
          state: "MH",
          zipCode: "411001",
          phone: "+91 98765 43210",
        },
        paymentMethod: "upi",
      },
    });
    expect(placed.statusCode).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail!.text).toContain("Okra × 3  ₹121.50");
    expect(mail!.text).toContain("Total  ₹121.50");
    expect(mail!.text).toContain(`How to pay (UPI): ${paymentMethodNotes.upi}`);
    expect(mail!.text).toContain("Delivery address: 12 Lake Road, Pune, Maharashtra 411001");
    expect(mail!.text).toContain(`http://shop.test/orders/${placed.json().order.id}`);
  });

  it("is not served in production", async () => {
    const production = await createTestApp({ production: true });
    try {
      expect((await production.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
      expect(production.app.mailer.transport.kind).toBe("none");
    } finally {
      await production.close();
    }
  });
});

describe("SMTP (SMTP_URL set)", () => {
  interface Received {
    to: string[];
    raw: string;
  }
  let received: Received[];
  let refuse: boolean;
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    received = [];
    refuse = false;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(
          refuse ? Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }) : undefined,
        );
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the shop's mail to the SMTP server, with a plain-text part, and writes no outbox", async () => {
    const user = await signUpAndLogIn(t.app, "Smita");
    // NOTE: both mails go in the background; the welcome mail is delivered before the reset is asked for.
    await t.app.mailer.settle();
    await request(t.app, { method: "POST", url: "/api/auth/password-reset", payload: { email: user.email } });
    await t.app.mailer.settle();
    const mine = received.filter((m) => m.to.includes(user.email));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.raw).toContain("Subject: Welcome to Veggie Cart");
    expect(mine[0]!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mine[1]!.raw).toContain(`Subject: ${PASSWORD_RESET_SUBJECT}`);
    expect(fs.readdirSync(t.outboxDir)).toEqual([]);
  });

  it("queues a failed mail and retries it, but never stores one with a secret link", async () => {
    refuse = true;
    const user = await signUpAndLogIn(t.app, "Queued");
    const reset = await request(t.app, {
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(202);
    await t.app.mailer.settle();
    const queued = await t.db.kysely.selectFrom("mail_queue").selectAll().execute();
    expect(queued.map((q) => [q.recipient, q.subject])).toEqual([[user.email, "Welcome to Veggie Cart"]]);
    expect(JSON.stringify(queued)).not.toContain("reset-password");

    // Not due yet: nothing happens.
    expect(await t.app.mailer.retryQueued()).toBe(0);
    refuse = false;
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await t.app.mailer.retryQueued(later)).toBe(1);
    expect(await t.db.kysely.selectFrom("mail_queue").selectAll().execute()).toEqual([]);
    const mine = received.filter((m) => m.to.includes(user.email));
    expect(mine.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual(["Welcome to Veggie Cart"]);
  });
});
