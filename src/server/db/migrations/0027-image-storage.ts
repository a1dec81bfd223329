import { type Kysely, sql } from "kysely";
import { binaryType, isPostgres } from "../dialect.ts";

/**
 * Issue 26: pictures may live in S3-compatible object storage (decision 029). Each image says where its
 * variants' bytes are (`db`, the default, or `s3`); a variant row keeps its width, height and ETag either way,
 * and its bytes only when they are in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("images")
    .addColumn("location", "text", (col) => col.notNull().defaultTo("db"))
    .execute();
  if (isPostgres(db)) {
    await db.schema
      .alterTable("image_variants")
      .alterColumn("bytes", (col) => col.dropNotNull())
      .execute();
    return;
  }
  // NOTE: SQLite cannot drop NOT NULL in place: the table is rebuilt (nothing references it).
  await db.schema
    .createTable("image_variants_new")
    .addColumn("image_id", "text", (col) => col.notNull().references("images.id").onDelete("cascade"))
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("bytes", binaryType(db))
    .addColumn("etag", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width"])
    .execute();
  await sql`INSERT INTO image_variants_new (image_id, width, height, bytes, etag)
    SELECT image_id, width, height, bytes, etag FROM image_variants`.execute(db);
  await db.schema.dropTable("image_variants").execute();
  await db.schema.alterTable("image_variants_new").renameTo("image_variants").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // NOTE: bytes stay nullable; a picture in object storage would have none to restore.
  await db.schema.alterTable("images").dropColumn("location").execute();
}
