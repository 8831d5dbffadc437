import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import { type TableView, viewSettingsSchema } from "./table-view-schema.ts";
import { notFound, ownerOf, parseOrRefuse } from "./view-input.ts";

/** Replaces what one of the person's views shows (filters, sort, range, columns, density) with the table's now. */
export async function overwriteTableView(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; id: string; form: unknown },
): Promise<TableView> {
  const owner = ownerOf(actor, input.table);
  const settings = parseOrRefuse(viewSettingsSchema(owner.table), input.form);
  if (!(await views.update(owner, input.id, { settings }))) notFound();
  return (await views.find(owner, input.id)) ?? notFound();
}
