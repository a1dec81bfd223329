import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { CATEGORIES, type Category, type ProductUnit } from "../../shared/schemas/products.ts";
import { insertUsersIfMissing } from "../auth/index.ts";
import type { Database, Db, NewProductRow } from "../db/index.ts";
import { refreshPlannerStatistics } from "../db/index.ts";
import { saveImageIfMissing } from "../images/index.ts";
import { insertProducts } from "../products/index.ts";
import * as repo from "./demo.repository.ts";
import { renderDemoImages, SYSTEM_FARMER } from "./demo.service.ts";
import { DEMO_PRODUCTS } from "./demo-products.ts";
import { otherNamesOf } from "./other-names.ts";

/**
 * A large generated catalogue for load tests and benchmarks (`npm run db:seed -- --products N`): products
 * spread over many farmers and every category, with names varied enough that a search matches a small part
 * of them, all sharing a few pictures. Generated farmers have e-mails under GENERATED_DOMAIN and a password
 * hash that never verifies, so nobody signs in as them and the seed can tell its own rows from real ones.
 */
export const GENERATED_DOMAIN = "generated.veggie-cart.invalid";

/** One farmer per this many products (at least 5, at most 1,000 farmers). */
const PRODUCTS_PER_FARMER = 100;
/** Rows per INSERT statement (10 columns each stays far below both databases' parameter limits). */
const BATCH_ROWS = 1000;
/** Rows per transaction. */
const TRANSACTION_ROWS = 20_000;
/** Generated products are dated back from here, one a minute, so their order is stable between runs. */
const GENERATED_EPOCH_MS = Date.parse("2026-01-01T00:00:00.000Z");

type NonEmpty<T> = readonly [T, ...T[]];

const ADJECTIVES: NonEmpty<string> = [
  "Organic",
  "Fresh",
  "Farm",
  "Heirloom",
  "Desi",
  "Hill",
  "Tender",
  "Premium",
  "Handpicked",
  "Country",
  "Early",
  "Select",
  "Naturally Grown",
  "Seasonal",
  "Small-batch",
];

const PRODUCE: Record<Category, NonEmpty<string>> = {
  vegetables: [
    "Tomatoes",
    "Spinach",
    "Okra",
    "Brinjal",
    "Potatoes",
    "Carrots",
    "Cauliflower",
    "Cabbage",
    "Bitter Gourd",
    "Bottle Gourd",
    "Radish",
    "Beetroot",
    "Onions",
    "Garlic",
    "Ginger",
    "Green Chillies",
    "Jalapeños",
    "Capsicum",
    "Green Peas",
    "French Beans",
    "Drumsticks",
    "Pumpkin",
    "Cucumbers",
    "Methi Leaves",
    "Coriander",
  ],
  fruits: [
    "Mangoes",
    "Apples",
    "Bananas",
    "Grapes",
    "Oranges",
    "Pomegranates",
    "Papaya",
    "Guavas",
    "Pineapple",
    "Watermelon",
    "Muskmelon",
    "Chikoo",
    "Custard Apples",
    "Jackfruit",
    "Litchis",
    "Strawberries",
    "Figs",
    "Jamun",
    "Sweet Limes",
    "Plums",
  ],
  dairy: [
    "Cow Milk",
    "Buffalo Milk",
    "Paneer",
    "Curd",
    "Ghee",
    "White Butter",
    "Buttermilk",
    "Farm Cheese",
    "Khoa",
    "Crème Fraîche",
    "Lassi",
    "Shrikhand",
    "Goat Milk",
    "Cream",
  ],
  grains: [
    "Whole Wheat",
    "Basmati Rice",
    "Sona Masoori Rice",
    "Ragi Flour",
    "Jowar",
    "Bajra",
    "Toor Dal",
    "Moong Dal",
    "Chana Dal",
    "Urad Dal",
    "Masoor Dal",
    "Rolled Oats",
    "Poha",
    "Rava",
    "Quinoa",
    "Foxtail Millet",
  ],
};

const ORIGINS: NonEmpty<string> = [
  "Nashik",
  "Pune",
  "Ratnagiri",
  "Shimla",
  "Nagpur",
  "Mysuru",
  "Kolhapur",
  "Ooty",
  "Coorg",
  "Erode",
  "Anand",
  "Guntur",
  "Belagavi",
  "Satara",
  "Sangli",
  "Indore",
  "Karnal",
  "Jalgaon",
];

const UNITS: Record<Category, NonEmpty<ProductUnit>> = {
  vegetables: ["kg", "500 g", "250 g", "bunch"],
  fruits: ["kg", "dozen", "piece"],
  dairy: ["litre", "500 ml", "pack"],
  grains: ["kg", "pack", "500 g"],
};

/** A small deterministic PRNG (mulberry32), so generated product number i is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Item `n` of a list that is never empty, counting round (item 0 again after the last). */
const nth = <T>(items: NonEmpty<T>, n: number): T => items[n % items.length] ?? items[0];
const pick = <T>(items: NonEmpty<T>, next: () => number): T => nth(items, Math.floor(next() * items.length));

export const generatedFarmerId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
export const farmerCountFor = (products: number) =>
  Math.min(1000, Math.max(5, Math.ceil(products / PRODUCTS_PER_FARMER)));

