import "dotenv/config";
import { loadConfig } from "../config.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const db = createDb(loadConfig().databaseUrl);
try {
  await migrateToLatest(db);
  console.log(`Database is up to date (${db.dialect}).`);
} finally {
  await db.close();
}
