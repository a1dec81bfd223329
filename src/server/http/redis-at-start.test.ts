import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../main.ts");

/** A port of 127.0.0.1 nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the server as `npm start` would, with `env`; answers its exit code and what it wrote. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

describe("a Redis named but not answering", () => {
  it("stops a production server at start with a message naming REDIS_URL (exit 1)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-redis-start-"));
    try {
      const port = await closedPort();
      const { code, output } = await runServer({
        NODE_ENV: "production",
        PUBLIC_ORIGIN: "https://shop.example.com",
        DATABASE_URL: `sqlite:${path.join(dir, "shop.sqlite")}`,
        REDIS_URL: `redis://:secret@127.0.0.1:${port}`,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "silent",
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `Invalid configuration: REDIS_URL: Redis at 127.0.0.1:${port} does not answer`,
      );
      expect(output).not.toContain("secret");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
