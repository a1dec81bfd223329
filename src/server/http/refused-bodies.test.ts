import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { sendWholeBodies } from "../test/whole-body-client.ts";

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe(`an oversized body (${testDialect})`, () => {
  it("is answered 413 to every client that sends it whole, never a reset", { timeout: 60_000 }, async () => {
    // NOTE: a reset came about once in twenty (more with bigger bodies); fifty 5 MB bodies in a row show it.
    const answers = await sendWholeBodies({
      port,
      head: `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${CSRF_HEADER}: 1\r\n`,
      bodyBytes: 5_000_000,
      times: 50,
    });
    const statuses = answers.map((a) => a.answer.slice(0, 12) || `nothing (${a.error})`);
    expect(statuses).toEqual(Array(50).fill("HTTP/1.1 413"));
    for (const { answer } of answers) expect(answer).toContain('"code":"payload_too_large"');
  });
});
