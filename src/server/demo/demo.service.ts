import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { rupeesToPaise } from "../../shared/money.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { PartStatusChange } from "../../shared/schemas/farmer.ts";
import type { OrderPart } from "../../shared/schemas/orders.ts";
import type { RecordPayment } from "../../shared/schemas/payments.ts";
import { hashPassword, insertAccount, insertUserIfMissing } from "../auth/index.ts";
import { type Context, catalogueChanged } from "../context.ts";
import type { Db } from "../db/index.ts";
import { type PreparedImage, prepareImage, saveImage } from "../images/index.ts";
import { silentOutbox } from "../mail/index.ts";
import {
  movePart,
  payRestInCash,
  placeOrder,
  recordPayment,
  savePayeeProfile,
  weighPart,
} from "../orders/index.ts";
import { countProducts, giveProducts, insertProductRow } from "../products/index.ts";
import { createPickupPoint, createSlotPattern, listOwnSlots, setDeliveryArea } from "../slots/index.ts";
import * as repo from "./demo.repository.ts";
import { produceSvg } from "./demo-art.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-products.ts";
import { otherNamesOf } from "./other-names.ts";

/** The farmer who owns the demo products. It has no password, so nobody can sign in as it. */
export const SYSTEM_FARMER = {
  id: "00000000-0000-4000-8000-00000000f4a7",
  email: "farms@veggie-cart.invalid",
  name: "Veggie Cart Farms",
  // NOTE: not an argon2 hash, so it never verifies; logIn treats it like a wrong password.
  password_hash: "!locked: the demo farmer cannot sign in",
} as const;

export interface SeedResult {
  seeded: boolean;
  products: number;
  ms: number;
}

