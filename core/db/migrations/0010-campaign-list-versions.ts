import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A counter per organization that moves whenever its campaign list could read differently, so the
 * API can keep finished pages and know at the cost of one key lookup whether they still hold (see
 * server/api/campaign-list-cache.ts). Triggers keep it, whatever writes: the sync, a change, a
 * managed-accounts choice, a disconnect, a cascade. An update counts only when a column the list
 * shows or filters on changed, so a sync that finds nothing new leaves the pages in place.
 * PostgreSQL counts once per statement (a 10,000-row upsert moves it once, not 10,000 times).
 */
const WATCHED: Array<{ table: string; columns: string[]; onInsertAndDelete: boolean }> = [
  {
    table: "campaigns",
    columns: ["ad_account_id", "name", "status", "daily_budget_minor", "currency", "created_at"],
    onInsertAndDelete: true,
  },
  // A new ad account or connection has no campaigns yet; deleting one deletes its campaigns.
  { table: "ad_accounts", columns: ["is_managed"], onInsertAndDelete: false },
  { table: "connections", columns: ["status", "platform"], onInsertAndDelete: false },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("campaign_list_versions")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    .addColumn("version", "bigint", (column) => column.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

const BUMP_FROM = (source: string) => `
  insert into campaign_list_versions (organization_id, version)
  select distinct organization_id, 1 from ${source}
  on conflict (organization_id) do update set version = campaign_list_versions.version + 1`;

async function createPostgresTriggers(db: Kysely<unknown>) {
  for (const { table, columns, onInsertAndDelete } of WATCHED) {
    const changed = columns.map((column) => `n.${column} is distinct from o.${column}`).join(" or ");
    await sql
      .raw(`create or replace function ${table}_list_version_on_update() returns trigger language plpgsql as $$
begin
  ${BUMP_FROM(`(select n.organization_id from new_rows n join old_rows o on o.id = n.id where ${changed}) as changed`)};
  return null;
end $$`)
      .execute(db);
    await sql
      .raw(`create or replace trigger ${table}_list_version_update after update on ${table}
referencing old table as old_rows new table as new_rows
for each statement execute function ${table}_list_version_on_update()`)
      .execute(db);
    if (!onInsertAndDelete) continue;
    // PostgreSQL allows transition tables on single-event triggers only: one trigger each way.
    await sql
      .raw(`create or replace function ${table}_list_version_on_rows() returns trigger language plpgsql as $$
begin
  ${BUMP_FROM("affected_rows")};
  return null;
end $$`)
      .execute(db);
    for (const [event, transition] of [
      ["insert", "new"],
      ["delete", "old"],
    ] as const) {
      await sql
        .raw(`create or replace trigger ${table}_list_version_${event} after ${event} on ${table}
referencing ${transition} table as affected_rows
for each statement execute function ${table}_list_version_on_rows()`)
        .execute(db);
    }
  }
}

const BUMP_ROW = (row: "new" | "old") => `
  insert into campaign_list_versions (organization_id, version) values (${row}.organization_id, 1)
  on conflict (organization_id) do update set version = version + 1;`;

async function createSqliteTriggers(db: Kysely<unknown>) {
  for (const { table, columns, onInsertAndDelete } of WATCHED) {
    const changed = columns.map((column) => `old.${column} is not new.${column}`).join(" or ");
    await sql
      .raw(`create trigger if not exists ${table}_list_version_update after update on ${table}
when ${changed} begin ${BUMP_ROW("new")} end`)
      .execute(db);
    if (!onInsertAndDelete) continue;
    await sql
      .raw(`create trigger if not exists ${table}_list_version_insert after insert on ${table}
begin ${BUMP_ROW("new")} end`)
      .execute(db);
    await sql
      .raw(`create trigger if not exists ${table}_list_version_delete after delete on ${table}
begin ${BUMP_ROW("old")} end`)
      .execute(db);
  }
}
