import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

// NOTE: Europe/London has a clock change (29 March 2026, 01:00 GMT → 02:00 BST), so the wall-clock rule is tested.
let now = new Date("2026-03-20T09:00:00Z"); // a Friday
let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ shopTimeZone: "Europe/London" }, { clock: () => now });
  asha = await signUpAndLogIn(t.app, "Asha");
  ravi = await signUpAndLogIn(t.app, "Ravi");
});
afterAll(() => t.close());

const call = (
  user: SignedInUser | undefined,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) => request(t.app, { method, url, cookie: user?.cookie, ...(payload === undefined ? {} : { payload }) });

const point = { name: "Market stall", address: "Shop 4, Mandai, Pune", mapUrl: "https://maps.example/x" };
const pattern = { kind: "delivery", weekday: 6, start: "08:00", end: "10:00", capacity: 5 };

describe("pickup points", () => {
  it("adds, lists, edits and retires the farmer's own points; a retired point stays listed with its date", async () => {
    const created = await call(asha, "POST", "/api/farmer/pickup-points", {
      ...point,
      openingNote: "Sat mornings",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().pickupPoint.id;
    expect(created.json().pickupPoint).toMatchObject({
      name: "Market stall",
      directions: null,
      openingNote: "Sat mornings",
    });

    const edited = await call(asha, "PATCH", `/api/farmer/pickup-points/${id}`, {
      name: "Stall 4",
      openingNote: "",
    });
    expect(edited.json().pickupPoint).toMatchObject({
      name: "Stall 4",
      address: point.address,
      openingNote: null,
    });

    const retired = await call(asha, "DELETE", `/api/farmer/pickup-points/${id}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().pickupPoint.retiredAt).toBe(now.toISOString());
    const list = await call(asha, "GET", "/api/farmer/pickup-points");
    expect(list.json().items.map((p: { id: string }) => p.id)).toContain(id);
    expect((await call(ravi, "GET", "/api/farmer/pickup-points")).json().items).toEqual([]);
  });

  it("answers 404 for another farmer's point, to edit or retire, and leaves it as it was", async () => {
    const id = (await call(asha, "POST", "/api/farmer/pickup-points", point)).json().pickupPoint.id;
    expect((await call(ravi, "PATCH", `/api/farmer/pickup-points/${id}`, { name: "Mine" })).statusCode).toBe(
      404,
    );
    expect((await call(ravi, "DELETE", `/api/farmer/pickup-points/${id}`)).statusCode).toBe(404);
    const mine = (await call(asha, "GET", "/api/farmer/pickup-points"))
      .json()
      .items.find((p: { id: string }) => p.id === id);
    expect(mine).toMatchObject({ name: "Market stall", retiredAt: null });
  });

  it("refuses a point without a name or address, or with a map link that is not https, naming each field", async () => {
    const res = await call(asha, "POST", "/api/farmer/pickup-points", {
      name: " ",
      address: "",
      mapUrl: "javascript:alert(1)",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: "Please enter the pickup point's name",
      address: "Please enter the pickup point's address",
      mapUrl: "Enter a web address starting with https:// (or leave it empty)",
    });
  });

  it("is signed-in only", async () => {
    expect((await call(undefined, "GET", "/api/farmer/pickup-points")).statusCode).toBe(401);
  });
});

describe("delivery area", () => {
  it("keeps the PIN prefixes, sorted and without repeats, per farmer", async () => {
    const put = await call(asha, "PUT", "/api/farmer/delivery-area", {
      pinPrefixes: ["411038", "4110", "4110"],
    });
    expect(put.json()).toEqual({ pinPrefixes: ["4110", "411038"] });
    expect((await call(asha, "GET", "/api/farmer/delivery-area")).json()).toEqual({
      pinPrefixes: ["4110", "411038"],
    });
    expect((await call(ravi, "GET", "/api/farmer/delivery-area")).json()).toEqual({ pinPrefixes: [] });
  });

  it("refuses a prefix that is not 1 to 6 digits, naming it, and keeps the old area", async () => {
    const res = await call(asha, "PUT", "/api/farmer/delivery-area", {
      pinPrefixes: ["4110", "1234567", "41a", ""],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "pinPrefixes.1": "A PIN prefix is 1 to 6 digits, e.g. 4110 or 411038",
      "pinPrefixes.2": "A PIN prefix is 1 to 6 digits, e.g. 4110 or 411038",
      "pinPrefixes.3": "A PIN prefix is 1 to 6 digits, e.g. 4110 or 411038",
    });
    expect((await call(asha, "GET", "/api/farmer/delivery-area")).json()).toEqual({
      pinPrefixes: ["4110", "411038"],
    });
  });
});

describe("weekly slot patterns", () => {
  it("refuses an end before the start, capacity 0 or over 1,000 and a cut-off over 168 hours, per field", async () => {
    const res = await call(asha, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      start: "10:00",
      end: "09:30",
      capacity: 0,
      cutoffHours: 169,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      end: "The end must be after the start",
      capacity: "Capacity must be a whole number from 1 to 1000",
      cutoffHours: "The cut-off must be a whole number of hours from 0 to 168",
    });
    const over = await call(asha, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      capacity: 1001,
      weekday: 7,
      start: "8am",
    });
    expect(over.json().error.fields).toEqual({
      capacity: "Capacity must be a whole number from 1 to 1000",
      weekday: "Choose a day of the week",
      start: "Enter a time as HH:MM, e.g. 08:00",
    });
  });

  it("refuses a pickup slot without a point, or at another farmer's point, with 400 on pickupPointId", async () => {
    const noPoint = await call(asha, "POST", "/api/farmer/slot-patterns", { ...pattern, kind: "pickup" });
    expect(noPoint.json().error.fields).toEqual({
      pickupPointId: "Choose the pickup point for a pickup slot",
    });
    const ravisPoint = (await call(ravi, "POST", "/api/farmer/pickup-points", point)).json().pickupPoint.id;
    const theirs = await call(asha, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      kind: "pickup",
      pickupPointId: ravisPoint,
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.fields).toEqual({ pickupPointId: "Choose one of your own pickup points" });
  });

  it("edits and deletes only the farmer's own patterns (404 for another's); an edit is checked as a whole", async () => {
    const id = (await call(ravi, "POST", "/api/farmer/slot-patterns", pattern)).json().slotPattern.id;
    expect((await call(asha, "PATCH", `/api/farmer/slot-patterns/${id}`, { capacity: 2 })).statusCode).toBe(
      404,
    );
    expect((await call(asha, "DELETE", `/api/farmer/slot-patterns/${id}`)).statusCode).toBe(404);
    const bad = await call(ravi, "PATCH", `/api/farmer/slot-patterns/${id}`, { start: "11:00" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ end: "The end must be after the start" });
    const ok = await call(ravi, "PATCH", `/api/farmer/slot-patterns/${id}`, { capacity: 2, end: "11:00" });
    expect(ok.json().slotPattern).toMatchObject({ capacity: 2, end: "11:00", cutoffHours: 12 });
    expect((await call(ravi, "DELETE", `/api/farmer/slot-patterns/${id}`)).statusCode).toBe(204);
    expect((await call(ravi, "GET", "/api/farmer/slot-patterns")).json().items).toEqual([]);
    expect((await call(ravi, "GET", "/api/farmer/slots")).json().items).toEqual([]);
  });
});

describe("dated slots", () => {
  let meera: SignedInUser;
  beforeAll(async () => {
    meera = await signUpAndLogIn(t.app, "Meera");
  });

  it("makes the next 14 days' slots from a weekly pattern, keeping the wall-clock window across the clock change", async () => {
    // Sunday 08:00–10:00 London: 22 March is GMT, 29 March is BST.
    const res = await call(meera, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      weekday: 0,
      cutoffHours: 12,
    });
    expect(res.statusCode).toBe(201);
    const slots = (await call(meera, "GET", "/api/farmer/slots")).json().items;
    expect(
      slots.map((s: { date: string; start: string; end: string; cutoffAt: string }) => [
        s.date,
        s.start,
        s.end,
        s.cutoffAt,
      ]),
    ).toEqual([
      ["2026-03-22", "08:00", "10:00", "2026-03-21T20:00:00.000Z"],
      ["2026-03-29", "08:00", "10:00", "2026-03-28T19:00:00.000Z"],
    ]);
    expect(slots[0]).toMatchObject({
      capacity: 5,
      taken: 0,
      closedAt: null,
      kind: "delivery",
      pickupPoint: null,
    });
  });

  it("adds the new days as the clock moves on, once, and never twice from two readers", async () => {
    now = new Date("2026-03-30T09:00:00Z");
    const [a, b] = await Promise.all([
      call(meera, "GET", "/api/farmer/slots"),
      call(meera, "GET", `/api/slots?farmerIds=${meera.id}`),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const dates = (await call(meera, "GET", "/api/farmer/slots?from=2026-03-01&to=2026-04-30"))
      .json()
      .items.map((s: { date: string }) => s.date);
    expect(dates).toEqual(["2026-03-22", "2026-03-29", "2026-04-05", "2026-04-12"]);
    now = new Date("2026-03-20T09:00:00Z");
  });

  it("changes a dated slot's capacity and closes it; another farmer's slot is a 404", async () => {
    const [slot] = (await call(meera, "GET", "/api/farmer/slots")).json().items;
    expect((await call(asha, "PATCH", `/api/farmer/slots/${slot.id}`, { capacity: 3 })).statusCode).toBe(404);
    const changed = await call(meera, "PATCH", `/api/farmer/slots/${slot.id}`, { capacity: 3 });
    expect(changed.json().slot).toMatchObject({ capacity: 3 });
    const noReason = await call(meera, "PATCH", `/api/farmer/slots/${slot.id}`, { closed: true, reason: "" });
    expect(noReason.statusCode).toBe(400);
    const closed = await call(meera, "PATCH", `/api/farmer/slots/${slot.id}`, {
      closed: true,
      reason: "Holi",
    });
    expect(closed.json().slot).toMatchObject({ closedAt: now.toISOString(), closedReason: "Holi" });
    expect(
      (await call(meera, "PATCH", `/api/farmer/slots/${slot.id}`, { closed: true, reason: "Again" }))
        .statusCode,
    ).toBe(409);
  });
});

describe("GET /api/slots", () => {
  let sunil: SignedInUser;
  let deliveryId: string;
  let pickupId: string;
  beforeAll(async () => {
    sunil = await signUpAndLogIn(t.app, "Sunil");
    await call(sunil, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
    const pointId = (await call(sunil, "POST", "/api/farmer/pickup-points", point)).json().pickupPoint.id;
    await call(sunil, "POST", "/api/farmer/slot-patterns", { ...pattern, weekday: 6, capacity: 2 });
    await call(sunil, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      kind: "pickup",
      pickupPointId: pointId,
      weekday: 0,
      start: "17:00",
      end: "19:00",
    });
    const slots = (await call(sunil, "GET", "/api/farmer/slots")).json().items;
    deliveryId = slots[0].id;
    pickupId = slots.find((s: { kind: string }) => s.kind === "pickup").id;
  });

  it("lists each farmer's coming slots with places left; a farmer without patterns uses no slots", async () => {
    const res = await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id},${ravi.id},shop&pin=411038`);
    expect(res.statusCode).toBe(200);
    const [theirs, none, shop] = res.json().farmers;
    expect(none).toEqual({ farmerId: ravi.id, farmerName: "Ravi", usesSlots: false, slots: [] });
    expect(shop).toEqual({ farmerId: "shop", farmerName: "Veggie Cart", usesSlots: false, slots: [] });
    expect(theirs.usesSlots).toBe(true);
    expect(theirs.slots[0]).toEqual({
      id: deliveryId,
      kind: "delivery",
      date: "2026-03-21",
      start: "08:00",
      end: "10:00",
      available: true,
      left: 2,
      // its weekly pattern, to repeat it in (issue 35)
      patternId: expect.any(String),
      weekday: 6,
    });
    const pickup = theirs.slots.find((s: { id: string }) => s.id === pickupId);
    expect(pickup).toMatchObject({
      kind: "pickup",
      available: true,
      pickupPoint: { name: "Market stall", address: point.address },
    });
  });

  it("marks delivery slots outside the PIN's area as unavailable ('area'), never the pickup slots", async () => {
    const [theirs] = (await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id}&pin=560001`)).json().farmers;
    expect(theirs.slots.find((s: { id: string }) => s.id === deliveryId)).toMatchObject({
      available: false,
      reason: "area",
    });
    expect(theirs.slots.find((s: { id: string }) => s.id === pickupId)).toMatchObject({ available: true });
  });

  it("marks a slot past its cut-off by the server's clock, then drops it once it has started", async () => {
    now = new Date("2026-03-20T20:00:00Z"); // 21 March 08:00 GMT less 12 hours
    const [theirs] = (await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id}`)).json().farmers;
    expect(theirs.slots[0]).toMatchObject({ id: deliveryId, available: false, reason: "cutoff" });
    now = new Date("2026-03-20T19:59:59Z");
    const [before] = (await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id}`)).json().farmers;
    expect(before.slots[0]).toMatchObject({ id: deliveryId, available: true });
    now = new Date("2026-03-21T08:00:00Z");
    const [later] = (await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id}`)).json().farmers;
    expect(later.slots.map((s: { id: string }) => s.id)).not.toContain(deliveryId);
    now = new Date("2026-03-20T09:00:00Z");
  });

  it("refuses a bad PIN or too many farmers with 400", async () => {
    expect((await call(ravi, "GET", `/api/slots?farmerIds=${sunil.id}&pin=41`)).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, n) => `f${n}`).join(",");
    expect((await call(ravi, "GET", `/api/slots?farmerIds=${many}`)).statusCode).toBe(400);
    expect((await call(undefined, "GET", `/api/slots?farmerIds=${sunil.id}`)).statusCode).toBe(401);
  });
});

