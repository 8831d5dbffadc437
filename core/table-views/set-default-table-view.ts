import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import { notFound, ownerOf } from "./view-input.ts";

/** Makes one of the person's views the one the table opens with, or none (`id` null). */
export async function setDefaultTableView(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; id: string | null },
): Promise<void> {
  const owner = ownerOf(actor, input.table);
  if (!(await views.setDefault(owner, input.id))) notFound();
}
