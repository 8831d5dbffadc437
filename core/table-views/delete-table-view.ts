import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import { notFound, ownerOf } from "./view-input.ts";

/** Deletes one of the person's views (the table then opens with their layout, if it was the default). */
export async function deleteTableView(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; id: string },
): Promise<void> {
  const owner = ownerOf(actor, input.table);
  if (!(await views.delete(owner, input.id))) notFound();
}
