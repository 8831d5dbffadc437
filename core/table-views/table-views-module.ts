import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { createTableView } from "./create-table-view.ts";
import { deleteTableView } from "./delete-table-view.ts";
import { listTableViews } from "./list-table-views.ts";
import { overwriteTableView } from "./overwrite-table-view.ts";
import { renameTableView } from "./rename-table-view.ts";
import { saveTableLayout } from "./save-table-layout.ts";
import { setDefaultTableView } from "./set-default-table-view.ts";
import { createTableViewRepository } from "./table-view-repository.ts";

/**
 * A person's saved views of the app's tables (issue 23 §1) and their layout: their own, in the
 * organization they work in; nobody else sees or changes them. Reading them is reading one's own
 * preferences, and so is changing them (`self.manage`, which every role has).
 */
export function createTableViewsModule({ db }: { db: Kysely<Database> }) {
  const deps = { views: createTableViewRepository(db) };
  return {
    listTableViews: useCase("self.manage", (actor, input: { table: string }) => listTableViews(deps, actor, input)),
    createTableView: useCase("self.manage", (actor, input: { table: string; form: unknown }) =>
      createTableView(deps, actor, input),
    ),
    renameTableView: useCase("self.manage", (actor, input: { table: string; id: string; form: unknown }) =>
      renameTableView(deps, actor, input),
    ),
    overwriteTableView: useCase("self.manage", (actor, input: { table: string; id: string; form: unknown }) =>
      overwriteTableView(deps, actor, input),
    ),
    deleteTableView: useCase("self.manage", (actor, input: { table: string; id: string }) =>
      deleteTableView(deps, actor, input),
    ),
    setDefaultTableView: useCase("self.manage", (actor, input: { table: string; id: string | null }) =>
      setDefaultTableView(deps, actor, input),
    ),
    saveTableLayout: useCase("self.manage", (actor, input: { table: string; form: unknown }) =>
      saveTableLayout(deps, actor, input),
    ),
  };
}

export type TableViewsModule = ReturnType<typeof createTableViewsModule>;
