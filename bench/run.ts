/**
 * `npm run bench`: the performance report. Builds the app, then for SQLite (and PostgreSQL when
 * BENCH_DATABASE_URL names one; the bench works in a schema of its own there, dropped afterwards) and for
 * each catalogue size (1k, 10k, 100k generated products) it starts the production server as a process of its
 * own, loads it with autocannon from another process (bench/load.ts), and measures the same way three bare
 * reference servers (bench/reference-server.ts) in the same run. Every figure is also given as a ratio to its
 * reference, since on a shared machine only ratios measured side by side mean anything. In a browser
 * (bench/browser.ts, on SQLite at the first size): Lighthouse (mobile) scores /login, /dashboard and /shop,
 * three runs each, and a cold visit to /dashboard on slow 3G is timed until a tap on Add to Cart has worked,
 * three times. Writes docs/benchmarks.md and docs/benchmarks.svg.
 *
 * Each catalogue size has a database of its own. After the loaded measurements, the servers of every size run
 * together and each catalogue read is timed one request at a time on all of them in turn, so that the 1k →
 * 100k comparison is made side by side, at the same moments of this shared machine's load.
 *
 *   npm run bench [-- --sizes 1000,10000,100000 --seconds 3 --connections 50 --no-build --no-lighthouse
 *     --no-cold-visit --port 4700 --ref-port 4751]
 *   npm run bench -- --measures 401,me,first --keep docs/benchmarks.json   (those measures again, the rest kept)
 *   npm run bench -- --from docs/benchmarks.json   (rewrites the report from the last run's measurements)
 *   npm run bench -- --measures order --keep docs/benchmarks.json   (measures order placement again, each
 *     next to its references, and keeps every other figure of the earlier run)
 *   npm run bench -- --measures lighthouse,cold --sizes 1000 --databases sqlite --keep docs/benchmarks.json
 *     (only the browser measures again: no load, no reference server)
 *
 * Ports: the app on --port (or BENCH_PORT, default 4700), the servers of each size side by side on the next
 * three, Lighthouse's Chrome on --port + 9, the reference servers on --port + 51 to + 53 or from --ref-port
 * (only started when a loaded measure runs).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDb, type Db } from "../src/server/db/database.ts";
import { encodeCursor } from "../src/server/db/keyset.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { GENERATED_DOMAIN, seedGeneratedCatalogue } from "../src/server/demo/generated-catalogue.ts";
import { PRODUCT_KEYSETS } from "../src/server/products/products.repository.ts";
import { CSRF_HEADER } from "../src/shared/constants.ts";
import { coldVisit, hydrationProfile, lighthouse, scriptUntilIdle } from "./browser.ts";
import { type BenchDatabase, postgresDatabase, sqliteDatabase } from "./databases.ts";
import type { LoadResult, LoadSpec } from "./load.ts";
import {
  COLD_VISIT_PAGES,
  chartSvg,
  coldVisitsOf,
  LIGHTHOUSE_PAGES,
  type Reference,
  type Report,
  type Run,
  reportMarkdown,
  type Sample,
} from "./report.ts";
import { BENCH_PASSWORD, load, orderableProductIds, orderBody, signIn } from "./shopper.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    /** Skips the cold visit on slow 3G (bench/browser.ts). */
    "no-cold-visit": { type: "boolean", default: false },
    /** The app's port; the others are counted from it (see the top of this file). */
    port: { type: "string" },
    /** The first of the three reference servers' ports (default: the app's + 51). */
    "ref-port": { type: "string" },
    out: { type: "string", default: "docs/benchmarks" },
    /** Rewrites the report from the measurements of an earlier run (its .json) without measuring. */
    from: { type: "string" },
    /** Which databases to measure: sqlite, postgres (when BENCH_DATABASE_URL is set), or both. */
    databases: { type: "string", default: "sqlite,postgres" },
    /**
     * An earlier run's .json whose other databases, Lighthouse scores and bundle size this run keeps, e.g.
     * to measure PostgreSQL again next to an earlier SQLite run.
     */
    keep: { type: "string" },
    /**
     * Only these measures (ids, comma-separated; default all; "lighthouse" and "cold" name the browser
     * measures). With --keep, each database and size keeps its other measures from the earlier run.
     */
    measures: { type: "string" },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
