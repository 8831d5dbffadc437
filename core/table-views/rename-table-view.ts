import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import { type TableView, VIEW_NAME_TAKEN, viewNameField } from "./table-view-schema.ts";
import { notFound, ownerOf, parseOrRefuse, refuseField } from "./view-input.ts";

/** Gives one of the person's views a new name (unique among their views of the table). */
export async function renameTableView(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; id: string; form: unknown },
): Promise<TableView> {
  const owner = ownerOf(actor, input.table);
  const { name } = parseOrRefuse(z.object({ name: viewNameField }), input.form);
  if (!(await views.find(owner, input.id))) notFound();
  if (await views.isNameTaken(owner, name, input.id)) refuseField("name", VIEW_NAME_TAKEN);
  if (!(await views.update(owner, input.id, { name }))) notFound();
  return (await views.find(owner, input.id)) ?? notFound();
}
