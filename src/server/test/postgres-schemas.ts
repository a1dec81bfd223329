/**
 * Global setup of the server tests on PostgreSQL: names this run's schemas after a prefix of its own, and drops
 * them all once every test file has finished (test-db.ts says why not one by one). On SQLite it does nothing.
 */
import { randomBytes } from "node:crypto";
import { dropPostgresSchemas, RUN_SCHEMA_PREFIX_ENV } from "./test-db.ts";

export default function setup(): (() => Promise<void>) | undefined {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const prefix = `test_${randomBytes(4).toString("hex")}_`;
  // NOTE: the test files run in processes started after this, which inherit the environment.
  process.env[RUN_SCHEMA_PREFIX_ENV] = prefix;
  return async () => {
    await dropPostgresSchemas(baseUrl, prefix);
  };
}