/**
 * Ports of this bench (4700–4799, or BENCH_PORT and the 99 above it, so that two benches on one machine do not
 * meet): the app on APP_PORT, the reference servers above it.
 */
const APP_PORT = Number(args.port ?? process.env.BENCH_PORT ?? 4700);
const CHROME_PORT = APP_PORT + 9;
const FIRST_REF_PORT = Number(args["ref-port"] ?? APP_PORT + 51);
const REF_PORT = { hello: FIRST_REF_PORT, read24: FIRST_REF_PORT + 1, insert: FIRST_REF_PORT + 2 } as const;
const WANTED_MEASURES = args.measures ? new Set(args.measures.split(",")) : undefined;
const isWanted = (m: { id: string }) => WANTED_MEASURES === undefined || WANTED_MEASURES.has(m.id);
/** The measures taken in a browser rather than under load (bench/browser.ts). */
const BROWSER_MEASURES = ["lighthouse", "cold"];
const WANT_LIGHTHOUSE = !args["no-lighthouse"] && isWanted({ id: "lighthouse" });
const WANT_COLD_VISIT = !args["no-cold-visit"] && isWanted({ id: "cold" });

interface Measure {
  id: string;
  label: string;
  reference: Reference;
  /** A catalogue read: its p99 must hold from 1k to 100k. */
  catalogueRead?: boolean;
  method?: "GET" | "POST";
  path: (ctx: Fixtures) => string;
  body?: (ctx: Fixtures) => unknown;
  signedIn: boolean;
  expectStatus: number;
  uniqueIdempotencyKey?: boolean;
  /** Fewer connections than the rest: argon2 answers slowly, and 50 queued hashes would outlast a run. */
  connections?: number;
}

interface Fixtures {
  productId: string;
  productIds: string[];
  imagePath: string;
  deepCursor: string;
  email: string;
}

const ALL_MEASURES: Measure[] = [
  {
    id: "401",
    label: "products, signed out (401)",
    reference: "hello",
    path: () => "/api/products?limit=24",
    signedIn: false,
    expectStatus: 401,
  },
  {
    id: "me",
    label: "GET /api/auth/me",
    reference: "hello",
    path: () => "/api/auth/me",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "first",
    label: "first page (newest, 24)",
    reference: "read24",
    catalogueRead: true,
    path: () => "/api/products?limit=24",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "deep",
    label: "deep keyset page (80 % in)",
    reference: "read24",
    catalogueRead: true,
    path: (f) => `/api/products?limit=24&cursor=${f.deepCursor}`,
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "category",
    label: "category filter (dairy)",
    reference: "read24",
    catalogueRead: true,
    path: () => "/api/products?limit=24&category=dairy",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "price-asc",
    label: "sort price ascending",
    reference: "read24",
    catalogueRead: true,
    path: () => "/api/products?limit=24&sort=price-asc",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "price-desc",
    label: "sort price descending",
    reference: "read24",
    catalogueRead: true,
    path: () => "/api/products?limit=24&sort=price-desc",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "search",
    label: "name search (q=tomato)",
    reference: "read24",
    catalogueRead: true,
    path: () => "/api/products?limit=24&q=tomato",
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "product",
    label: "one product",
    reference: "read24",
    catalogueRead: true,
    path: (f) => `/api/products/${f.productId}`,
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "picture",
    label: "a picture (640 px)",
    reference: "hello",
    path: (f) => f.imagePath,
    signedIn: true,
    expectStatus: 200,
  },
  {
    id: "signin",
    label: "sign-in (argon2id)",
    reference: "hello",
    method: "POST",
    path: () => "/api/auth/login",
    body: (f) => ({ email: f.email, password: BENCH_PASSWORD }),
    signedIn: false,
    expectStatus: 200,
    connections: 4,
  },
  {
    id: "order",
    label: "order placement (3 lines)",
    reference: "insert",
    method: "POST",
    path: () => "/api/orders",
    body: (f) => orderBody(f.productIds.slice(0, 3)),
    signedIn: true,
    expectStatus: 201,
    uniqueIdempotencyKey: true,
  },
];

