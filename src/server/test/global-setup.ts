/**
 * Global setup of the server tests: migrates one template for the whole run, which every test database is then
 * copied from (test-db.ts), instead of migrating once per test file. SQLite: a file in a temporary folder.
 * PostgreSQL: a schema of the run's own and the script that copies it (template-schema.ts). Everything the
 * run made goes when it ends.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { writeTemplateScript } from "./template-schema.ts";
import {
  createSchemaPool,
  dropTestSchemas,
  newRunPrefix,
  RUN_PREFIX_ENV,
  TEMPLATE_ENV,
  vacuumCatalogs,
} from "./test-db.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-template-"));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  // NOTE: the test files run in processes started after this, which inherit the environment.
  if (!baseUrl) {
    const file = path.join(dir, "template.sqlite");
    const db = createDb(`sqlite:${file}`);
    await migrateToLatest(db);
    // NOTE: closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
    await db.close();
    if (fs.existsSync(`${file}-wal`)) throw new Error(`${file}-wal is still there after closing`);
    process.env[TEMPLATE_ENV] = file;
    return removeDir;
  }

  const prefix = newRunPrefix();
  process.env[RUN_PREFIX_ENV] = prefix;
  const dropAll = async () => {
    await dropTestSchemas(baseUrl, prefix);
    await vacuumCatalogs(baseUrl);
    await removeDir();
  };
  try {
    const script = path.join(dir, "template.sql");
    await writeTemplateScript(baseUrl, script);
    await createSchemaPool(baseUrl, prefix);
    process.env[TEMPLATE_ENV] = script;
  } catch (error) {
    await dropAll();
    throw error;
  }
  return dropAll;
}