/** A demo picture, drawn in SVG and run through the upload pipeline (checked, re-encoded to WebP). */
async function drawDemoImage(product: DemoProduct): Promise<PreparedImage> {
  const png = await sharp(Buffer.from(produceSvg(product.art)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return prepareImage(png);
}

/**
 * Each demo picture is drawn once per process: the drawing never changes, and encoding two dozen pictures at
 * three widths was most of a seed's time (a test that seeds several databases paid it each time).
 */
const drawn = new Map<DemoProduct, Promise<PreparedImage>>();
function renderDemoImage(product: DemoProduct): Promise<PreparedImage> {
  let image = drawn.get(product);
  if (!image) {
    image = drawDemoImage(product);
    // NOTE: a failed drawing is not kept, so the next seed tries again.
    image.catch(() => drawn.delete(product));
    drawn.set(product, image);
  }
  return image;
}

export const renderDemoImages = (products: readonly DemoProduct[] = DEMO_PRODUCTS) =>
  Promise.all(products.map(renderDemoImage));

/**
 * Fills an empty catalogue with the demo products. Idempotent: it does nothing once any product exists, and
 * two instances starting at once seed it once (the check and the inserts happen under one lock).
 */
export async function seedDemoCatalogue(db: Db, now = new Date()): Promise<SeedResult> {
  const started = performance.now();
  const done = (seeded: boolean, products: number) => ({
    seeded,
    products,
    ms: Math.round(performance.now() - started),
  });
  if ((await countProducts(db.kysely)) > 0) return done(false, 0);

  // NOTE: the pictures are made before the lock is taken, so another instance never waits on image work.
  const pictured = await Promise.all(
    DEMO_PRODUCTS.map(async (product) => ({ product, image: await renderDemoImage(product) })),
  );
  return repo.inSeedLock(db.kysely, async (trx) => {
    if ((await countProducts(trx)) > 0) return done(false, 0);
    await insertUserIfMissing(trx, { ...SYSTEM_FARMER, created_at: now.toISOString() });
    const farmer = await repo.findUserById(trx, SYSTEM_FARMER.id);
    if (!farmer) throw new Error(`Cannot seed: the demo farmer's e-mail ${SYSTEM_FARMER.email} is taken`);
    for (const [index, { product, image }] of pictured.entries()) {
      // NOTE: the demo's pictures stay in the database (`npm run images:move` moves them like any other).
      const imageId = await saveImage({ db: trx }, { ownerId: SYSTEM_FARMER.id, image });
      await insertProductRow(trx, {
        id: randomUUID(),
        owner_id: SYSTEM_FARMER.id,
        name: product.name,
        other_names: otherNamesOf(product.produce),
        price_paise: rupeesToPaise(product.price),
        description: product.description,
        category: product.category,
        image_id: imageId,
        unit: product.unit,
        stock: product.stock,
        // NOTE: a minute apart, the first listed newest, so the shop opens on a mix of categories.
        created_at: new Date(now.getTime() - index * 60_000).toISOString(),
      });
    }
    return done(true, DEMO_PRODUCTS.length);
  });
}

/**
 * A demo farmer who CAN sign in (development only: demo data is never seeded in production), so a new user
 * sees the farmer's side at once. The README lists the same credentials, and the server prints them at start.
 */
export const DEMO_FARMER = {
  name: "Asha Patil",
  email: "asha.farmer@demo.veggie-cart.test",
  password: "fresh-harvest-2026",
} as const;

/** The demo orders' buyer: like the system farmer, nobody can sign in as it. */
export const DEMO_SHOPPER = {
  id: "00000000-0000-4000-8000-0000000005b0",
  email: "shopper@veggie-cart.invalid",
  name: "Ravi Kumar",
  password_hash: "!locked: the demo shopper cannot sign in",
} as const;

/** The demo products the demo farmer owns (taken over from the system farmer when it is created). */
const DEMO_FARMER_PRODUCTS = [
  "Vine Tomatoes",
  "Baby Spinach",
  "Tender Okra",
  "Fresh Cow Milk",
  "Malai Paneer",
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds the demo farmer with a few demo orders in different states, once: nothing happens when the account
 * exists (or when the demo catalogue is not there). Runs after `seedDemoCatalogue`.
 */
export async function seedDemoFarmer(context: Context, withSlots = true): Promise<{ seeded: boolean }> {
  // NOTE: no mail: demo history is written before the server starts, and its buyer is no real person.
  const ctx: Context = { ...context, mail: silentOutbox() };
  const { now, settings } = ctx;
  const passwordHashing = settings.passwordHashing;
  if (await repo.findUserByEmail(ctx.db, DEMO_FARMER.email)) return { seeded: false };
  const seeded = await repo.inSeedLock(ctx.db, async (trx) => {
    if (await repo.findUserByEmail(trx, DEMO_FARMER.email)) return null;
    const products = await repo.findProductsOwnedBy(trx, SYSTEM_FARMER.id, DEMO_FARMER_PRODUCTS);
    const [firstProduct] = products;
    if (!firstProduct) return null;
    const hashed = await hashPassword(DEMO_FARMER.password, passwordHashing);
    const farmer = await insertAccount({ ...ctx, db: trx }, { ...DEMO_FARMER, passwordHash: hashed });
    await insertUserIfMissing(trx, { ...DEMO_SHOPPER, created_at: now.toISOString() });
    await giveProducts(
      trx,
      products.map((p) => p.id),
      farmer.id,
    );
    return { farmer, products, firstProduct };
  });
  if (!seeded) return { seeded: false };
  // NOTE: placed and moved through the same services as real orders, so their parts, stock and history are real.
  const { farmer, products, firstProduct } = seeded;
  const byName = new Map(products.map((p) => [p.name, p.id]));
  const line = (name: string, quantity: number) => ({
    productId: byName.get(name) ?? firstProduct.id,
    quantity,
  });
  const journeys = demoJourneys(line);
  for (const [index, journey] of journeys.entries()) await playJourney(ctx, { farmer, index, journey });
  // NOTE: the demo farmer is paid by UPI too, so the order page shows its QR code.
  await savePayeeProfile(ctx, farmer.id, { upiId: DEMO_UPI_ID });
  if (withSlots) await seedDemoSlots(ctx, farmer.id, line("Vine Tomatoes", 1));
  // NOTE: some of the catalogue changed hands (decision 035).
  await catalogueChanged(ctx);
  return { seeded: true };
}

/** A demo order's story: when it was placed, its lines, and what its farmer did since. */
interface DemoJourney {
  daysAgo: number;
  lines: DemoLine[];
  moves: PartStatusChange[];
  /** Packed weights (decision 020), recorded once the part is confirmed. */
  weights?: { name: string; grams: number }[];
  /** Payments at the door, recorded after the last move. */
  payments?: RecordPayment[];
  /** The rest of the bill, received in cash after the payments. */
  paid?: boolean;
}

type DemoLine = { productId: string; quantity: number };

/** The demo farmer's orders, from three days ago to today, each in another state. */
function demoJourneys(line: (name: string, quantity: number) => DemoLine): DemoJourney[] {
  return [
    {
      daysAgo: 3,
      lines: [line("Vine Tomatoes", 2), line("Malai Paneer", 1)],
      weights: [{ name: "Vine Tomatoes", grams: 2150 }],
      moves: [{ status: "confirmed" }, { status: "out_for_delivery" }, { status: "delivered" }],
      payments: [{ method: "cash", amount: 40 }],
      paid: true,
    },
    {
      daysAgo: 2,
      lines: [line("Baby Spinach", 3)],
      moves: [{ status: "cancelled", reason: "Hailstorm damaged the spinach beds" }],
    },
    {
      daysAgo: 1,
      lines: [line("Fresh Cow Milk", 2), line("Tender Okra", 1)],
      moves: [{ status: "confirmed" }, { status: "out_for_delivery" }],
      payments: [{ method: "upi", amount: 20, reference: "412345678901" }],
    },
    {
      daysAgo: 0.2,
      lines: [line("Tender Okra", 2)],
      weights: [{ name: "Tender Okra", grams: 1050 }],
      moves: [{ status: "confirmed" }],
    },
    { daysAgo: 0.1, lines: [line("Vine Tomatoes", 1), line("Baby Spinach", 1)], moves: [] },
  ];
}

/** Places a demo order and moves the demo farmer's part through its story, as the farmer would. */
async function playJourney(
  ctx: Context,
  { farmer, index, journey }: { farmer: User; index: number; journey: DemoJourney },
): Promise<void> {
  const at = new Date(ctx.now.getTime() - journey.daysAgo * DAY_MS);
  const { order } = await placeOrder(
    { ...ctx, now: at },
    {
      userId: DEMO_SHOPPER.id,
      idempotencyKey: `demo-order-${index}-of-the-demo-farmer`,
      input: {
        items: journey.lines,
        shipping: DEMO_SHIPPING,
        paymentMethod: index % 2 === 0 ? "upi" : "credit-card",
      },
    },
  );
  const part = order.fulfilments.find((f) => f.farmerId === farmer.id);
  if (!part) throw new Error("a demo order holds no part for the demo farmer");
  const asFarmer = (hours: number) => ({
    ...ctx,
    now: new Date(at.getTime() + hours * 3_600_000),
    actor: { id: farmer.id, operator: false },
  });
  for (const [step, move] of journey.moves.entries()) {
    await movePart(asFarmer(step + 1), farmer, part.id, move);
    if (move.status === "confirmed" && journey.weights) {
      await weighDemoPart(asFarmer(step + 1.5), part, journey.weights);
    }
  }
  for (const payment of journey.payments ?? []) await recordPayment(asFarmer(4), part.id, payment);
  if (journey.paid) await payRestInCash(asFarmer(4.5), part.id);
}

/** The demo farmer's UPI ID (a made-up handle: no bank answers it). */
export const DEMO_UPI_ID = "asha.farm@okdemo";

async function weighDemoPart(ctx: Context, part: OrderPart, weights: { name: string; grams: number }[]) {
  const lines = weights.flatMap(({ name, grams }) => {
    const item = part.items.find((candidate) => candidate.name === name);
    return item ? [{ lineId: item.lineId, packedGrams: grams }] : [];
  });
  if (lines.length > 0) await weighPart(ctx, part.id, { lines });
}

/**
 * The demo farmer's delivery and pickup (decision 017): two pickup points, Pune's 4110… PIN codes, and weekly
 * slots through the week; the Thursday market pickup holds one order, which fills it, so every state shows.
 * Set up after the demo orders, which were placed "within 24 hours" as before.
 */
async function seedDemoSlots(ctx: Context, farmerId: string, line: { productId: string; quantity: number }) {
  const farmGate = await createPickupPoint(ctx, farmerId, {
    name: "Asha's farm gate",
    address: "Survey 42, Hadapsar–Saswad Road, Pune 411028",
    directions: "The green gate after the temple; ring the bell",
    mapUrl: undefined,
    openingNote: "Weekend mornings",
  });
  const market = await createPickupPoint(ctx, farmerId, {
    name: "Baner market stall",
    address: "Stall 4, Baner Road market, Pune 411045",
    directions: undefined,
    mapUrl: undefined,
    openingNote: "Thursday evenings",
  });
  await setDeliveryArea(ctx, farmerId, { pinPrefixes: ["4110"] });
  const patterns = [
    { kind: "delivery", weekday: 6, start: "08:00", end: "10:00", capacity: 8, cutoffHours: 12 },
    { kind: "delivery", weekday: 3, start: "17:00", end: "19:00", capacity: 6, cutoffHours: 12 },
    {
      kind: "pickup",
      pickupPointId: farmGate.id,
      weekday: 0,
      start: "09:00",
      end: "11:00",
      capacity: 10,
      cutoffHours: 12,
    },
    {
      kind: "pickup",
      pickupPointId: market.id,
      weekday: 4,
      start: "18:00",
      end: "20:00",
      capacity: 1,
      cutoffHours: 6,
    },
  ] as const;
  for (const pattern of patterns) await createSlotPattern(ctx, farmerId, { ...pattern });
  const full = (await listOwnSlots(ctx, farmerId, {})).find(
    (slot) => slot.pickupPoint?.id === market.id && Date.parse(slot.cutoffAt) > ctx.now.getTime(),
  );
  if (!full) return;
  await placeOrder(ctx, {
    userId: DEMO_SHOPPER.id,
    idempotencyKey: "demo-order-in-the-full-slot",
    input: { items: [line], shipping: DEMO_SHIPPING, paymentMethod: "upi", slots: { [farmerId]: full.id } },
  });
}

const DEMO_SHIPPING = {
  fullName: DEMO_SHOPPER.name,
  email: "ravi.kumar@example.com",
  phone: "+91 98450 12345",
  address: "14 MG Road",
  city: "Pune",
  state: "MH",
  zipCode: "411001",
  country: "IN",
};
