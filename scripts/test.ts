/**
 * `npm test`: every suite on one database — Vitest (server + client), then the Playwright journeys
 * against the built app (on PostgreSQL those about the server's behaviour; the @look and @browser ones run on SQLite
 * only, decisions 034 and 072).
 * SQLite by default; PostgreSQL when TEST_DATABASE_URL names one. Its last line is the totals over every suite:
 * `N passed, N failed`.
 *
 * The build the journeys run against is made while Vitest runs: it needs no test, and the tests leave the
 * processors idle part of the time (they wait on the database, on servers starting, on timers).
 * TEST_ONLY=vitest or TEST_ONLY=e2e runs one half (`.ci/run` runs the halves of its second database apart).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { createTestSchema } from "../src/server/test/test-db.ts";

const extraArgs = process.argv.slice(2);
const only = process.env.TEST_ONLY;
const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite";
// One folder a database and half, so that CI's runs keep each other's reports (.test-output/SQLite/vitest.json).
const outDir = path.resolve(".test-output", only ? `${database}-${only}` : database);
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
if (only !== undefined && only !== "vitest" && only !== "e2e") {
  console.error(`TEST_ONLY must be "vitest" or "e2e", not "${only}"`);
  process.exit(2);
}
const runVitest = only !== "e2e";
const runE2e = only !== "vitest";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

// REUSE_BUILD=1 (set by .ci/run for its second database) keeps the dist/ the first run built (the client and
// the compiled server the journeys run against): the build does not depend on the database.
const reuseBuild =
  process.env.REUSE_BUILD === "1" &&
  fs.existsSync("dist/client/index.html") &&
  fs.existsSync("dist/app/server/main.js");
const buildLog = `${outDir}/build.log`;
let build: Promise<number> = Promise.resolve(0);
if (runE2e && !reuseBuild) {
  // Its output is kept in a file and shown after Vitest's, so the two do not interleave.
  const log = fs.openSync(buildLog, "w");
  build = exitOf(spawn("npm", ["run", "--silent", "build"], { stdio: ["ignore", log, log] }));
}

let vitestExit = 0;
if (runVitest) {
  const projects = extraArgs.includes("--project")
    ? extraArgs[extraArgs.indexOf("--project") + 1]
    : "server + client";
  console.log(`\n=== Vitest (${projects}) on ${database} ===`);
  vitestExit = run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${outDir}/vitest.json`,
    ...extraArgs,
  ]);
}

let e2eExit = 0;
if (runE2e) {
  console.log(
    `\n=== ${reuseBuild ? "Reusing the built client and server" : "The build of the client and server"} for the end-to-end run ===`,
  );
  const buildExit = await build;
  if (fs.existsSync(buildLog)) process.stdout.write(fs.readFileSync(buildLog, "utf8"));

  console.log(`\n=== Playwright journeys in Chromium on ${database} ===`);
  e2eExit = 1;
  if (buildExit === 0) {
    let e2eDatabaseUrl: string;
    let drop = async () => {};
    if (process.env.TEST_DATABASE_URL) {
      // An empty schema of its own: the server migrates it as it starts, as a new shop's would.
      const database = await createTestSchema(process.env.TEST_DATABASE_URL);
      e2eDatabaseUrl = database.url;
      drop = database.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-e2e-"));
      e2eDatabaseUrl = `sqlite:${path.join(dir, "e2e.sqlite")}`;
      drop = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    try {
      // NOTE: the journeys tagged @look (axe, sizes, untranslated text) see the same screens whatever database
      // answers the API, and those tagged @browser check what the browser does with the pages (offline, motion,
      // the page before the app arrives), so they run on SQLite only (decisions 034 and 072).
      const onlyBehaviour = process.env.TEST_DATABASE_URL ? ["--grep-invert", "@look|@browser"] : [];
      e2eExit = run("npx", ["playwright", "test", "--reporter=list,json", ...onlyBehaviour], {
        E2E_DATABASE_URL: e2eDatabaseUrl,
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${outDir}/playwright.json`,
      });
    } finally {
      await drop();
    }
  } else {
    console.log("The build failed; the journeys did not run.");
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    startTime: number;
    endTime: number;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    ok: boolean;
    tests: { results: { duration: number; status?: string; error?: { message?: string } }[] }[];
  }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}
const vitest = readJson<VitestReport>(`${outDir}/vitest.json`);
const playwright = readJson<PlaywrightReport>(`${outDir}/playwright.json`);
const passed =
  (vitest?.numPassedTests ?? 0) + (playwright?.stats.expected ?? 0) + (playwright?.stats.flaky ?? 0);
let failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0);
// A suite that crashed before reporting counts as a failure, so the totals never hide it.
if (vitestExit !== 0 && (vitest?.numFailedTests ?? 0) === 0) failed += 1;
if (e2eExit !== 0 && (playwright?.stats.unexpected ?? 0) === 0) failed += 1;

printSlowestFiles(vitest, playwright);
printFailures(vitest, playwright);
console.log("");
if (runVitest) {
  console.log(
    `Vitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed (exit ${vitestExit})`,
  );
}
if (runE2e) {
  console.log(
    `Playwright: ${playwright?.stats.expected ?? 0} passed, ${playwright?.stats.unexpected ?? 0} failed (exit ${e2eExit})`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vitestExit !== 0 || e2eExit !== 0 ? 1 : 0);

/**
 * The ten test files that took longest: a Vitest file from its start to its end (its setup and tests), a
 * Playwright spec file as the sum of its journeys' times (they run side by side on the workers).
 */
function printSlowestFiles(vitestReport?: VitestReport, playwrightReport?: PlaywrightReport) {
  const times = new Map<string, number>();
  for (const file of vitestReport?.testResults ?? []) {
    times.set(path.relative(process.cwd(), file.name), file.endTime - file.startTime);
  }
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) times.set(file, (times.get(file) ?? 0) + result.duration);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, path.join("e2e", suite.file ?? "?"));
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (slowest.length === 0) return;
  console.log("\nThe 10 slowest test files:");
  for (const [file, ms] of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

/**
 * Each failed test, a line each with the first line of its error, printed just above the totals: CI's record
 * keeps only the end of the output, and a failure must be found there.
 */
function printFailures(vitestReport?: VitestReport, playwrightReport?: PlaywrightReport) {
  const lines: string[] = [];
  // NOTE: Vitest makes a timeout's error ahead of time with the stack "Error: STACK_TRACE_ERROR" and keeps
  // only that stack in its JSON report.
  const firstLine = (text?: string) =>
    stripVTControlCharacters(text ?? "")
      .trim()
      .split("\n")[0]
      ?.replace("Error: STACK_TRACE_ERROR", "timed out (the test or one of its hooks)")
      .slice(0, 200);
  for (const file of vitestReport?.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.message) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      lines.push(`${file} › ${spec.title}: ${firstLine(error?.message)}`);
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, path.join("e2e", suite.file ?? "?"));
  if (lines.length === 0) return;
  console.log("\nFailed:");
  for (const line of lines) console.log(`FAILED ${line}`);
}