const MEASURES = args.measures
  ? ALL_MEASURES.filter((m) => args.measures?.split(",").includes(m.id))
  : ALL_MEASURES;
const unknownMeasures = [...(WANTED_MEASURES ?? [])].filter(
  (id) => !BROWSER_MEASURES.includes(id) && !ALL_MEASURES.some((m) => m.id === id),
);
if (unknownMeasures.length)
  throw new Error(
    `unknown measures ${unknownMeasures.join(", ")}: ${[...ALL_MEASURES.map((m) => m.id), ...BROWSER_MEASURES].join(", ")}`,
  );

// ---------------------------------------------------------------------------------------------------------
// Processes

function startProcess(command: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  child.on("exit", (code) => {
    if (code && code !== 0) console.error(`${command.join(" ")} exited ${code}: ${stderr}`);
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited before answering ${url}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`no answer from ${url}`);
}

/** How long a stopped server may take to close before it is killed (its own grace is 8 s). */
const STOP_TIMEOUT_MS = 30_000;

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  // NOTE: a run must end even when a server does not close (it would hang the bench): killed, and said so.
  const timer = setTimeout(() => {
    console.error(
      `${child.spawnargs.join(" ")} did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM: killed`,
    );
    child.kill("SIGKILL");
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** The built server, as `npm start` runs it (scripts/start.mjs); `npm run build` writes it. */
function serverCommand(): string[] {
  const built = path.join(root, "dist/app/server/main.js");
  if (!fs.existsSync(built))
    throw new Error(`${built} is missing: run \`npm run build\` (or drop --no-build)`);
  return [process.execPath, built];
}

async function measure(
  child: ChildProcess,
  base: string,
  spec: Omit<LoadSpec, "url" | "connections" | "seconds" | "warmupSeconds" | "sequential" | "alongside"> & {
    path: string;
    connections?: number;
  },
): Promise<Sample> {
  const { path: urlPath, connections, ...rest } = spec;
  const result = load({
    ...rest,
    url: base + urlPath,
    connections: connections ?? CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 1,
  });
  return { ...result, rssMb: rssMb(child.pid) };
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures (the databases themselves: databases.ts)

async function fixtures(db: Db, size: number, email: string): Promise<Fixtures> {
  const products = await db.kysely
    .selectFrom("products")
    .select(["id", "image_id", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(Math.floor(size * 0.8))
    .limit(10)
    .execute();
  const deep = products[0]!;

  return {
    productId: deep.id,
    productIds: await orderableProductIds(db),
    imagePath: `/api/images/${deep.image_id}?w=640`,
    deepCursor: encodeCursor(PRODUCT_KEYSETS.newest, { key: deep.created_at, id: deep.id }),
    email,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The run

/** The three reference servers, started once per catalogue size and loaded next to each measurement. */
async function startReferences(databaseUrl: string): Promise<Record<Reference, ChildProcess>> {
  const children = {} as Record<Reference, ChildProcess>;
  for (const reference of Object.keys(REF_PORT) as Reference[]) {
    const port = REF_PORT[reference];
    children[reference] = startProcess(
      [
        process.execPath,
        "--import",
        "tsx",
        "bench/reference-server.ts",
        reference,
        String(port),
        databaseUrl,
      ],
      {},
    );
  }
  for (const reference of Object.keys(REF_PORT) as Reference[]) {
    await waitFor(`http://127.0.0.1:${REF_PORT[reference]}/hello`, children[reference]);
  }
  return children;
}

function measureReference(children: Record<Reference, ChildProcess>, reference: Reference): Promise<Sample> {
  return measure(children[reference], `http://127.0.0.1:${REF_PORT[reference]}`, {
    path: { hello: "/hello", read24: "/read", insert: "/insert" }[reference],
    method: reference === "insert" ? "POST" : "GET",
    expectStatus: reference === "insert" ? 201 : 200,
  });
}

/** The JavaScript /login loads, Brotli, as the build's budget check measures it (scripts/bundle-budget.ts). */
function firstScreenKilobytes(): number | undefined {
  let out: string;
  try {
    out = execFileSync(process.execPath, ["--import", "tsx", "scripts/bundle-budget.ts"], {
      cwd: root,
      encoding: "utf8",
    });
  } catch (error) {
    // NOTE: over budget it exits 1, having printed the size all the same.
    out = String((error as { stdout?: string }).stdout ?? "");
  }
  const kb = /first screen ([\d.]+) KB/.exec(out)?.[1];
  return kb === undefined ? undefined : Number(kb);
}

const TEST_SUITE_HEADING = "## Test suite";
/** bench/cluster.ts's section (not imported: that module runs its bench when loaded). */
const CLUSTER_HEADING = "## Several servers behind nginx";

/** docs/benchmarks.md, its chart, and the measurements themselves (.json) for `--from`. */
function writeReport(report: Report): void {
  const out = path.resolve(root, args.out);
  fs.writeFileSync(`${out}.json`, `${JSON.stringify(report, null, 1)}\n`);
  fs.writeFileSync(`${out}.svg`, chartSvg(report));
  // NOTE: the sections at the end are written by other means, kept as they are: the several-servers run
  // (`npm run bench:cluster`), and the "Test suite" section, measured by hand (`.ci/run`, `npm test`).
  const previous = fs.existsSync(`${out}.md`) ? fs.readFileSync(`${out}.md`, "utf8") : "";
  const kept = [CLUSTER_HEADING, TEST_SUITE_HEADING]
    .map((heading) => previous.indexOf(heading))
    .filter((at) => at !== -1);
  const testSuite = kept.length > 0 ? previous.slice(Math.min(...kept)) : "";
  fs.writeFileSync(
    `${out}.md`,
    reportMarkdown(report, path.basename(`${out}.svg`)) + (testSuite ? `\n${testSuite}` : ""),
  );
  // NOTE: formatted as `npm run lint` wants the repository's files (tables padded); best effort.
  try {
    execFileSync(
      path.join(root, "node_modules/.bin/biome"),
      ["format", "--write", `${out}.json`, `${out}.md`],
      {
        cwd: root,
        stdio: "ignore",
      },
    );
  } catch {
    console.error(`could not format ${args.out}.json and .md with biome`);
  }
}

/** The production server's environment on one database and port. */
function appEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    SEED_DEMO: "false",
    // NOTE: sign-in and placement are measured under load, so their limits must not answer 429s.
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000000",
    ORDERS_PER_HOUR: "1000000000",
  };
}

interface SizedDatabase {
  size: number;
  url: string;
  fixtures: Fixtures;
  run: Run;
}

/**
 * The servers of every catalogue size at once (ports above APP_PORT), each catalogue read timed one request
 * at a time on all of them in turn (bench/load.ts, `alongside`); each size's result becomes its run's `solo`.
 */
async function catalogueReadsSideBySide(label: string, sized: SizedDatabase[], email: string): Promise<void> {
  const apps = sized.map((s, i) => {
    const port = APP_PORT + 1 + i;
    return {
      ...s,
      base: `http://127.0.0.1:${port}`,
      child: startProcess(serverCommand(), appEnv(s.url, port)),
    };
  });
  try {
    const headers: Record<string, string>[] = [];
    for (const app of apps) {
      await waitFor(`${app.base}/api/health`, app.child);
      headers.push({ [CSRF_HEADER]: "1", cookie: await signIn(app.base, email) });
    }
    console.log(
      `${label}, catalogue reads one at a time, ${apps.map((a) => a.size).join(", ")} side by side`,
    );
    for (const m of MEASURES.filter((measure) => measure.catalogueRead && isWanted(measure))) {
      const [first, ...rest] = apps.map((app, i) => ({
        url: app.base + m.path(app.fixtures),
        headers: headers[i],
      }));
      const results = load<LoadResult[]>({
        url: first!.url,
        headers: first!.headers,
        alongside: rest,
        sequential: true,
        connections: 1,
        // NOTE: the same number of requests per size as a read measured alone for SECONDS would get.
        seconds: SECONDS * apps.length,
        warmupSeconds: 1,
        expectStatus: m.expectStatus,
      });
      apps.forEach((app, i) => {
        const pair = app.run.samples[m.id];
        if (pair && results[i]) pair.solo = { ...results[i], rssMb: rssMb(app.child.pid) };
      });
      console.log(
        `  ${m.label.padEnd(30)} p99 ${results.map((r, i) => `${r.p99Ms} ms at ${apps[i]!.size}`).join(", ")}`,
      );
    }
  } finally {
    for (const app of apps) await stop(app.child);
  }
}

async function main() {
  if (args.from) {
    writeReport(JSON.parse(fs.readFileSync(path.resolve(root, args.from), "utf8")) as Report);
    console.log(`Rewrote ${args.out}.md and ${args.out}.svg from ${args.from}.`);
    return;
  }
  const started = Date.now();
  const loadAtStart = os.loadavg();
  if (!args["no-build"]) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  const firstScreenKb = firstScreenKilobytes();
  const wanted = new Set(args.databases.split(","));
  const databases: BenchDatabase[] = [];
  if (wanted.has("sqlite")) databases.push(await sqliteDatabase());
  if (wanted.has("postgres") && process.env.BENCH_DATABASE_URL) {
    databases.push(await postgresDatabase(process.env.BENCH_DATABASE_URL));
  }

  const report: Report = {
    date: new Date().toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(" ")}`,
    seconds: SECONDS,
    connections: CONNECTIONS,
    server: path.relative(root, serverCommand()[1] ?? ""),
    measures: MEASURES.map(({ id, label, reference, catalogueRead }) => ({
      id,
      label,
      reference,
      catalogueRead,
    })),
    runs: [],
    lighthouse: [],
    coldVisits: [],
    firstScreenKb,
  };

  const email = `bench-shopper@${GENERATED_DOMAIN.replace("generated.", "")}`;
  for (const database of databases) {
    try {
      const sized: SizedDatabase[] = [];
      for (const size of SIZES) {
        const url = await database.urlFor(size);
        const db = createDb(url);
        let f: Fixtures;
        try {
          await migrateToLatest(db);
          const seed = await seedGeneratedCatalogue(db, { products: size, force: true });
          console.log(`${database.label}, ${size} products (seeded ${seed.added} in ${seed.ms} ms)`);
          f = await fixtures(db, size, email);
        } finally {
          await db.close();
        }
        const run: Run = { database: database.label, size, samples: {} };
        sized.push({ size, url, fixtures: f, run });
        // NOTE: the browser measures alone need no reference server.
        const loaded = MEASURES.some(isWanted);
        const refServers = loaded ? await startReferences(url) : undefined;
        const app = startProcess(serverCommand(), appEnv(url, APP_PORT));
        const samples = run.samples;
        try {
          const base = `http://127.0.0.1:${APP_PORT}`;
          await waitFor(`${base}/api/health`, app);
          const cookie = await signIn(base, email);
          for (const m of MEASURES.filter(isWanted)) {
            const headers: Record<string, string> = { [CSRF_HEADER]: "1" };
            if (m.signedIn) headers.cookie = cookie;
            if (m.body) headers["content-type"] = "application/json";
            // NOTE: each measurement is paired with its references measured just before it, so that the
            // ratios compare moments of similar load on this shared machine.
            const hello = await measureReference(refServers!, "hello");
            const ref = m.reference === "hello" ? hello : await measureReference(refServers!, m.reference);
            const s = await measure(app, base, {
              path: m.path(f),
              method: m.method ?? "GET",
              headers,
              body: m.body ? JSON.stringify(m.body(f)) : undefined,
              expectStatus: m.expectStatus,
              uniqueIdempotencyKey: m.uniqueIdempotencyKey,
              connections: m.connections,
            });
            samples[m.id] = { app: s, hello, ref };
            console.log(
              `  ${m.label.padEnd(30)} ${s.requestsPerSecond.toFixed(0).padStart(6)} req/s  ×${(s.requestsPerSecond / hello.requestsPerSecond).toFixed(2)} hello  ×${(s.requestsPerSecond / ref.requestsPerSecond).toFixed(2)} ${m.reference}  p99 ${s.p99Ms} ms (${m.reference} ${ref.p99Ms} ms)${s.errors ? `  ${s.errors} errors ${JSON.stringify(s.statusCodes)}` : ""}`,
            );
          }
          const firstSqlite = database.label === "SQLite" && size === SIZES[0];
          if (WANT_LIGHTHOUSE && firstSqlite) {
            for (const page of LIGHTHOUSE_PAGES) {
              // NOTE: a product's page is the product the catalogue reads measure, reported by its route.
              const url = page.replace(":id", f.productId);
              const result = lighthouse(base, url, CHROME_PORT, page === "/login" ? undefined : cookie);
              if (result) report.lighthouse.push({ ...result, page });
            }
            console.log(`  Lighthouse: ${JSON.stringify(report.lighthouse.map(({ runs, ...l }) => l))}`);
          }
          if (WANT_COLD_VISIT && firstSqlite) {
            for (const page of COLD_VISIT_PAGES) {
              const visit = await coldVisit(base, page, cookie);
              if (visit) report.coldVisits.push(visit);
              console.log(
                `  Cold visit to ${page} on slow 3G: ${JSON.stringify(visit && { ...visit, runs: undefined })}`,
              );
            }
            report.hydration = await hydrationProfile(base, "/dashboard", cookie);
            console.log(
              `  Hydration of /dashboard: ${JSON.stringify(report.hydration && { ...report.hydration, runs: undefined })}`,
            );
            report.loginIdle = await scriptUntilIdle(base, "/login");
            console.log(`  /login's script until idle: ${JSON.stringify(report.loginIdle)}`);
          }
        } finally {
          await stop(app);
          for (const child of Object.values(refServers ?? {})) await stop(child);
        }
        // NOTE: a run of the browser measures alone has no loaded sample to show.
        if (Object.keys(run.samples).length > 0) report.runs.push(run);
      }
      if (MEASURES.some((m) => m.catalogueRead && isWanted(m))) {
        await catalogueReadsSideBySide(database.label, sized, email);
      }
    } finally {
      await database.dispose();
    }
  }
  if (args.keep) {
    const kept = JSON.parse(fs.readFileSync(path.resolve(root, args.keep), "utf8")) as Report;
    const measured = new Set(report.runs.map((r) => r.database));
    if (args.measures) {
      // NOTE: the measures run now replace theirs in each database and size; the earlier run's others stay.
      const fresh = report.runs;
      const same = (a: Run, b: Run) => a.database === b.database && a.size === b.size;
      report.runs = [
        ...kept.runs.map((old) => {
          const run = fresh.find((r) => same(r, old));
          return run ? { ...old, samples: { ...old.samples, ...run.samples } } : old;
        }),
        ...fresh.filter((r) => !kept.runs.some((old) => same(r, old))),
      ];
      report.measures = kept.measures;
    } else {
      report.runs = [...kept.runs.filter((r) => !measured.has(r.database)), ...report.runs];
    }
    // NOTE: a page Lighthouse did not score now (not run, or failed) keeps its earlier figures.
    report.lighthouse = [
      ...kept.lighthouse.filter((old) => !report.lighthouse.some((l) => l.page === old.page)),
      ...report.lighthouse,
    ].sort((a, b) => LIGHTHOUSE_PAGES.indexOf(a.page) - LIGHTHOUSE_PAGES.indexOf(b.page));
    if (report.coldVisits.length === 0) report.coldVisits = coldVisitsOf(kept);
    report.hydration ??= kept.hydration;
    report.loginIdle ??= kept.loginIdle;
    report.command += args.measures
      ? ` (every other measure kept from the run of ${kept.date.slice(0, 16).replace("T", " ")} UTC)`
      : ` (${[...new Set(kept.runs.map((r) => r.database))].filter((d) => !measured.has(d)).join(", ")} kept from the run of ${kept.date.slice(0, 16).replace("T", " ")} UTC)`;
  }
  report.minutes = (Date.now() - started) / 60_000;
  writeReport(report);
  console.log(`\nWrote ${args.out}.md and ${args.out}.svg in ${report.minutes.toFixed(1)} min.`);
}

await main();
