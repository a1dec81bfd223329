/**
 * A CPU profile of order placement under load, for the report's "what stands in the way": seeds a catalogue
 * (SQLite file, or a schema of its own in the PostgreSQL that BENCH_DATABASE_URL names), starts the built
 * server with `--cpu-prof`, places orders from 50 connections for a few seconds (bench/load.ts, as
 * `npm run bench` does), stops the server and prints the functions with the most self time.
 *
 *   npx tsx bench/profile-orders.ts [sqlite|postgres] [seconds] [port]
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { GENERATED_DOMAIN, seedGeneratedCatalogue } from "../src/server/demo/generated-catalogue.ts";
import { postgresDatabase, sqliteDatabase } from "./databases.ts";
import { JSON_HEADERS, orderableProductIds, orderBody, signIn } from "./shopper.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [kind = "sqlite", secondsText = "5", portText = "6300"] = process.argv.slice(2);
const port = Number(portText);
const base = `http://127.0.0.1:${port}`;
const database =
  kind === "postgres"
    ? await postgresDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test")
    : await sqliteDatabase();
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-profile-"));
let server: ChildProcess | undefined;
try {
  const url = await database.urlFor(1000);
  const db = createDb(url);
  await migrateToLatest(db);
  await seedGeneratedCatalogue(db, { products: 1000, force: true });
  const productIds = await orderableProductIds(db);
  await db.close();
  server = spawn(
    process.execPath,
    ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "dist/app/server/main.js"],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: url,
        NODE_ENV: "production",
        PUBLIC_ORIGIN: base,
        SEED_DEMO: "false",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000000000",
        ORDERS_PER_HOUR: "1000000000",
      },
      stdio: "ignore",
    },
  );
  for (let i = 0; ; i += 1) {
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      if (i > 100) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const email = `profile-shopper@${GENERATED_DOMAIN.replace("generated.", "")}`;
  const cookie = await signIn(base, email, "profile password 123");
  const body = orderBody(productIds);
  const out = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/load.ts",
      JSON.stringify({
        url: `${base}/api/orders`,
        method: "POST",
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify(body),
        uniqueIdempotencyKey: true,
        connections: 50,
        seconds: Number(secondsText),
        warmupSeconds: 1,
        expectStatus: 201,
      }),
    ],
    { cwd: root, encoding: "utf8" },
  );
  console.log(out.trim());
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  const [file] = fs.readdirSync(profileDir);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file!), "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
  };
  const self = new Map<number, number>();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url: where, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${where.replace(/^.*node_modules\//, "").replace(root, "")}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const total = profile.samples.length;
  console.log(`${total} samples; self time by function:`);
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
} finally {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await database.dispose();
  fs.rmSync(profileDir, { recursive: true, force: true });
}
