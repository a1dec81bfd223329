import net from "node:net";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { testConfig } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-db.ts";

/** A port of 127.0.0.1 nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// NOTE: built in this process, not by spawning `npm start`: compiling the whole server from source in a child
// took 5 s on a quiet machine and passed the test's 20 s at load 16–20. main.ts prints a start's error and
// exits 1 for every error buildApp throws, so the message below is what an operator reads.
describe("a Redis named but not answering", () => {
  it("stops a production start with a message naming REDIS_URL, without the URL's password", async () => {
    const database = await createTestDatabase();
    try {
      const port = await closedPort();
      const start = buildApp({
        config: testConfig({
          databaseUrl: database.url,
          production: true,
          redisUrl: `redis://:secret@127.0.0.1:${port}`,
        }),
        db: database.db,
      });
      const error: Error = await start.then(
        () => {
          throw new Error("the app was built");
        },
        (e: Error) => e,
      );
      expect(error.message).toContain(
        `Invalid configuration: REDIS_URL: Redis at 127.0.0.1:${port} does not answer`,
      );
      expect(error.message).not.toContain("secret");
    } finally {
      await database.dispose();
    }
  });

  it("lets a start outside production go on (only the requests needing Redis are refused)", async () => {
    const database = await createTestDatabase();
    try {
      const port = await closedPort();
      const app = await buildApp({
        config: testConfig({ databaseUrl: database.url, redisUrl: `redis://127.0.0.1:${port}` }),
        db: database.db,
      });
      await app.close();
    } finally {
      await database.dispose();
    }
  });
});
