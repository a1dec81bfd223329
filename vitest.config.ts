import path from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take longest (the fuzzing, the copy of the project in a fourth language, the seeds, the
 * server processes), longest first. Vitest runs files it has no timings for smallest first, and a clean clone
 * (every CI run) has none: the fuzz files, three lines each, started last and ran alone at the end of the
 * PostgreSQL run, each core idle in turn (decision 076).
 */
const LONGEST_FIRST = [
  "scripts/fourth-language.test.ts",
  "src/server/http/fuzz-1.test.ts",
  "src/server/http/fuzz-2.test.ts",
  "src/server/http/fuzz-3.test.ts",
  "src/server/demo/generated-catalogue.test.ts",
  "src/server/http/shutdown.test.ts",
  "src/server/demo/demo.test.ts",
  "src/client/app/farmer-page.test.tsx",
  "src/client/features/orders/checkout-page.test.tsx",
  "src/server/products/products.test.ts",
  "src/server/standing-orders/standing-orders.test.ts",
  "src/server/orders/stock.test.ts",
  "src/server/slots/slots-race.test.ts",
  "src/server/standing-orders/standing-orders-race.test.ts",
  "src/server/http/fuzz-4.test.ts",
];

/** Vitest's own order (by the last run's timings, else largest first), with the files above ahead of it. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(import.meta.dirname, file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // NOTE: four files at a time on a 2-core machine. The files wait more than they compute (PostgreSQL
    // flushing every commit to disk, servers started and stopped, timers in the limit and shutdown tests):
    // four finish in about 60–70 % of the time two take (PostgreSQL 145 → 100 s, SQLite 131 → 81 s).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          // NOTE: the cluster test runs built servers behind nginx: `npm run test:cluster` only (decision 033).
          exclude: [...configDefaults.exclude, "scripts/cluster/**"],
          environment: "node",
          pool: "forks",
          // NOTE: a worker keeps the modules it has imported from one test file to the next instead of importing
          // the whole server again for each file. Every file builds its own app and database, so no state is
          // shared through modules that matters (decision 019).
          isolate: false,
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()],
        test: {
          name: "client",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // NOTE: each file still gets its own window and modules, in a VM context of a reused worker instead of
          // a new process: half the processor time of the client's files (decision 042).
          pool: "vmThreads",
          setupFiles: ["src/client/test/setup.ts"],
          // NOTE: screens load their code lazily and tests type into whole forms; on a loaded 2-core machine
          // that passed 5 s (the default) now and then, as the server tests' budget already allows.
          testTimeout: 20_000,
          // NOTE: a file's `beforeAll` loads the screens it renders (loadScreens), their code transformed on first
          // use; like the tests' own budget, this bound only catches a stuck hook (the default 10 s was passed on
          // a loaded machine while the code was still being transformed).
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
