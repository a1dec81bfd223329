import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { addProductWithPicture } from "../test/multipart.ts";
import { type LocalBucket, startLocalBucket } from "../test/object-storage.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp, testConfig } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { moveImages, ORPHAN_AGE_MS } from "./images-move.ts";

let bucket: LocalBucket;
/** The shop before the move: its pictures in the database. */
let t: TestApp;
/** The same shop's server once given the bucket (as after a rolling restart with S3_URL set). */
let server: FastifyInstance;
const pictures: { url: string; bytes: Buffer }[] = [];

beforeAll(async () => {
  bucket = await startLocalBucket();
  t = await createTestApp();
  const farmer = await signUpAndLogIn(t.app, "Moving Farmer");
  for (const name of ["Okra", "Brinjal", "Tindora"]) {
    const product = await addProductWithPicture(t.app, farmer.cookie, name);
    const res = await request(t.app, { method: "GET", url: product.image });
    pictures.push({ url: product.image, bytes: res.rawPayload });
  }
  server = await buildApp({
    config: testConfig({ databaseUrl: t.databaseUrl, objectStorage: bucket.settings }),
    db: t.db,
  });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
  await bucket?.close();
});

const bytesInDatabase = async () => {
  const rows = await t.db.kysely.selectFrom("image_variants").select("bytes").execute();
  return rows.filter((row) => row.bytes !== null).length;
};

/** Asks for every picture again and again until `work` is done; answers every status and byte mismatch. */
async function servingDuring(work: Promise<unknown>) {
  let done = false;
  const problems: string[] = [];
  let served = 0;
  const reader = (async () => {
    while (!done) {
      for (const picture of pictures) {
        const res = await request(server, { method: "GET", url: picture.url });
        served += 1;
        if (res.statusCode !== 200) problems.push(`${picture.url}: ${res.statusCode}`);
        else if (!res.rawPayload.equals(picture.bytes)) problems.push(`${picture.url}: other bytes`);
        // NOTE: an injected request from SQLite may never leave the microtask queue; this lets the move's I/O in.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  })();
  try {
    await work;
  } finally {
    done = true;
    await reader;
  }
  return { problems, served };
}

describe(`npm run images:move (${testDialect})`, () => {
  it("moves every picture to the bucket and back while the shop serves them, and can be run again", async () => {
    const ctx = { db: t.db.kysely, imageObjects: bucket.store };
    const toBucket = await servingDuring(moveImages(ctx, "s3"));
    expect(toBucket.problems).toEqual([]);
    expect(toBucket.served).toBeGreaterThan(0);
    expect(await bytesInDatabase()).toBe(0);
    expect((await bucket.keys()).length).toBe(pictures.length);
    expect(await moveImages(ctx, "s3")).toEqual({ moved: 0, missing: [], orphansDeleted: 0 });

    const toDatabase = await servingDuring(moveImages(ctx, "db"));
    expect(toDatabase.problems).toEqual([]);
    expect(await bucket.keys()).toEqual([]);
    expect(await bytesInDatabase()).toBe(pictures.length);
    for (const picture of pictures) {
      const res = await request(t.app, { method: "GET", url: picture.url });
      expect(res.rawPayload.equals(picture.bytes)).toBe(true);
    }
  });

  it("after a stop between writing to the bucket and switching, a second run finishes and leaves no orphan", async () => {
    const ctx = { db: t.db.kysely, imageObjects: bucket.store };
    // A run that stopped after writing one picture's objects: they are in the bucket, its row still says db.
    const [first] = pictures;
    if (!first) throw new Error("no picture");
    const imageId = /\/api\/images\/([^?]+)/.exec(first.url)?.[1] ?? "";
    await bucket.store.put(`images/${imageId}/320.webp`, first.bytes, "image/webp");
    // And an object nobody owns (a product deleted mid-move long ago).
    await bucket.store.put("images/00000000-0000-4000-8000-000000000000/320.webp", first.bytes, "image/webp");
    const later = new Date(Date.now() + ORPHAN_AGE_MS + 60_000);
    const report = await moveImages(ctx, "s3", { now: later });
    expect(report).toEqual({ moved: pictures.length, missing: [], orphansDeleted: 1 });
    expect((await bucket.keys()).length).toBe(pictures.length);
    expect(await bytesInDatabase()).toBe(0);
    expect((await request(server, { method: "GET", url: first.url })).rawPayload.equals(first.bytes)).toBe(
      true,
    );
    await moveImages(ctx, "db");
  });
});
