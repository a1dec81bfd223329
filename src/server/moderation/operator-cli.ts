import "dotenv/config";
import { loadConfig } from "../config.ts";
import { createDb, migrateToLatest } from "../db/index.ts";
import { runOperatorCommand } from "./operator-command.ts";

/** `npm run operator -- grant EMAIL | revoke EMAIL | list` against the database DATABASE_URL names. */
const config = loadConfig();
const db = createDb(config.databaseUrl);
try {
  await migrateToLatest(db);
  const { exitCode, lines } = await runOperatorCommand(db.kysely, config, process.argv.slice(2));
  for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
  process.exitCode = exitCode;
} finally {
  await db.close();
}
