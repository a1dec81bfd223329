import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { rupeesToPaise } from "../../shared/money.ts";
import type { Db } from "../db/database.ts";
import { type PreparedImage, prepareImage, saveImage } from "../images/images.service.ts";
import { countProducts, insertProduct } from "../products/products.repository.ts";
import * as repo from "./demo.repository.ts";
import { produceSvg } from "./demo-art.ts";
import { DEMO_PRODUCTS } from "./demo-products.ts";

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

/** Each demo picture, drawn in SVG and run through the upload pipeline (checked, re-encoded to WebP). */
async function renderDemoImages(): Promise<PreparedImage[]> {
  return Promise.all(
    DEMO_PRODUCTS.map(async (product) => {
      const png = await sharp(Buffer.from(produceSvg(product.art)))
        .png({ compressionLevel: 1 })
        .toBuffer();
      return prepareImage(png);
    }),
  );
}

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
  const images = await renderDemoImages();
  return repo.inSeedLock(db, async (trx) => {
    if ((await countProducts(trx)) > 0) return done(false, 0);
    await repo.insertUserIfMissing(trx, { ...SYSTEM_FARMER, created_at: now.toISOString() });
    const farmer = await repo.findUserById(trx, SYSTEM_FARMER.id);
    if (!farmer) throw new Error(`Cannot seed: the demo farmer's e-mail ${SYSTEM_FARMER.email} is taken`);
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const imageId = await saveImage(trx, SYSTEM_FARMER.id, images[index]!);
      await insertProduct(trx, {
        id: randomUUID(),
        owner_id: SYSTEM_FARMER.id,
        name: product.name,
        price_paise: rupeesToPaise(product.price),
        description: product.description,
        category: product.category,
        image_id: imageId,
        // NOTE: a minute apart, the first listed newest, so the shop opens on a mix of categories.
        created_at: new Date(now.getTime() - index * 60_000).toISOString(),
      });
    }
    return done(true, DEMO_PRODUCTS.length);
  });
}
