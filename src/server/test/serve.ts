/**
 * A real server process on the database DATABASE_URL names (already migrated), listening on a free port of
 * 127.0.0.1; it prints `{"port":N}` once it listens and stops on SIGTERM. Tests start several on one database.
 */
import { buildApp } from "../app.ts";
import { createDb } from "../db/database.ts";
import { testConfig } from "./test-app.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const db = createDb(databaseUrl);
const app = await buildApp({ config: testConfig({ databaseUrl }), db });
app.addHook("onClose", () => db.close());
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`,
);
process.once("SIGTERM", () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
