import "dotenv/config";
import { loadConfig } from "../config.ts";
import { seedDemoCatalogue } from "../demo/demo.service.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

/** `npm run db:seed`: migrates, then adds the demo catalogue if the products table is empty. */
const db = createDb(loadConfig().databaseUrl);
try {
  await migrateToLatest(db);
  const result = await seedDemoCatalogue(db);
  console.log(
    result.seeded
      ? `Added ${result.products} demo products in ${result.ms} ms (${db.dialect}).`
      : `The catalogue already has products; nothing added (${db.dialect}).`,
  );
} finally {
  await db.close();
}
