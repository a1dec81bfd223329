/**
 * Lighthouse (mobile) on two builds side by side: `tsx bench/lighthouse-ab.ts <ref checkout> <pages> <runs>
 * <port>`. Both servers (the reference checkout's dist and this one's) share one SQLite database of 1k
 * generated products; the runs alternate between them so that both see the same moments of a shared
 * machine's load. Each run's full report goes to /tmp/lighthouse-ab; the summary names the largest paint's
 * element, its phases and the long tasks. With COLD_VISITS=n, also n cold visits to /dashboard on slow 3G
 * (bench/browser.ts) per build, alternating; pages "none" runs no Lighthouse.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { GENERATED_DOMAIN, seedGeneratedCatalogue } from "../src/server/demo/generated-catalogue.ts";
import { coldVisit } from "./browser.ts";
import { median } from "./report.ts";
import { signIn } from "./shopper.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [refRoot = "", pagesArg = "/dashboard,/shop", runsArg = "3", portArg = "3700"] = process.argv.slice(2);
const pages = pagesArg === "none" ? [] : pagesArg.split(",");
const coldVisits = Number(process.env.COLD_VISITS ?? 0);
const runs = Number(runsArg);
const port = Number(portArg);
const outDir = path.join(os.tmpdir(), "lighthouse-ab");
fs.mkdirSync(outDir, { recursive: true });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-ab-"));
const url = `sqlite:${path.join(dir, "bench.sqlite")}`;
const db = createDb(url);
await migrateToLatest(db);
await seedGeneratedCatalogue(db, { products: 1000, force: true });
await db.close();

function start(checkout: string, p: number): ChildProcess {
  return spawn(process.execPath, [path.join(checkout, "dist/app/server/main.js")], {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(p),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      NODE_ENV: "production",
      PUBLIC_ORIGIN: `http://127.0.0.1:${p}`,
      SEED_DEMO: "false",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000000",
    },
  });
}
async function waitFor(base: string) {
  for (let i = 0; i < 300; i += 1) {
    try {
      await fetch(`${base}/api/health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`no answer from ${base}`);
}

const builds = [
  { label: "before", checkout: refRoot, port },
  { label: "after", checkout: root, port: port + 10 },
].filter((b) => b.checkout);
const children = builds.map((b) => start(b.checkout, b.port));
const email = `bench-shopper@${GENERATED_DOMAIN.replace("generated.", "")}`;
const cookies: string[] = [];
try {
  for (const b of builds) {
    await waitFor(`http://127.0.0.1:${b.port}`);
    cookies.push(await signIn(`http://127.0.0.1:${b.port}`, email));
  }
  type Row = { perf: number; lcp: number; tbt: number; cls: number; fcp: number };
  const rows = new Map<string, Row[]>();
  for (let i = 0; i < runs; i += 1) {
    for (const page of pages) {
      for (const [k, b] of builds.entries()) {
        const file = path.join(outDir, `${b.label}${page.replaceAll("/", "-")}-${i}.json`);
        const flags = [
          `http://127.0.0.1:${b.port}${page}`,
          "--output=json",
          `--output-path=${file}`,
          "--quiet",
          "--form-factor=mobile",
          "--only-categories=performance",
          `--port=${b.port + 9}`,
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
          ...(page === "/login" ? [] : [`--extra-headers=${JSON.stringify({ Cookie: cookies[k] })}`]),
        ];
        try {
          execFileSync(path.join(root, "node_modules/.bin/lighthouse"), flags, {
            env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" },
            stdio: ["ignore", "ignore", "inherit"],
          });
        } catch (error) {
          console.error(`${b.label} ${page} run ${i} failed: ${String(error).slice(0, 300)}`);
          continue;
        }
        // biome-ignore lint/suspicious/noExplicitAny: Lighthouse's report, read loosely
        const lhr = JSON.parse(fs.readFileSync(file, "utf8")) as any;
        const a = lhr.audits;
        const row: Row = {
          perf: Math.round(lhr.categories.performance.score * 100),
          lcp: Math.round(a["largest-contentful-paint"].numericValue),
          tbt: Math.round(a["total-blocking-time"].numericValue),
          cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
          fcp: Math.round(a["first-contentful-paint"].numericValue),
        };
        const key = `${b.label} ${page}`;
        rows.set(key, [...(rows.get(key) ?? []), row]);
        const el = a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
        const phases = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items
          ?.map((p: { phase: string; timing: number }) => `${p.phase} ${Math.round(p.timing)}`)
          .join(", ");
        const tasks = (a["long-tasks"]?.details?.items ?? [])
          .map(
            (t: { url: string; startTime: number; duration: number }) =>
              `${path.basename(t.url)}@${Math.round(t.startTime)}+${Math.round(t.duration)}`,
          )
          .join(" ");
        console.log(
          `${key} #${i}: perf ${row.perf} LCP ${row.lcp} FCP ${row.fcp} TBT ${row.tbt} CLS ${row.cls}\n  LCP element ${el?.selector} ${String(el?.snippet).slice(0, 160)}\n  phases: ${phases}\n  long tasks: ${tasks}`,
        );
      }
    }
  }
  for (let i = 0; i < coldVisits; i += 1) {
    for (const [k, b] of builds.entries()) {
      const visit = await coldVisit(`http://127.0.0.1:${b.port}`, "/dashboard", cookies[k] as string, 1);
      if (!visit) continue;
      const row = { perf: 0, lcp: visit.gridMs, tbt: visit.tapMs, cls: 0, fcp: visit.kilobytes };
      rows.set(`${b.label} cold`, [...(rows.get(`${b.label} cold`) ?? []), row]);
      console.log(
        `${b.label} cold visit #${i}: grid ${visit.gridMs} ms, tap worked ${visit.tapMs} ms, ${visit.kilobytes} KB`,
      );
    }
  }
  console.log("\nmedians (cold: LCP is the grid shown, TBT the tap worked, FCP the kilobytes):");
  for (const [key, rs] of rows) {
    const m = (k: keyof Row) => median(rs.map((r) => r[k]));
    console.log(
      `${key.padEnd(20)} perf ${m("perf")} LCP ${m("lcp")} ms FCP ${m("fcp")} ms TBT ${m("tbt")} ms CLS ${m("cls")}  (runs: ${rs.map((r) => `${r.perf}/${r.lcp}/${r.tbt}`).join(" ")})`,
    );
  }
} finally {
  for (const c of children) c.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
