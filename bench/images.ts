/**
 * `npm run bench:images`: with pictures in object storage, should `GET /api/images/:id?w=` stream the object
 * through the app, or redirect the browser to the bucket? (decision 029). Starts a local S3-compatible server
 * (s3rver) and the real app in this process on SQLite, stores one picture in the bucket, then measures with
 * autocannon (CONNECTIONS connections, SECONDS each):
 * - stream: the app reads the object from the bucket and sends it (what the app does);
 * - redirect, both legs a browser would make: the app's answer without bytes (its 304 path: the same row
 *   read a 302 would need) and then the object fetched from the bucket directly.
 * Prints requests/s and latency side by side; a redirect's picture costs the sum of its two legs' latencies.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { buildApp } from "../src/server/app.ts";
import { insertUserIfMissing } from "../src/server/auth/index.ts";
import { createDb } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { prepareImage, saveImage } from "../src/server/images/index.ts";
import { startLocalBucket } from "../src/server/test/object-storage.ts";
import { testConfig } from "../src/server/test/test-app.ts";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 5);
const WIDTH = 640;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-bench-images-"));
const bucket = await startLocalBucket();
const databaseUrl = `sqlite:${path.join(dir, "shop.sqlite")}`;
const db = createDb(databaseUrl);
await migrateToLatest(db);
const app = await buildApp({ config: testConfig({ databaseUrl, objectStorage: bucket.settings }), db });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };

const owner = "00000000-0000-4000-8000-00000000b0b0";
await insertUserIfMissing(db.kysely, {
  id: owner,
  email: "bench@example.com",
  name: "Bench",
  password_hash: "!bench",
  created_at: new Date().toISOString(),
});
const photo = await sharp({
  create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 160, b: 60 } },
})
  .composite([
    {
      input: Buffer.from(
        '<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#c33"/></svg>',
      ),
    },
  ])
  .jpeg()
  .toBuffer();
const image = await prepareImage(photo);
const imageId = await saveImage({ db: db.kysely, imageObjects: bucket.store }, { ownerId: owner, image });
const variant = image.variants.find((v) => v.width === WIDTH) ?? image.variants[0];
if (!variant) throw new Error("no variant");

const appUrl = `http://127.0.0.1:${port}/api/images/${imageId}?w=${WIDTH}`;
const objectUrl = `${bucket.settings.endpoint}/${bucket.settings.bucket}/images/${imageId}/${variant.width}.webp`;
const check = await fetch(objectUrl);
if (check.status !== 200) throw new Error(`the bucket answered ${check.status} to an anonymous read`);

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx - (headers["if-none-match"] ? result.requests.total : 0);
  return {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + Math.max(0, bad),
  };
}

const stream = await run("stream through the app", appUrl);
const answer = await run("redirect, leg 1: the app's answer (no bytes)", appUrl, {
  "if-none-match": variant.etag,
});
const direct = await run("redirect, leg 2: the bucket, directly", objectUrl);

const rows = [stream, answer, direct];
console.log(
  `\nOne ${variant.width}px WebP picture (${variant.bytes.length} bytes), ${CONNECTIONS} connections, ${SECONDS} s each, SQLite, s3rver on this machine:\n`,
);
console.log("| path | requests/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|");
for (const row of rows)
  console.log(`| ${row.title} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`);
const redirectP50 = answer.p50 + direct.p50;
console.log(
  `\nA picture's latency (p50): stream ${stream.p50} ms, redirect ${answer.p50} + ${direct.p50} = ${redirectP50} ms (redirect/stream = ${(redirectP50 / Math.max(stream.p50, 0.01)).toFixed(2)})`,
);

await app.close();
await db.close();
await bucket.close();
fs.rmSync(dir, { recursive: true, force: true });
