import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:cluster` only: three built servers behind nginx on PostgreSQL, Redis and a local bucket
// (decision 033). The normal `npm test` projects leave scripts/cluster out.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
  test: {
    name: "cluster",
    include: ["scripts/cluster/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
