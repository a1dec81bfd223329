import "dotenv/config";
import { parseArgs } from "node:util";

/**
 * `npm run db:seed`: migrates the database DATABASE_URL names, then adds the demo catalogue if it has no
 * products. `npm run db:seed -- --products N` instead fills it with N generated products (adding only those
 * missing); it refuses a database with real accounts unless `--force` is given.
 */
const USAGE = "usage: npm run db:seed [-- --products N [--force]]";

function parseCommandLine(argv: string[]): { products?: number; force: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: { products: { type: "string" }, force: { type: "boolean", default: false } },
    strict: true,
  });
  if (values.products === undefined) return { force: values.force };
  if (!/^\d{1,9}$/.test(values.products)) throw new RangeError(`--products must be a whole number. ${USAGE}`);
  return { products: Number(values.products), force: values.force };
}

let args: ReturnType<typeof parseCommandLine>;
try {
  args = parseCommandLine(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}

// NOTE: the server's modules load once the command line is known good, so a wrong one is refused in a moment
// (the seed's test runs one, on each database).
const [
  { loadConfig },
  { createDb, migrateToLatest },
  { seedDemoCatalogue },
  { RealDataError, seedGeneratedCatalogue },
] = await Promise.all([
  import("../config.ts"),
  import("../db/index.ts"),
  import("./demo.service.ts"),
  import("./generated-catalogue.ts"),
]);
const db = createDb(loadConfig().databaseUrl);
try {
  await migrateToLatest(db);
  if (args.products === undefined) {
    const result = await seedDemoCatalogue(db);
    console.log(
      result.seeded
        ? `Added ${result.products} demo products in ${result.ms} ms (${db.dialect}).`
        : `The catalogue already has products; nothing added (${db.dialect}).`,
    );
  } else {
    const result = await seedGeneratedCatalogue(db, { products: args.products, force: args.force });
    console.log(
      `Added ${result.added} generated products (now ${result.total}, ${result.farmers} farmers) in ${result.ms} ms (${db.dialect}).`,
    );
  }
} catch (error) {
  if (!(error instanceof RealDataError || error instanceof RangeError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
