import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token; the raw token lives only in the cookie. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; idle expiry is last_seen_at + the idle window. */
  expires_at: string;
}

export interface ImagesTable {
  id: string;
  owner_id: string;
  /** Content type of every stored variant (image/webp). */
  content_type: string;
  /** Size of the largest stored variant. */
  width: number;
  height: number;
  created_at: string;
}

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  etag: string;
}

export interface ProductsTable {
  id: string;
  owner_id: string;
  name: string;
  price_paise: number;
  description: string;
  category: string;
  image_id: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  status: string;
  total_paise: number;
  full_name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  /** address, city, state and zip joined, as the spec's Order has it. */
  shipping_address: string;
  payment_method: string;
  /** Unique per user: a repeated request with the same key returns the first order. */
  idempotency_key: string;
  /** SHA-256 of the canonical request body, so a reused key with a different body is refused. */
  request_hash: string;
  created_at: string;
}

export interface OrderItemsTable {
  order_id: string;
  /** The line's position in the order, from 1. */
  line_no: number;
  product_id: string;
  /** Name and unit price as charged. */
  name: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
}

export interface MessagesTable {
  id: string;
  /** contact | faq */
  kind: string;
  /** The signed-in account that sent it. */
  sender_user_id: string;
  name: string;
  email: string;
  /** contact only */
  phone: string | null;
  /** faq only */
  subject: string | null;
  message: string;
  /** contact only: the addressed farmer; null for FAQ messages and contact messages without a preference. */
  farmer_id: string | null;
  delivery_preference: string | null;
  preferred_time: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  messages: MessagesTable;
}

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens the database a URL names: `sqlite:<file>` (or `sqlite::memory:`) or `postgres://…`. */
export function createDb(url: string): Db {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", close: () => kysely.destroy() };
  }
  if (!url.startsWith("sqlite:")) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const file = url.slice("sqlite:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // NOTE: SQLite's lower() folds ASCII only; PostgreSQL's folds every letter. Catalogue search compares
  // lower-cased names, so SQLite gets a lower() that folds like PostgreSQL's (and JavaScript's).
  sqlite.function("unicode_lower", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.toLowerCase() : value,
  );
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}
