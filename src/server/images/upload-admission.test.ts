import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverLimitDefaults } from "../config.ts";
import { multipartBody, sampleImage } from "../test/multipart.ts";
import { type PartialUpload, partialUpload } from "../test/partial-upload.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { IMAGE_WORK, imageQueue } from "./image-work.ts";

let t: TestApp | undefined;
const uploads: PartialUpload[] = [];
afterEach(async () => {
  for (const upload of uploads.splice(0)) upload.stop();
  await t?.close();
  t = undefined;
});

async function listening(uploadStallMs = serverLimitDefaults.uploadStallMs) {
  t = await createTestApp({ limits: { ...serverLimitDefaults, maxEventLoopDelayMs: 0, uploadStallMs } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { app: t.app, port: (t.app.server.address() as AddressInfo).port };
}

/** A 4 MB product upload (a phone photo's size: a real image and padding in the description's place). */
let form: Promise<{ payload: Buffer; headers: Record<string, string> }> | undefined;
const productForm = () => {
  form ??= makeProductForm();
  return form;
};
async function makeProductForm() {
  const image = await sampleImage("jpeg", 1200, 900);
  return multipartBody({
    name: "Slow carrots",
    price: "10",
    description: "Sent over a slow connection",
    category: "vegetables",
    image: {
      bytes: Buffer.concat([image, Buffer.alloc(4 * 1024 * 1024)]),
      filename: "c.jpg",
      type: "image/jpeg",
    },
  });
}

/** Starts an upload by `user` from `from` that sends a little and then a byte every 100 ms. */
async function slowUpload(port: number, user: SignedInUser, from: string, trickleEveryMs?: number) {
  const { payload, headers } = await productForm();
  const upload = partialUpload({
    port,
    from,
    cookie: user.cookie,
    payload,
    contentType: headers["content-type"]!,
    sendBytes: 64 * 1024,
    ...(trickleEveryMs ? { trickleEveryMs } : {}),
  });
  uploads.push(upload);
  return upload;
}

const admitted = () => imageQueue.size.admitted;

describe(`upload places (${testDialect})`, () => {
  it("one account holds at most its share: its next upload is refused 429 before its body is read, and the connection closes; another account still uploads", {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await listening();
    const [slow, other] = [
      await signUpAndLogIn(app, "Slow Farmer"),
      await signUpAndLogIn(app, "Other Farmer"),
    ];
    for (let i = 0; i < IMAGE_WORK.perAccount; i++) await slowUpload(port, slow, `127.0.0.${2 + i}`, 100);
    await vi.waitFor(() => expect(admitted()).toBe(IMAGE_WORK.perAccount));

    const refused = await slowUpload(port, slow, "127.0.0.9");
    const answer = await refused.answered;
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.body).error.code).toBe("rate_limited");
    expect(answer.headers).toContain("retry-after:");
    expect(answer.headers).toContain("connection: close");
    await refused.ended;
    expect(refused.sent()).toBe(64 * 1024);

    const fine = await request(app, {
      method: "POST",
      url: "/api/products",
      cookie: other.cookie,
      ...(await productForm()),
    });
    expect(fine.statusCode).toBe(201);
  });

  it("a full queue refuses the next upload 503 before its body is read, and the connection closes", {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await listening();
    const holders = IMAGE_WORK.admitted / IMAGE_WORK.perAccount;
    for (let i = 0; i < holders; i++) {
      const user = await signUpAndLogIn(app, `Holder ${i}`);
      for (let j = 0; j < IMAGE_WORK.perAccount; j++)
        await slowUpload(port, user, `127.0.1.${10 * i + j}`, 100);
    }
    await vi.waitFor(() => expect(admitted()).toBe(IMAGE_WORK.admitted));

    const refused = await slowUpload(port, await signUpAndLogIn(app, "Late Farmer"), "127.0.2.1");
    const answer = await refused.answered;
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body).error.code).toBe("overloaded");
    expect(answer.headers).toContain("connection: close");
    await refused.ended;
    expect(refused.sent()).toBe(64 * 1024);
  });

  it("a stalled upload loses its place within the stall time: answered 408, and the next upload is admitted", {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await listening(400);
    const holders = IMAGE_WORK.admitted / IMAGE_WORK.perAccount;
    const stalled: PartialUpload[] = [];
    for (let i = 0; i < holders; i++) {
      const user = await signUpAndLogIn(app, `Stalled ${i}`);
      for (let j = 0; j < IMAGE_WORK.perAccount; j++)
        stalled.push(await slowUpload(port, user, `127.0.3.${10 * i + j}`));
    }
    const answers = await Promise.all(stalled.map((upload) => upload.answered));
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).error.code).toBe("upload_stalled");
    }
    await vi.waitFor(() => expect(admitted()).toBe(0));
    const next = await request(app, {
      method: "POST",
      url: "/api/products",
      cookie: (await signUpAndLogIn(app, "Patient Farmer")).cookie,
      ...(await productForm()),
    });
    expect(next.statusCode).toBe(201);
  });
});
