import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, TableViewTable } from "#core/db/schema.ts";
import {
  DENSITIES,
  type Density,
  TABLE_COLUMN_IDS,
  type TableKey,
  type TableLayout,
  type TableView,
  type ViewSettings,
} from "./table-view-schema.ts";

/** Whose views: a person in one organization, for one table. Every method is scoped by all three. */
export interface ViewOwner {
  organizationId: string;
  userId: string;
  table: TableKey;
}

export interface TableViewRepository {
  /** The owner's views, by name. */
  list(owner: ViewOwner): Promise<TableView[]>;
  find(owner: ViewOwner, id: string): Promise<TableView | null>;
  /** Whether another of the owner's views (not `exceptId`) has this name, case aside. */
  isNameTaken(owner: ViewOwner, name: string, exceptId?: string): Promise<boolean>;
  count(owner: ViewOwner): Promise<number>;
  create(owner: ViewOwner, view: { name: string; settings: ViewSettings; isDefault: boolean }): Promise<string>;
  /** Changes the owner's view; false when it is not theirs. */
  update(owner: ViewOwner, id: string, changes: { name?: string; settings?: ViewSettings }): Promise<boolean>;
  delete(owner: ViewOwner, id: string): Promise<boolean>;
  /** Makes `id` the owner's only default view, or none (null). False when `id` is not theirs. */
  setDefault(owner: ViewOwner, id: string | null): Promise<boolean>;
  findLayout(owner: ViewOwner): Promise<TableLayout | null>;
  saveLayout(owner: ViewOwner, layout: TableLayout): Promise<void>;
}

/** Stored columns as they are today: unknown ones (a column since retired) are left out. */
function columnsOf(table: TableKey, stored: string): string[] {
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is string => TABLE_COLUMN_IDS[table].includes(id as string)))];
  } catch {
    return [];
  }
}

const densityOf = (stored: string): Density =>
  (DENSITIES as readonly string[]).includes(stored) ? (stored as Density) : "comfortable";

function toView(row: Selectable<TableViewTable>): TableView {
  const table = row.table_key as TableKey;
  return {
    id: row.id,
    table,
    name: row.name,
    query: row.query,
    columns: columnsOf(table, row.columns),
    density: densityOf(row.density),
    isDefault: Number(row.is_default) === 1,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function createTableViewRepository(db: Kysely<Database>): TableViewRepository {
  const owned = (owner: ViewOwner) =>
    db
      .selectFrom("table_views")
      .where("organization_id", "=", owner.organizationId)
      .where("user_id", "=", owner.userId)
      .where("table_key", "=", owner.table);

  return {
    async list(owner) {
      const rows = await owned(owner).selectAll().execute();
      return rows.map(toView).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },

    async find(owner, id) {
      const row = await owned(owner).selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toView(row) : null;
    },

    async isNameTaken(owner, name, exceptId) {
      let query = owned(owner)
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
      if (exceptId) query = query.where("id", "!=", exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async count(owner) {
      const row = await owned(owner)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async create(owner, { name, settings, isDefault }) {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        if (isDefault)
          await trx
            .updateTable("table_views")
            .set({ is_default: 0 })
            .where("organization_id", "=", owner.organizationId)
            .where("user_id", "=", owner.userId)
            .where("table_key", "=", owner.table)
            .execute();
        await trx
          .insertInto("table_views")
          .values({
            id,
            organization_id: owner.organizationId,
            user_id: owner.userId,
            table_key: owner.table,
            name,
            query: settings.query,
            columns: JSON.stringify(settings.columns),
            density: settings.density,
            is_default: isDefault ? 1 : 0,
          })
          .execute();
      });
      return id;
    },

    async update(owner, id, changes) {
      const result = await db
        .updateTable("table_views")
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.settings
            ? {
                query: changes.settings.query,
                columns: JSON.stringify(changes.settings.columns),
                density: changes.settings.density,
              }
            : {}),
          updated_at: new Date(),
        })
        .where("id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .where("table_key", "=", owner.table)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(owner, id) {
      const result = await db
        .deleteFrom("table_views")
        .where("id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .where("table_key", "=", owner.table)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setDefault(owner, id) {
      return db.transaction().execute(async (trx) => {
        if (id !== null) {
          const exists = await trx
            .selectFrom("table_views")
            .select("id")
            .where("id", "=", id)
            .where("organization_id", "=", owner.organizationId)
            .where("user_id", "=", owner.userId)
            .where("table_key", "=", owner.table)
            .executeTakeFirst();
          if (!exists) return false;
        }
        await trx
          .updateTable("table_views")
          .set((eb) => ({ is_default: id === null ? 0 : eb.case().when("id", "=", id).then(1).else(0).end() }))
          .where("organization_id", "=", owner.organizationId)
          .where("user_id", "=", owner.userId)
          .where("table_key", "=", owner.table)
          .execute();
        return true;
      });
    },

    async findLayout(owner) {
      const row = await db
        .selectFrom("table_layouts")
        .select(["columns", "density"])
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .where("table_key", "=", owner.table)
        .executeTakeFirst();
      if (!row) return null;
      const columns = columnsOf(owner.table, row.columns);
      return columns.length > 0 ? { columns, density: densityOf(row.density) } : null;
    },

    async saveLayout(owner, layout) {
      const values = { columns: JSON.stringify(layout.columns), density: layout.density };
      await db
        .insertInto("table_layouts")
        .values({ organization_id: owner.organizationId, user_id: owner.userId, table_key: owner.table, ...values })
        .onConflict((conflict) =>
          conflict
            .columns(["organization_id", "user_id", "table_key"])
            .doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },
  };
}
