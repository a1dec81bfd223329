import "dotenv/config";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createDb, migrateToLatest } from "./db/index.ts";
import { scheduleDealTurnovers } from "./deals/index.ts";
import { DEMO_FARMER, seedDemoCatalogue, seedDemoFarmer } from "./demo/index.ts";
import { closeOnSignals } from "./http/index.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  // NOTE: run from source (src/server) or built (dist/app/server): the client is built into dist/client.
  const built = path.resolve(here, "../../client");
  const clientDir = fs.existsSync(path.join(built, "index.html"))
    ? built
    : path.resolve(here, "../../dist/client");
  const config = { ...loadConfig(), clientDir };
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  const offset = config.clockOffsetMs ?? 0;
  const clock = offset === 0 ? undefined : () => new Date(Date.now() + offset);
  const app = await buildApp({ config, db, ...(clock ? { clock } : {}) });
  if (config.seedDemo) {
    const seed = await seedDemoCatalogue(db);
    if (seed.seeded) app.log.info(`added ${seed.products} demo products in ${seed.ms} ms`);
    const farmer = await seedDemoFarmer(app.makeContext(), config.seedDemoSlots !== false);
    if (farmer.seeded) app.log.info("added the demo farmer and their demo orders");
    // NOTE: demo data (and so this account) never exists in production, where seedDemo is always false.
    console.log(
      `Demo farmer (development only): sign in as ${DEMO_FARMER.email} with the password ${DEMO_FARMER.password}`,
    );
  }

  closeOnSignals(
    app,
    { drainMs: config.limits.shutdownDrainMs, graceMs: config.limits.shutdownGraceMs },
    () => db.close(),
  );
  // NOTE: a deep accept queue, so a burst of connections is not dropped by the kernel before Node sees it.
  // NOTE: every server schedules it; the database lets one of them do each day's.
  scheduleDealTurnovers(app, `${os.hostname()}:${config.port}:${process.pid}`);
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