describe("the shop's own slots (operator)", () => {
  it("lets an operator set up the shop's part the same way, and nobody else", async () => {
    const operator = await signUpOperator(t.app, t.db);
    const created = await call(operator, "POST", "/api/admin/shop-slots/pickup-points", point);
    expect(created.statusCode).toBe(201);
    const pointId = created.json().pickupPoint.id;
    const made = await call(operator, "POST", "/api/admin/shop-slots/slot-patterns", {
      ...pattern,
      kind: "pickup",
      pickupPointId: pointId,
    });
    expect(made.statusCode).toBe(201);
    expect((await call(operator, "GET", "/api/admin/shop-slots/slots")).json().items).toHaveLength(2);
    expect((await call(asha, "GET", "/api/admin/shop-slots/slots")).statusCode).toBe(403);
    // NOTE: the shop's point is not a farmer's: a farmer cannot use it, nor see it.
    const asFarmer = await call(asha, "POST", "/api/farmer/slot-patterns", {
      ...pattern,
      kind: "pickup",
      pickupPointId: pointId,
    });
    expect(asFarmer.statusCode).toBe(400);
    expect(
      (await call(asha, "PATCH", `/api/farmer/pickup-points/${pointId}`, { name: "x" })).statusCode,
    ).toBe(404);
    const [shop] = (await call(asha, "GET", "/api/slots?farmerIds=shop")).json().farmers;
    expect(shop.usesSlots).toBe(true);
    expect(shop.slots).toHaveLength(2);
  });
});

