import { type Kysely, sql } from "kysely";

/**
 * Saved table views (issue 23 §1): per person and organization, named views of a table (the
 * campaigns table first) with its filters, sort, date range, columns and density, one of them the
 * person's default; and the layout (columns, density) they last chose outside a view. Both are the
 * person's own: another member of the organization never sees them.
 *
 * It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("table_views")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    // Which table: "campaigns".
    .addColumn("table_key", "varchar(32)", (column) => column.notNull())
    .addColumn("name", "varchar(120)", (column) => column.notNull())
    // The table's query string (filters, sort, page size, date range), without the page.
    .addColumn("query", "text", (column) => column.notNull())
    // The visible columns in their order, as JSON: ["spend","roas",…].
    .addColumn("columns", "text", (column) => column.notNull())
    // compact | comfortable
    .addColumn("density", "varchar(16)", (column) => column.notNull())
    .addColumn("is_default", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("table_views_owner_name_idx")
    .ifNotExists()
    .unique()
    .on("table_views")
    .columns(["organization_id", "user_id", "table_key", "name"])
    .execute();

  await db.schema
    .createTable("table_layouts")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("table_key", "varchar(32)", (column) => column.notNull())
    .addColumn("columns", "text", (column) => column.notNull())
    .addColumn("density", "varchar(16)", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("table_layouts_pk", ["organization_id", "user_id", "table_key"])
    .execute();
}
