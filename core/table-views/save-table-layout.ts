import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import { layoutSchema, type TableLayout } from "./table-view-schema.ts";
import { ownerOf, parseOrRefuse } from "./view-input.ts";

/** Remembers the columns and density the person chose, so the table opens with them next time. */
export async function saveTableLayout(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; form: unknown },
): Promise<TableLayout> {
  const owner = ownerOf(actor, input.table);
  const layout = parseOrRefuse(layoutSchema(owner.table), input.form);
  await views.saveLayout(owner, layout);
  return layout;
}
