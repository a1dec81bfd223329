import "dotenv/config";
import { Redis } from "ioredis";
import { sessionNotices } from "../auth/index.ts";
import { loadConfig } from "../config.ts";
import { createDb, migrateToLatest } from "../db/index.ts";
import { runOperatorCommand } from "./operator-command.ts";

/** `npm run operator -- grant EMAIL | revoke EMAIL | list` against the database DATABASE_URL names. */
const config = loadConfig();
const db = createDb(config.databaseUrl);
// NOTE: with Redis, the servers' session caches hear of a grant or revoke at once (as of a logout).
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
try {
  await migrateToLatest(db);
  const sessions = redis ? sessionNotices(redis, config.redisPrefix) : undefined;
  const { exitCode, lines } = await runOperatorCommand(db.kysely, config, process.argv.slice(2), sessions);
  for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
  process.exitCode = exitCode;
} finally {
  await db.close();
  redis?.disconnect();
}
