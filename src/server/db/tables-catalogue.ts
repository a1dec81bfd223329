import type { Generated, GeneratedAlways, Insertable } from "kysely";
import type { ProductUnit } from "../../shared/schemas/products.ts";

// The catalogue's tables: images, products, likes and deals; database.ts gathers every table.

export interface ImagesTable {
  id: string;
  owner_id: string;
  /** Content type of every stored variant (image/webp). */
  content_type: string;
  /** Size of the largest stored variant. */
  width: number;
  height: number;
  created_at: string;
  /** Where the variants' bytes are: in image_variants (`db`) or in object storage (`s3`). */
  location: Generated<ImageLocation>;
}

export type ImageLocation = "db" | "s3";

/** An images row as written: the location may be left out (`db`). */
export type NewImageRow = Insertable<ImagesTable>;

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  height: number;
  /** The WebP bytes when the image's location is `db`; null when they are in object storage. */
  bytes: Uint8Array | null;
  etag: string;
}

export interface ProductsTable {
  id: string;
  owner_id: string;
  name: string;
  price_paise: number;
  description: string;
  /** NOTE: stays text: a row may hold a category outside CATEGORIES, and the shop lists only complete ones. */
  category: string;
  image_id: string | null;
  created_at: string;
  /** 'piece' when not given (the column's default). */
  unit: Generated<ProductUnit>;
  /** How many are left; null: not tracked. A CHECK keeps it at 0 or more. */
  stock: number | null;
  /** YYYY-MM-DD, or null. */
  harvested_on: string | null;
  /** Set while an operator has taken the product off the shop. */
  hidden_at?: string | null;
  hidden_reason?: string | null;
  /**
   * Computed by the database from `stock` (migration 0009): `sold_out` is 1 when none is left, `in_stock`
   * the opposite. The shop's orders lead with them (sold out last), and so do their indexes.
   */
  sold_out: GeneratedAlways<number>;
  /** 1 when the product is complete enough to be listed in the shop (migration 0009, product rules §5). */
  listed: GeneratedAlways<number>;
  in_stock: GeneratedAlways<number>;
  /** The product's names in other languages and scripts, one a line ('' for none; migration 0041). */
  other_names: Generated<string>;
  /** The name, a line break and the other names: what the name search tests (migration 0041). */
  search_name: GeneratedAlways<string>;
  /** 1 when its farmer keeps it out of standing orders (migration 0048, issue 35). */
  one_off_only: Generated<number>;
}

/** A products row as written: unit, stock and harvest date may be left out (piece, not tracked, none). */
export type NewProductRow = Insertable<ProductsTable>;

/** One account's like of one product (decision 011); the pair is the primary key. */
export interface LikesTable {
  user_id: string;
  product_id: string;
  created_at: string;
}

/** What the deal of the day is from `effective_from` on (until a newer plan takes over). */
export interface DealPlansTable {
  id: string;
  effective_from: string;
  name: string;
  description: string;
  price_paise: number;
  original_price_paise: number;
  /** null: the built-in cabbage picture. */
  image_id: string | null;
  created_by: string | null;
  created_at: string;
}

/**
 * The deal each shop day ran with, written at the day's turnover by the first server to get there (the
 * primary key makes it once across servers; decision 033).
 */
export interface DealDaysTable {
  shop_date: string;
  name: string;
  price_paise: number;
  original_price_paise: number;
  /** null: the built-in cabbage picture. */
  image_id: string | null;
  turned_at: string;
  /** Which server wrote it (host, port, process id). */
  turned_by: string;
}
