import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages, messages } from "../../shared/messages.ts";
import { DealPlanningSchema } from "../../shared/schemas/deal-plans.ts";
import type { FarmerOrderList } from "../../shared/schemas/farmer.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { hashLinkToken, hashSessionToken } from "../auth/index.ts";
import { EMAIL_CHANGE_SUBJECT, EMAIL_TAKEN_ATTEMPT_SUBJECT, insertQueuedMail } from "../mail/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { addProductWithPicture } from "../test/multipart.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { testShipping } from "../test/order-helpers.ts";
import { linkToken, mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36";

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  cookie?: string,
  payload?: object,
) => request(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });
/** Who a session cookie signs in as, or null when it has ended. */
const whoIs = async (cookie: string) =>
  (await request(t.app, { method: "GET", url: "/api/auth/me", cookie })).json().user as {
    name: string;
    email: string;
  } | null;

/** Another session of the same user, from another browser. */
async function signInAgain(user: SignedInUser, userAgent = ANDROID_CHROME): Promise<string> {
  const res = await request(t.app, {
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return `vc_session=${res.cookies[0]!.value}`;
}

describe("profile", () => {
  it("shows and renames the account; a signed-out client gets 401", async () => {
    const user = await signUpAndLogIn(t.app, "Asha");
    const got = await call("GET", "/api/account", user.cookie);
    expect(got.json()).toEqual({
      user: { id: user.id, email: user.email, name: "Asha", operator: false, language: "en", phone: null },
      pendingEmail: null,
    });
    const renamed = await call("PATCH", "/api/account", user.cookie, { name: "  Asha Rao " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe("Asha Rao");
    expect((await whoIs(user.cookie))?.name).toBe("Asha Rao");
    expect((await call("GET", "/api/account")).statusCode).toBe(401);
    expect((await call("PATCH", "/api/account", undefined, { name: "X" })).statusCode).toBe(401);
  });

  it("refuses an empty, overlong or unexpected name with a field message", async () => {
    const user = await signUpAndLogIn(t.app);
    const empty = await call("PATCH", "/api/account", user.cookie, { name: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBe(messages.nameRequired);
    expect((await call("PATCH", "/api/account", user.cookie, { name: "x".repeat(101) })).statusCode).toBe(
      400,
    );
    expect((await call("PATCH", "/api/account", user.cookie, { name: 7 })).statusCode).toBe(400);
    const extra = await call("PATCH", "/api/account", user.cookie, { name: "A", email: "x@example.com" });
    expect(extra.statusCode).toBe(400);
  });
});

describe("password change", () => {
  it("needs the current password, ends every other session and keeps this one", async () => {
    const user = await signUpAndLogIn(t.app);
    const other = await signInAgain(user);
    const wrong = await call("POST", "/api/account/password", user.cookie, {
      currentPassword: "not my password",
      newPassword: "a new long password",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.fields.currentPassword).toBe(accountMessages.wrongPassword);
    expect(await whoIs(other)).not.toBeNull();

    const short = await call("POST", "/api/account/password", user.cookie, {
      currentPassword: user.password,
      newPassword: "short",
    });
    expect(short.json().error.fields.newPassword).toBe(messages.passwordTooShort);
    const blank = await call("POST", "/api/account/password", user.cookie, {
      currentPassword: user.password,
      newPassword: " ".repeat(8),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.newPassword).toBe(messages.passwordBlank);

    const done = await call("POST", "/api/account/password", user.cookie, {
      currentPassword: user.password,
      newPassword: "a new long password",
    });
    expect(done.statusCode).toBe(204);
    expect(await whoIs(user.cookie)).not.toBeNull();
    expect(await whoIs(other)).toBeNull();
    const oldLogin = await call("POST", "/api/auth/login", undefined, {
      email: user.email,
      password: user.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call("POST", "/api/auth/login", undefined, {
      email: user.email,
      password: "a new long password",
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("lists my devices with their browser and last use, this one marked, and nobody else's", async () => {
    const user = await signUpAndLogIn(t.app);
    const other = await signInAgain(user, FIREFOX);
    const stranger = await signUpAndLogIn(t.app);
    const res = await call("GET", "/api/account/sessions", user.cookie);
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as {
      sessions: { id: string; browser: string | null; current: boolean }[];
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => !s.current)!.browser).toBe("Firefox on Linux");
    expect(sessions.every((s) => typeof (s as { lastUsedAt?: string }).lastUsedAt === "string")).toBe(true);
    // The ids shown are not the stored session hashes.
    const hashes = [user.cookie, other].map((c) => hashSessionToken(c.split("=")[1]!));
    for (const s of sessions) expect(hashes).not.toContain(s.id);
    const theirs = await call("GET", "/api/account/sessions", stranger.cookie);
    expect(theirs.json().sessions).toHaveLength(1);
  });

  it("ends one device by id (another user's id is 404) and signs out everywhere else", async () => {
    const user = await signUpAndLogIn(t.app);
    const phone = await signInAgain(user);
    const laptop = await signInAgain(user, FIREFOX);
    const stranger = await signUpAndLogIn(t.app);
    const list = (await call("GET", "/api/account/sessions", user.cookie)).json().sessions as {
      id: string;
      browser: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => s.browser === "Chrome on Android")!.id;

    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, stranger.cookie)).statusCode).toBe(404);
    expect(await whoIs(phone)).not.toBeNull();
    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, user.cookie)).statusCode).toBe(204);
    expect(await whoIs(phone)).toBeNull();
    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, user.cookie)).statusCode).toBe(404);

    const others = await call("POST", "/api/account/sessions/revoke-others", user.cookie);
    expect(others.json()).toEqual({ ended: 1 });
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(user.cookie)).not.toBeNull();
    expect(await whoIs(stranger.cookie)).not.toBeNull();
  });

  it("ending this device's own session signs it out", async () => {
    const user = await signUpAndLogIn(t.app);
    const list = (await call("GET", "/api/account/sessions", user.cookie)).json().sessions as {
      id: string;
    }[];
    const res = await call("DELETE", `/api/account/sessions/${list[0]!.id}`, user.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.cookies[0]).toMatchObject({ name: "vc_session", value: "" });
    expect(await whoIs(user.cookie)).toBeNull();
  });
});

describe("e-mail change", () => {
  it("confirms by a link to the new address, tells the old one, and keeps only a hash", async () => {
    const user = await signUpAndLogIn(t.app, "Ravi");
    const newEmail = `new.${randomUUID()}@example.com`;
    const wrong = await call("POST", "/api/account/email", user.cookie, {
      email: newEmail,
      password: "nope nope",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.fields.password).toBe(accountMessages.wrongPassword);
    const same = await call("POST", "/api/account/email", user.cookie, {
      email: user.email,
      password: user.password,
    });
    expect(same.json().error.fields.email).toBe(accountMessages.sameEmail);
    // An address with an account is answered as a free one (issue 40 #32); its owner is told, sent no link.
    const stranger = await signUpAndLogIn(t.app, "Sunil Stranger");
    const taken = await call("POST", "/api/account/email", user.cookie, {
      email: stranger.email.toUpperCase(),
      password: user.password,
    });
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({
      user: { id: user.id, email: user.email, name: "Ravi" },
      pendingEmail: stranger.email,
    });
    const toStranger = await mailsTo(t, stranger.email);
    expect(toStranger.map((mail) => mail.subject)).toContain(EMAIL_TAKEN_ATTEMPT_SUBJECT.id);
    expect(toStranger.some((mail) => mail.text.includes("#token="))).toBe(false);

    const asked = await call("POST", "/api/account/email", user.cookie, {
      email: newEmail,
      password: user.password,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ user: { email: user.email }, pendingEmail: newEmail });
    expect((await call("GET", "/api/account", user.cookie)).json().pendingEmail).toBe(newEmail);

    const [confirm] = await mailsTo(t, newEmail);
    expect(confirm!.subject).toBe(EMAIL_CHANGE_SUBJECT);
    const token = linkToken(confirm);
    expect(confirm!.text).toContain(`http://shop.test/account/confirm-email#token=${token}`);
    const notice = (await mailsTo(t, user.email)).at(-1)!;
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(token);
    const rows = await t.db.kysely.selectFrom("one_time_links").selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Opened in a browser that is not signed in: the link is the proof.
    const done = await call("POST", "/api/account/email/confirm", undefined, { token });
    expect(done.statusCode).toBe(200);
    expect(done.json().email).toBe(newEmail);
    expect((await whoIs(user.cookie))?.email).toBe(newEmail);
    expect((await call("POST", "/api/account/email/confirm", undefined, { token })).statusCode).toBe(400);
    const login = await call("POST", "/api/auth/login", undefined, {
      email: newEmail,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    expect((await mailsTo(t, user.email)).at(-1)!.text).toContain("no longer signs in");
  });
});

describe("deleting an account", () => {
  it("needs the password; then the account cannot sign in, its products leave, its orders say Deleted account", async () => {
    const farmer = await signUpAndLogIn(t.app, "Farmer Gone");
    const buyer = await signUpAndLogIn(t.app, "Buyer Stays");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 3000 });
    const placeOrder = (who: SignedInUser, fullName: string) =>
      request(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: who.cookie,
        headers: { "idempotency-key": randomUUID() },
        payload: {
          items: [{ productId: product.id, quantity: 2 }],
          shipping: {
            fullName,
            email: who.email,
            address: "1 Farm Lane",
            city: "Nashik",
            state: "Maharashtra",
            zipCode: "422001",
            phone: "+91 98765 43210",
          },
          paymentMethod: "upi",
        },
      });
    const bought = await placeOrder(buyer, "Buyer Stays");
    expect(bought.statusCode).toBe(201);
    const ownOrder = await placeOrder(farmer, "Farmer Gone");
    expect(ownOrder.statusCode).toBe(201);
    const phone = await signInAgain(farmer);

    const wrong = await call("DELETE", "/api/account", farmer.cookie, { password: "not it at all" });
    expect(wrong.statusCode).toBe(403);
    expect((await call("DELETE", "/api/account", farmer.cookie, {})).statusCode).toBe(400);

    const gone = await call("DELETE", "/api/account", farmer.cookie, { password: farmer.password });
    expect(gone.statusCode).toBe(204);
    expect(await whoIs(farmer.cookie)).toBeNull();
    expect(await whoIs(phone)).toBeNull();
    const login = await call("POST", "/api/auth/login", undefined, {
      email: farmer.email,
      password: farmer.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe(messages.wrongCredentials);
    expect((await call("GET", `/api/products/${product.id}`, buyer.cookie)).statusCode).toBe(404);
    const reset = await call("POST", "/api/auth/password-reset", undefined, { email: farmer.email });
    expect(reset.statusCode).toBe(202);
    expect((await mailsTo(t, farmer.email)).filter((m) => m.subject.includes("Reset"))).toEqual([]);

    const userRow = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("id", "=", farmer.id)
      .executeTakeFirstOrThrow();
    expect(userRow.name).toBe(accountMessages.deletedAccountName);
    expect(JSON.stringify(userRow)).not.toContain(farmer.email);
    expect(JSON.stringify(userRow)).not.toContain("Farmer Gone");
    // The buyer's order keeps its lines as charged.
    const buyerOrder = await call("GET", `/api/orders/${bought.json().order.id}`, buyer.cookie);
    expect(buyerOrder.json().order.items[0]).toMatchObject({ name: "Okra", quantity: 2 });
    // The order the deleted account placed stays, under "Deleted account".
    const kept = await t.db.kysely
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", ownOrder.json().order.id)
      .executeTakeFirstOrThrow();
    expect(kept.full_name).toBe(accountMessages.deletedAccountName);
    expect(kept.email).not.toBe(farmer.email);
    // The e-mail address is free for a new account.
    const again = await call("POST", "/api/auth/signup", undefined, {
      name: "New",
      email: farmer.email,
      password: "long enough pw",
    });
    expect(again.statusCode).toBe(201);
  });

  it("leaves the buyer's orders with their farmer as Deleted account, and their later moves mail nobody", async () => {
    const farmer = await signUpAndLogIn(t.app, "Farmer Stays");
    const buyer = await signUpAndLogIn(t.app, "Buyer Leaves");
    const beans = await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 2500 });
    const placed = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        items: [{ productId: beans.id, quantity: 3 }],
        shipping: { ...testShipping, fullName: "Buyer Leaves", email: buyer.email },
        paymentMethod: "upi",
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as string;
    const farmerOrders = async () => {
      const res = await call("GET", "/api/farmer/orders", farmer.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json() as FarmerOrderList).fulfilments.filter((part) => part.orderId === orderId);
    };
    expect((await farmerOrders())[0]!.buyer).toEqual({ name: "Buyer Leaves", email: buyer.email });

    const gone = await call("DELETE", "/api/account", buyer.cookie, { password: buyer.password });
    expect(gone.statusCode).toBe(204);

    const [part] = await farmerOrders();
    expect(part).toMatchObject({
      status: "pending",
      buyer: { name: accountMessages.deletedAccountName, email: "" },
      items: [{ name: "Beans", quantity: 3, lineTotal: 75 }],
      total: 75,
    });
    expect(part!.shipping.fullName).toBe(accountMessages.deletedAccountName);
    expect(JSON.stringify(part)).not.toContain(buyer.email);
    expect(JSON.stringify(part)).not.toContain("Buyer Leaves");
    // No phone and no address of a person who asked to be forgotten (issue 40 #25).
    expect(JSON.stringify(part)).not.toContain(testShipping.phone);
    expect(JSON.stringify(part)).not.toContain(testShipping.address);
    expect(JSON.stringify(part)).not.toContain(testShipping.zipCode);
    const row = await t.db.kysely
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(testShipping.phone);
    expect(JSON.stringify(row)).not.toContain(testShipping.address);
    expect(row.total_paise).toBe(7500);
    // The farmer still delivers it; the buyer, gone, is mailed about it no more.
    const mailsBefore = (await mailsTo(t, buyer.email)).length;
    const confirmed = await call("POST", `/api/farmer/orders/${part!.id}/status`, farmer.cookie, {
      status: "confirmed",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await mailsTo(t, buyer.email)).toHaveLength(mailsBefore);
    expect(await mailsTo(t, part!.shipping.email)).toEqual([]);
  });

  it("takes a farmer's UPI ID off their open parts, retires their pickup points and offers their slots no more (issue 40 #25)", async () => {
    const farmer = await signUpAndLogIn(t.app, "Farmer Leaves");
    const buyer = await signUpAndLogIn(t.app, "Buyer Waits");
    const upiId = "9876543210@ybl";
    expect((await call("PUT", "/api/farmer/profile", farmer.cookie, { upiId })).statusCode).toBe(200);
    await call("PUT", "/api/farmer/delivery-area", farmer.cookie, { pinPrefixes: ["4110"] });
    const point = await call("POST", "/api/farmer/pickup-points", farmer.cookie, {
      name: "Gate 2",
      address: "Baner Road",
    });
    const pickupPointId = point.json().pickupPoint.id as string;
    const weekly = { weekday: 6, start: "08:00", end: "10:00", capacity: 5 };
    await call("POST", "/api/farmer/slot-patterns", farmer.cookie, { kind: "delivery", ...weekly });
    await call("POST", "/api/farmer/slot-patterns", farmer.cookie, {
      kind: "pickup",
      pickupPointId,
      ...weekly,
    });
    const offered = async () =>
      (
        (await call("GET", `/api/slots?farmerIds=${farmer.id}&pin=411038`, buyer.cookie)).json().farmers as {
          slots: { id: string; available: boolean }[];
        }[]
      ).flatMap((choice) => choice.slots.filter((slot) => slot.available));
    const slots = await offered();
    expect(slots.length).toBeGreaterThan(0);
    const beans = await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 2500 });
    const placed = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        items: [{ productId: beans.id, quantity: 1 }],
        shipping: { ...testShipping, email: buyer.email, zipCode: "411038" },
        paymentMethod: "upi",
        slots: { [farmer.id]: slots[0]!.id },
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as string;
    const buyersView = async () => (await call("GET", `/api/orders/${orderId}`, buyer.cookie)).json().order;
    expect(JSON.stringify(await buyersView())).toContain(`pa=${upiId}`);

    expect(
      (await call("DELETE", "/api/account", farmer.cookie, { password: farmer.password })).statusCode,
    ).toBe(204);

    const order = await buyersView();
    expect(order.fulfilments[0].upi).toBeNull();
    expect(JSON.stringify(order)).not.toContain("9876543210");
    expect(await offered()).toEqual([]);
    const points = await t.db.kysely
      .selectFrom("pickup_points")
      .selectAll()
      .where("farmer_id", "=", farmer.id)
      .execute();
    expect(points.map((p) => p.retired_at)).toEqual([expect.any(String)]);
    const upiRows = await t.db.kysely.selectFrom("upi_ids").selectAll().execute();
    expect(JSON.stringify(upiRows)).not.toContain("9876543210");
  });

  it("keeps a deal plan's picture when the operator who planned it leaves", async () => {
    const operator = await signUpOperator(t.app, t.db, "Olga Leaves");
    const product = await addProductWithPicture(t.app, operator.cookie, "Guavas", "60");
    const planned = await call("PUT", "/api/admin/deal", operator.cookie, {
      date: addDays(shopDate(new Date(), "Asia/Kolkata"), 1),
      name: "Guavas",
      description: "A basket of guavas.",
      price: 40,
      originalPrice: 60,
      imageId: product.image.split("/").pop()!.split("?")[0]!,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const [plan] = DealPlanningSchema.parse(planned.json()).plans;

    const gone = await call("DELETE", "/api/account", operator.cookie, { password: operator.password });
    expect(gone.statusCode, gone.body).toBe(204);
    const shopper = await signUpAndLogIn(t.app, "Deal Watcher");
    expect((await call("GET", `/api/products/${product.id}`, shopper.cookie)).statusCode).toBe(404);
    const picture = await call("GET", plan!.image, shopper.cookie);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
  });

  it("drops mails waiting for a retry to its own address and to every address its orders gave at checkout", async () => {
    const buyer = await signUpAndLogIn(t.app, "Gift Giver");
    const farmer = await signUpAndLogIn(t.app, "Gift Farmer");
    const honey = await insertProduct(t.db.kysely, farmer.id, { name: "Honey", pricePaise: 40000 });
    const checkoutEmail = `gift.${randomUUID()}@example.com`;
    const placed = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        items: [{ productId: honey.id, quantity: 1 }],
        shipping: { ...testShipping, email: checkoutEmail },
        paymentMethod: "upi",
      },
    });
    expect(placed.statusCode).toBe(201);
    // Mails whose first send failed (an SMTP server down), as the mailer queues them.
    const unrelated = `someone.${randomUUID()}@example.com`;
    for (const recipient of [buyer.email, checkoutEmail, unrelated]) {
      await insertQueuedMail(t.db.kysely, {
        id: randomUUID(),
        recipient,
        subject: "Your order",
        text_body: "Thank you",
        html_body: "<p>Thank you</p>",
        attempts: 1,
        next_attempt_at: new Date().toISOString(),
        last_error: "connection refused",
        created_at: new Date().toISOString(),
      });
    }

    const gone = await call("DELETE", "/api/account", buyer.cookie, { password: buyer.password });
    expect(gone.statusCode).toBe(204);
    const queued = await t.db.kysely
      .selectFrom("mail_queue")
      .select("recipient")
      .where("recipient", "in", [buyer.email, checkoutEmail, unrelated])
      .execute();
    expect(queued.map((row) => row.recipient)).toEqual([unrelated]);
  });
});

describe("recovering an account voids a pending e-mail change (issue 25, item 2)", () => {
  /** Someone holding a session asks to move the account to their own address; answers that link's token. */
  async function hijackStarted(user: SignedInUser): Promise<{ token: string; attacker: string }> {
    const attacker = `attacker.${randomUUID()}@example.com`;
    const asked = await call("POST", "/api/account/email", user.cookie, {
      email: attacker,
      password: user.password,
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await mailsTo(t, attacker);
    return { token: linkToken(mail), attacker };
  }
  const confirmed = (token: string) => call("POST", "/api/account/email/confirm", undefined, { token });

  it("when the owner changes the password", async () => {
    const user = await signUpAndLogIn(t.app, "Owner One");
    const { token } = await hijackStarted(user);
    const changed = await call("POST", "/api/account/password", user.cookie, {
      currentPassword: user.password,
      newPassword: "the owner's new password",
    });
    expect(changed.statusCode).toBe(204);
    expect((await call("GET", "/api/account", user.cookie)).json().pendingEmail).toBeNull();
    expect((await confirmed(token)).statusCode).toBe(400);
    expect((await whoIs(user.cookie))?.email).toBe(user.email);
  });

  it("when the owner resets the password by the mailed link", async () => {
    const user = await signUpAndLogIn(t.app, "Owner Two");
    const { token } = await hijackStarted(user);
    expect(
      (await call("POST", "/api/auth/password-reset", undefined, { email: user.email })).statusCode,
    ).toBe(202);
    const reset = (await mailsTo(t, user.email)).filter((m) => m.subject.includes("Reset")).at(-1);
    const done = await call("POST", "/api/auth/password-reset/confirm", undefined, {
      token: linkToken(reset),
      password: "the owner's new password",
    });
    expect(done.statusCode).toBe(204);
    expect((await confirmed(token)).statusCode).toBe(400);
    const login = await call("POST", "/api/auth/login", undefined, {
      email: user.email,
      password: "the owner's new password",
    });
    expect(login.json().user.email).toBe(user.email);
  });

  it("when the owner signs out everywhere else", async () => {
    const user = await signUpAndLogIn(t.app, "Owner Three");
    const { token } = await hijackStarted(user);
    expect((await call("POST", "/api/account/sessions/revoke-others", user.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/account", user.cookie)).json().pendingEmail).toBeNull();
    expect((await confirmed(token)).statusCode).toBe(400);
    expect((await whoIs(user.cookie))?.email).toBe(user.email);
  });
});