/** Generated product number `index`: its fields except ids and picture. */
export function generatedProduct(index: number) {
  const next = random(index + 1);
  const category = nth(CATEGORIES, index);
  const produce = pick(PRODUCE[category], next);
  const adjective = pick(ADJECTIVES, next);
  const origin = pick(ORIGINS, next);
  // NOTE: whole rupees or fifty paise, from ₹10 to ₹2,000.
  const pricePaise = (20 + Math.floor(next() * 3981)) * 50;
  const unit = pick(UNITS[category], next);
  // NOTE: one in five not tracked, one in twenty sold out, the rest plenty (the bench places many orders).
  const stockDraw = next();
  const stock = stockDraw < 0.2 ? null : stockDraw < 0.25 ? 0 : 500 + Math.floor(next() * 50_000);
  const harvestedOn =
    next() < 0.5 ? new Date(GENERATED_EPOCH_MS - Math.floor(next() * 14) * 86_400_000) : null;
  return {
    category,
    name: `${adjective} ${produce} from ${origin}`,
    other_names: otherNamesOf(produce),
    price_paise: pricePaise,
    description: `${adjective} ${produce.toLowerCase()} grown near ${origin} and brought to you the day they are packed. Lot ${index + 1}.`,
    created_at: new Date(GENERATED_EPOCH_MS - index * 60_000).toISOString(),
    unit,
    stock,
    harvested_on: harvestedOn ? harvestedOn.toISOString().slice(0, 10) : null,
  };
}

export interface GenerateOptions {
  /** How many generated products the catalogue should hold afterwards. */
  products: number;
  /** Seed even when the database holds real accounts (their data is left as it is). */
  force?: boolean;
}

export interface GenerateResult {
  added: number;
  total: number;
  farmers: number;
  ms: number;
}

export class RealDataError extends Error {}

const generatedImageId = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, "0")}`;

/** Picture `variant` (0 or 1) of a category's two, shared by every generated product of that category. */
const sharedImageId = (category: Category, variant: number) =>
  generatedImageId(2 * CATEGORIES.indexOf(category) + (variant % 2));

/** Makes the shared pictures once: two per category, drawn like the demo ones. */
async function ensureSharedImages(trx: Kysely<Database>, ownerId: string): Promise<void> {
  if ((await repo.findImageIdsOwnedBy(trx, ownerId)).length >= 2 * CATEGORIES.length) return;
  const sources = CATEGORIES.flatMap((category) =>
    DEMO_PRODUCTS.filter((p) => p.category === category).slice(0, 2),
  );
  const images = await renderDemoImages(sources);
  const now = new Date().toISOString();
  for (const [n, image] of images.entries()) {
    const id = generatedImageId(n);
    await saveImageIfMissing({ db: trx }, { id, ownerId, image, createdAt: now });
  }
}

/**
 * Brings the number of generated products up to `options.products` (adding only the missing ones). Refuses a
 * database that holds accounts of real people unless `force` is set.
 */
export async function seedGeneratedCatalogue(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  if (!Number.isSafeInteger(options.products) || options.products < 0) {
    throw new RangeError("The number of products must be a whole number, 0 or more");
  }
  const real = await repo.countRealUsers(db.kysely, SYSTEM_FARMER.id, GENERATED_DOMAIN);
  if (real > 0 && !options.force) {
    throw new RealDataError(
      `This database has ${real} real account(s); refusing to add generated products. Pass --force to add them anyway.`,
    );
  }
  const existing = await repo.countGeneratedProducts(db.kysely, GENERATED_DOMAIN);
  const farmers = farmerCountFor(Math.max(existing, options.products));
  const now = new Date().toISOString();
  await insertUsersIfMissing(
    db.kysely,
    Array.from({ length: farmers }, (_, n) => ({
      id: generatedFarmerId(n),
      email: `farmer-${n}@${GENERATED_DOMAIN}`,
      name: `Farmer ${n + 1}`,
      password_hash: "!locked: a generated farmer cannot sign in",
      created_at: now,
    })),
  );
  await db.kysely.transaction().execute((trx) => ensureSharedImages(trx, generatedFarmerId(0)));

  for (let from = existing; from < options.products; from += TRANSACTION_ROWS) {
    const to = Math.min(options.products, from + TRANSACTION_ROWS);
    await db.kysely.transaction().execute(async (trx) => {
      for (let start = from; start < to; start += BATCH_ROWS) {
        const rows: NewProductRow[] = [];
        for (let index = start; index < Math.min(to, start + BATCH_ROWS); index += 1) {
          const fields = generatedProduct(index);
          rows.push({
            id: randomUUID(),
            owner_id: generatedFarmerId(index % farmers),
            image_id: sharedImageId(fields.category, Math.floor(index / CATEGORIES.length)),
            ...fields,
          });
        }
        await insertProducts(trx, rows);
      }
    });
  }
  if (options.products > existing) await refreshPlannerStatistics(db.kysely);
  return {
    added: Math.max(0, options.products - existing),
    total: Math.max(existing, options.products),
    farmers,
    ms: Math.round(performance.now() - started),
  };
}
