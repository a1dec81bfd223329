/**
 * A real server process on the database DATABASE_URL names (already migrated), listening on a free port of
 * 127.0.0.1; it prints `{"port":N}` once it listens and closes on SIGTERM as main.ts does (http/shutdown.ts).
 * Tests start several on one database. LOG_LEVEL, SHUTDOWN_GRACE_MS and SHUTDOWN_DRAIN_MS are read as main.ts
 * reads them.
 */
import { buildApp } from "../app.ts";
import { createDb } from "../db/database.ts";
import { closeOnSignals } from "../http/shutdown.ts";
import { testConfig } from "./test-app.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const base = testConfig({ databaseUrl, logLevel: process.env.LOG_LEVEL ?? "silent" });
const config = {
  ...base,
  limits: {
    ...base.limits,
    shutdownGraceMs: Number(process.env.SHUTDOWN_GRACE_MS ?? base.limits.shutdownGraceMs),
    shutdownDrainMs: Number(process.env.SHUTDOWN_DRAIN_MS ?? base.limits.shutdownDrainMs),
  },
};
const db = createDb(databaseUrl);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`,
);
closeOnSignals(app, { drainMs: config.limits.shutdownDrainMs, graceMs: config.limits.shutdownGraceMs }, () =>
  db.close(),
);
