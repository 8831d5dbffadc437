import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TableViewRepository } from "./table-view-repository.ts";
import {
  MAX_VIEWS_PER_TABLE,
  type TableView,
  VIEW_NAME_TAKEN,
  VIEWS_FULL,
  viewNameField,
  viewSettingsSchema,
} from "./table-view-schema.ts";
import { notFound, ownerOf, parseOrRefuse, refuseField } from "./view-input.ts";

/** Saves the table as it is as a new view of the person's (their default when asked). */
export async function createTableView(
  { views }: { views: TableViewRepository },
  actor: Actor,
  input: { table: string; form: unknown },
): Promise<TableView> {
  const owner = ownerOf(actor, input.table);
  const form = parseOrRefuse(
    viewSettingsSchema(owner.table).extend({ name: viewNameField, isDefault: z.boolean().catch(false) }),
    input.form,
  );
  if (await views.isNameTaken(owner, form.name)) refuseField("name", VIEW_NAME_TAKEN);
  if ((await views.count(owner)) >= MAX_VIEWS_PER_TABLE) throw new AppError("conflict", VIEWS_FULL);
  const id = await views.create(owner, {
    name: form.name,
    settings: { query: form.query, columns: form.columns, density: form.density },
    isDefault: form.isDefault,
  });
  return (await views.find(owner, id)) ?? notFound();
}
