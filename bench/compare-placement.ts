/**
 * Order placement, two builds side by side: seeds one SQLite catalogue (1k products) per build, starts each
 * build's server (`node <dir>/dist/app/server/main.js`), then alternates loaded rounds between them (bench/load.ts,
 * 50 connections), reading each server's CPU time from /proc before and after its round, and prints per
 * round and as medians: placements a second, p99 and the server's CPU milliseconds per placement. On a
 * shared machine only such paired, alternated rounds compare two builds (decision 045).
 *
 *   npx tsx bench/compare-placement.ts <reference build dir> <candidate build dir> [rounds] [seconds] [port]
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { createDb } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { GENERATED_DOMAIN, seedGeneratedCatalogue } from "../src/server/demo/generated-catalogue.ts";
import type { LoadResult } from "./load.ts";
import { JSON_HEADERS, load, orderableProductIds, orderBody, signIn } from "./shopper.ts";

const [refDir, newDir, roundsText = "6", secondsText = "4", portText = "3850"] = process.argv.slice(2);
if (!refDir || !newDir)
  throw new Error("usage: compare-placement.ts <reference dir> <candidate dir> [rounds] [seconds] [port]");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-compare-"));
const ticks = 100; // USER_HZ

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

interface Server {
  name: string;
  file: string;
  child: ChildProcess;
  base: string;
  cookie: string;
  body: string;
}

async function start(name: string, dir: string, port: number): Promise<Server> {
  const url = `sqlite:${path.join(tmp, `${name}.db`)}`;
  const db = createDb(url);
  await migrateToLatest(db);
  await seedGeneratedCatalogue(db, { products: 1000, force: true });
  const productIds = await orderableProductIds(db);
  await db.close();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve(dir, "dist/app/server/main.js")], {
    cwd: path.resolve(dir),
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
    stdio: ["ignore", "ignore", fs.openSync(path.join(os.tmpdir(), `compare-placement-${name}.log`), "w")],
  });
  for (let i = 0; ; i += 1) {
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      if (i > 150) throw new Error(`${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const email = `compare-shopper@${GENERATED_DOMAIN.replace("generated.", "")}`;
  const cookie = await signIn(base, email, "compare password 123");
  return {
    name,
    file: path.join(tmp, `${name}.db`),
    child,
    base,
    cookie,
    body: JSON.stringify(orderBody(productIds)),
  };
}

/** Orders written so far: the denominator of CPU per placement (the replies 503 under pressure place none). */
function ordersIn(file: string): number {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from orders").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Refills the tracked stock of the products ordered, so that no round runs out (409) after the earlier ones. */
function refill(file: string): void {
  const db = new SQLite(file);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("update products set stock = 1000000 where stock is not null and stock > 10000").run();
  } finally {
    db.close();
  }
}

function round(server: Server, seconds: number) {
  refill(server.file);
  const ordersBefore = ordersIn(server.file);
  const before = cpuMs(server.child.pid!);
  const result = load<LoadResult>({
    url: `${server.base}/api/orders`,
    method: "POST",
    headers: { ...JSON_HEADERS, cookie: server.cookie },
    body: server.body,
    uniqueIdempotencyKey: true,
    connections: 50,
    seconds,
    warmupSeconds: 1,
    expectStatus: 201,
  });
  const cpu = cpuMs(server.child.pid!) - before;
  // NOTE: the CPU spans the warm-up too, and so does this count of the orders the round wrote.
  const placed = ordersIn(server.file) - ordersBefore;
  return {
    rps: result.requestsPerSecond,
    p99: result.p99Ms,
    cpuPer: cpu / placed,
    errors: result.errors,
    statuses: result.statusCodes,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const servers: Server[] = [];
try {
  servers.push(await start("reference", refDir, Number(portText)));
  servers.push(await start("candidate", newDir, Number(portText) + 1));
  const rows: Record<string, ReturnType<typeof round>[]> = { reference: [], candidate: [] };
  const rounds = Number(roundsText);
  for (let i = 0; i < rounds; i += 1) {
    // NOTE: alternated, the first of each pair swapping, so neither build always runs first.
    const order = i % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const r = round(server, Number(secondsText));
      rows[server.name]!.push(r);
      console.log(
        `round ${i + 1} ${server.name.padEnd(9)} ${r.rps.toFixed(0).padStart(5)} req/s  p99 ${r.p99.toFixed(0).padStart(4)} ms  CPU ${r.cpuPer.toFixed(2)} ms/placement  errors ${r.errors} ${r.errors ? JSON.stringify(r.statuses) : ""} (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
  for (const [name, rs] of Object.entries(rows)) {
    console.log(
      `median ${name.padEnd(9)} ${median(rs.map((r) => r.rps))
        .toFixed(0)
        .padStart(5)} req/s  p99 ${median(rs.map((r) => r.p99))
        .toFixed(0)
        .padStart(4)} ms  CPU ${median(rs.map((r) => r.cpuPer)).toFixed(2)} ms/placement`,
    );
  }
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(tmp, { recursive: true, force: true });
}
