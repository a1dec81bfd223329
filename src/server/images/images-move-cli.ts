import "dotenv/config";
import { loadConfig } from "../config.ts";
import { createDb } from "../db/index.ts";
import { openObjectStore } from "../object-store.ts";
import { moveImages } from "./images-move.ts";

const USAGE = `Usage: npm run images:move -- --to s3|db
  Moves every picture into the bucket S3_URL (or S3_BUCKET…) names, or back into the database, while the
  shop runs. Safe to stop and run again.`;

/** `npm run images:move -- --to s3|db` against DATABASE_URL and the configured bucket (decision 029). */
const args = process.argv.slice(2);
const to = args[0] === "--to" ? args[1] : args[0]?.startsWith("--to=") ? args[0].slice(5) : undefined;
if ((to !== "s3" && to !== "db") || args.length > (args[0] === "--to" ? 2 : 1)) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
if (!config.objectStorage) {
  console.error(
    "images:move needs the bucket: set S3_URL (or S3_BUCKET and its settings), as the servers have it.",
  );
  process.exit(1);
}
const imageObjects = await openObjectStore(config.objectStorage).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const db = createDb(config.databaseUrl);
try {
  const report = await moveImages({ db: db.kysely, imageObjects }, to, {
    onProgress: (moved) => console.log(`${moved} pictures moved so far…`),
  });
  console.log(
    `${report.moved} pictures moved to ${to === "s3" ? `the bucket ${imageObjects.bucket}` : "the database"}.`,
  );
  if (report.orphansDeleted > 0) console.log(`${report.orphansDeleted} objects nobody owned were deleted.`);
  if (report.missing.length > 0) {
    console.error(
      `${report.missing.length} pictures have bytes nowhere and were left as they are: ${report.missing.join(", ")}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  // NOTE: what was moved stays moved; running the command again carries on.
  console.error(`Stopped: ${(error as Error).message}. Run the command again to carry on.`);
  process.exitCode = 1;
} finally {
  await db.close();
  imageObjects.close();
}
