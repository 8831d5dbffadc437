import { type Kysely, sql } from "kysely";

/**
 * Uploaded creatives (issue 20 §2): images and videos an organization uploads to its asset library,
 * with the storage keys of the file as uploaded, the re-encoded file that is served, and its
 * thumbnail or poster; and their tags, one row per tag so that a tag filter is an indexed query.
 * It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("creative_assets")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // The member who uploaded it (kept when they leave: the name is copied beside it).
    .addColumn("uploaded_by", "varchar(64)")
    .addColumn("uploaded_by_name", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("name", "text", (column) => column.notNull())
    // image | video
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    // The uploaded file's type, as its bytes say (image/png, video/mp4…).
    .addColumn("content_type", "varchar(100)", (column) => column.notNull())
    .addColumn("byte_size", "integer", (column) => column.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("duration_ms", "integer")
    // Storage keys: the file as uploaded, the file served (an image's re-encoding; a video's upload),
    // and its thumbnail or poster (null: no poster could be made; the library shows a placeholder).
    .addColumn("original_key", "text", (column) => column.notNull())
    .addColumn("file_key", "text", (column) => column.notNull())
    .addColumn("file_content_type", "varchar(100)", (column) => column.notNull())
    .addColumn("thumbnail_key", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("creative_assets_organization_idx")
    .ifNotExists()
    .on("creative_assets")
    .columns(["organization_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("creative_asset_tags")
    .ifNotExists()
    .addColumn("asset_id", "varchar(64)", (column) =>
      column.notNull().references("creative_assets.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // Lower case, trimmed: "Summer sale" and "summer sale " are one tag.
    .addColumn("tag", "varchar(40)", (column) => column.notNull())
    .addPrimaryKeyConstraint("creative_asset_tags_pk", ["asset_id", "tag"])
    .execute();
  await db.schema
    .createIndex("creative_asset_tags_organization_idx")
    .ifNotExists()
    .on("creative_asset_tags")
    .columns(["organization_id", "tag"])
    .execute();
}
