import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { addProductWithPicture, multipartBody, sampleImage } from "../test/multipart.ts";
import { type LocalBucket, startLocalBucket } from "../test/object-storage.ts";
import {
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
  testConfig,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";

let bucket: LocalBucket;
let t: TestApp;
let farmer: SignedInUser;
beforeAll(async () => {
  bucket = await startLocalBucket();
  t = await createTestApp({ objectStorage: bucket.settings });
  farmer = await signUpAndLogIn(t.app, "Bucket Farmer");
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const imageIdOf = (url: string) => /\/api\/images\/([^?]+)/.exec(url)?.[1] ?? "";
const keysOf = async (imageUrl: string) =>
  (await bucket.keys()).filter((key) => key.startsWith(`images/${imageIdOf(imageUrl)}/`));
const storedBytes = async (imageUrl: string) => {
  const rows = await t.db.kysely
    .selectFrom("image_variants")
    .select("bytes")
    .where("image_id", "=", imageIdOf(imageUrl))
    .execute();
  return rows.map((row) => row.bytes);
};

describe(`pictures in object storage (${testDialect})`, () => {
  it("a new photo's variants are in the bucket, not in the database, and served at the same URL", async () => {
    const product = await addProductWithPicture(t.app, farmer.cookie, "Bucket beans");
    expect(await keysOf(product.image)).toEqual([`images/${imageIdOf(product.image)}/320.webp`]);
    expect(await storedBytes(product.image)).toEqual([null]);
    const res = await request(t.app, { method: "GET", url: product.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    const again = await request(t.app, {
      method: "GET",
      url: product.image,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("a replaced photo's objects go, the new one's are there; a deleted product leaves nothing in the bucket", async () => {
    const before = await bucket.keys();
    const product = await addProductWithPicture(t.app, farmer.cookie, "Replaced radish");
    const body = await multipartBody({
      image: { bytes: await sampleImage("jpeg", 1600, 1200), filename: "big.jpg", type: "image/jpeg" },
    });
    const replaced = await request(t.app, {
      method: "PUT",
      url: `/api/products/${product.id}/image`,
      cookie: farmer.cookie,
      ...body,
    });
    expect(replaced.statusCode).toBe(200);
    const newImage = replaced.json().product.image as string;
    expect(await keysOf(product.image)).toEqual([]);
    expect((await keysOf(newImage)).length).toBe(3);
    expect((await request(t.app, { method: "GET", url: newImage })).statusCode).toBe(200);
    expect((await request(t.app, { method: "GET", url: product.image })).statusCode).toBe(404);

    const deleted = await request(t.app, {
      method: "DELETE",
      url: `/api/products/${product.id}`,
      cookie: farmer.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await bucket.keys()).toEqual(before);
  });

  it("a deleted account's pictures leave the bucket", async () => {
    const leaver = await signUpAndLogIn(t.app, "Leaving Farmer");
    const before = await bucket.keys();
    await addProductWithPicture(t.app, leaver.cookie, "Last lettuce");
    expect((await bucket.keys()).length).toBe(before.length + 1);
    const res = await request(t.app, {
      method: "DELETE",
      url: "/api/account",
      cookie: leaver.cookie,
      payload: { password: leaver.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await bucket.keys()).toEqual(before);
  });
});

describe("bad object storage configuration stops the start with a clear message", () => {
  it("an S3 URL without a bucket", () => {
    expect(() => loadConfig({ S3_URL: "http://127.0.0.1:9000" })).toThrow(/S3_URL: must name the bucket/);
    expect(() => loadConfig({ S3_URL: "s3://" })).toThrow(/S3_URL: must name the bucket/);
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required/);
  });

  it("reads the bucket, endpoint and keys from S3_URL or from the S3_* settings", () => {
    expect(loadConfig({ S3_URL: "http://key:se%2Fcret@127.0.0.1:9000/pictures" }).objectStorage).toEqual({
      bucket: "pictures",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "se/cret",
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        S3_BUCKET: "shop",
        S3_REGION: "ap-south-1",
        AWS_ACCESS_KEY_ID: "a",
        AWS_SECRET_ACCESS_KEY: "b",
      }).objectStorage,
    ).toEqual({
      bucket: "shop",
      region: "ap-south-1",
      accessKeyId: "a",
      secretAccessKey: "b",
      forcePathStyle: false,
    });
    expect(loadConfig({}).objectStorage).toBeUndefined();
  });

  it("a bucket that does not answer", async () => {
    const config = testConfig({ objectStorage: { ...bucket.settings, bucket: "no-such-bucket" } });
    await expect(buildApp({ config, db: t.db })).rejects.toThrow(
      /S3: the bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not answer \(no such bucket\)/,
    );
    const nobody = testConfig({
      objectStorage: { ...bucket.settings, endpoint: "http://127.0.0.1:1" },
    });
    await expect(buildApp({ config: nobody, db: t.db })).rejects.toThrow(/does not answer/);
  });
});
