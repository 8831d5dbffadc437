import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import type { TableLayout, TableView } from "./table-view-schema.ts";
import { ownerOf } from "./view-input.ts";

export interface TableViewsOfPerson {
  /** The person's views of the table, by name. */
  views: TableView[];
  /** The one they open the table with, if any. */
  defaultViewId: string | null;
  /** The columns and density they last chose outside a view; null before their first choice. */
  layout: TableLayout | null;
}

/** The person's own views of a table and their layout; nobody else's. */
export async function listTableViews(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string },
): Promise<TableViewsOfPerson> {
  const owner = ownerOf(actor, input.table);
  const [list, layout] = await Promise.all([views.list(owner), views.findLayout(owner)]);
  return { views: list, defaultViewId: list.find((view) => view.isDefault)?.id ?? null, layout };
}
