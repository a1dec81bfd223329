/**
 * `npm run test:cluster`: the cluster test (three built servers behind nginx, decision 033) on the PostgreSQL
 * TEST_DATABASE_URL names (the local one by default) and Redis TEST_REDIS_URL names. Needs `npm run build`
 * first. Its last line is its totals, `N passed, N failed`, as `npm test`'s is, for `.ci/run` to add up.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const outDir = path.resolve(".test-output", "cluster");
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const report = path.join(outDir, "vitest.json");
const started = Date.now();
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--config",
    "scripts/cluster/vitest.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
  },
);
const exit = result.status ?? 1;
let totals = { numPassedTests: 0, numFailedTests: 0 };
if (fs.existsSync(report)) totals = JSON.parse(fs.readFileSync(report, "utf8")) as typeof totals;
// NOTE: a run that failed before any test (a missing prerequisite, a crash) counts as one failure.
const failed = totals.numFailedTests + (exit !== 0 && totals.numFailedTests === 0 ? 1 : 0);
console.log(`Cluster test: ${Math.round((Date.now() - started) / 1000)} s (exit ${exit})`);
console.log(`${totals.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
