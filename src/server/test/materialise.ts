/**
 * One pass of the standing orders' timer (issue 35) in a process of its own, on the database DATABASE_URL
 * names (already migrated), at the real clock's time; it prints `{"done":true}` and exits. The race test
 * starts several at once on one PostgreSQL, as several servers' timers would run.
 */
import { buildApp } from "../app.ts";
import { createDb } from "../db/database.ts";
import { runStandingOrders } from "../standing-orders/index.ts";
import { testConfig } from "./test-app.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const db = createDb(databaseUrl);
const app = await buildApp({ config: testConfig({ databaseUrl, logLevel: "silent" }), db });
await runStandingOrders(app.makeContext());
await app.close();
await db.close();
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