describe("the audit log", () => {
  /** The same set-up changes, made under `base` by `user`: each step moves the clock a minute on. */
  async function setUpAndUndo(user: SignedInUser, base: string) {
    const tick = () => {
      now = new Date(now.getTime() + 60_000);
    };
    const pointId = (await call(user, "POST", `${base}/pickup-points`, point)).json().pickupPoint.id;
    tick();
    await call(user, "PATCH", `${base}/pickup-points/${pointId}`, { name: "Stall 4" });
    tick();
    await call(user, "PUT", `${base}/delivery-area`, { pinPrefixes: ["411038", "4110"] });
    tick();
    const patternId = (
      await call(user, "POST", `${base}/slot-patterns`, {
        ...pattern,
        kind: "pickup",
        pickupPointId: pointId,
      })
    ).json().slotPattern.id;
    tick();
    await call(user, "PATCH", `${base}/slot-patterns/${patternId}`, { capacity: 3 });
    tick();
    const slot = (await call(user, "GET", `${base}/slots`))
      .json()
      .items.find((s: { patternId: string }) => s.patternId === patternId);
    await call(user, "PATCH", `${base}/slots/${slot.id}`, { capacity: 2 });
    tick();
    await call(user, "PATCH", `${base}/slots/${slot.id}`, { closed: true, reason: "Holi" });
    tick();
    // Refused (already closed): nothing changes, so nothing is recorded.
    const again = await call(user, "PATCH", `${base}/slots/${slot.id}`, { closed: true, reason: "Again" });
    expect(again.statusCode).toBe(409);
    await call(user, "DELETE", `${base}/slot-patterns/${patternId}`);
    tick();
    await call(user, "DELETE", `${base}/pickup-points/${pointId}`);
    return { pointId, patternId, slotId: slot.id };
  }

  const auditLog = async (operator: SignedInUser) =>
    (await call(operator, "GET", "/api/admin/audit?limit=100")).json().items as {
      at: string;
      actor: { id: string; email: string };
      action: string;
      target: { type: string; id: string };
      reason?: string;
    }[];

  it("records each change an operator makes to the shop's slots, with who, on what and a readable why", async () => {
    const started = now;
    const operator = await signUpOperator(t.app, t.db, "Omar Operator");
    const { pointId, patternId, slotId } = await setUpAndUndo(operator, "/api/admin/shop-slots");
    now = started;

    const mine = (await auditLog(operator)).filter((entry) => entry.actor.id === operator.id);
    expect(mine.every((entry) => entry.actor.email === operator.email)).toBe(true);
    expect(mine.map(({ action, target, reason }) => ({ action, target, reason })).reverse()).toEqual([
      {
        action: "pickup_point.create",
        target: { type: "pickup_point", id: pointId },
        reason: "Market stall, Shop 4, Mandai, Pune",
      },
      {
        action: "pickup_point.update",
        target: { type: "pickup_point", id: pointId },
        reason: "Stall 4, Shop 4, Mandai, Pune",
      },
      {
        action: "delivery_area.update",
        target: { type: "delivery_area", id: "shop" },
        reason: "Delivers to PIN codes 4110, 411038",
      },
      {
        action: "slot_pattern.create",
        target: { type: "slot_pattern", id: patternId },
        reason: "Saturday 8–10 am · Pickup at Stall 4 · 5 orders · ordering closes 12 h before",
      },
      {
        action: "slot_pattern.update",
        target: { type: "slot_pattern", id: patternId },
        reason: "Saturday 8–10 am · Pickup at Stall 4 · 3 orders · ordering closes 12 h before",
      },
      {
        action: "slot.capacity",
        target: { type: "slot", id: slotId },
        reason: "Sat 21 Mar, 8–10 am: capacity 3 → 2",
      },
      { action: "slot.close", target: { type: "slot", id: slotId }, reason: "Sat 21 Mar, 8–10 am: Holi" },
      {
        action: "slot_pattern.delete",
        target: { type: "slot_pattern", id: patternId },
        reason: "Saturday 8–10 am · Pickup at Stall 4 · 3 orders · ordering closes 12 h before",
      },
      {
        action: "pickup_point.retire",
        target: { type: "pickup_point", id: pointId },
        reason: "Stall 4, Shop 4, Mandai, Pune",
      },
    ]);
  });

  it("records nothing of a farmer's changes to their own slots", async () => {
    const started = now;
    const operator = await signUpOperator(t.app, t.db, "Oona Operator");
    const farmer = await signUpAndLogIn(t.app, "Gita");
    const before = await auditLog(operator);
    const { pointId, patternId, slotId } = await setUpAndUndo(farmer, "/api/farmer");
    now = started;
    // The changes were made (the point is retired), and the log is as it was.
    const points = (await call(farmer, "GET", "/api/farmer/pickup-points")).json().items;
    expect(points).toMatchObject([{ id: pointId, name: "Stall 4", retiredAt: expect.any(String) }]);
    expect(patternId && slotId).toBeTruthy();
    expect(await auditLog(operator)).toEqual(before);
  });
});
