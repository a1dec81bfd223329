import "dotenv/config";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createDb } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedDemoCatalogue } from "./demo/demo.service.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = { ...loadConfig(), clientDir: path.resolve(here, "../../dist/client") };
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.addHook("onClose", () => db.close());
  if (config.seedDemo) {
    const seed = await seedDemoCatalogue(db);
    if (seed.seeded) app.log.info(`added ${seed.products} demo products in ${seed.ms} ms`);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
