/** What every table-view use case shares: whose views (the person, never an API key) and refusals. */
import type { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { ViewOwner } from "./table-view-repository.ts";
import { type TableKey, tableKeyField, VIEW_INVALID, VIEW_NOT_FOUND } from "./table-view-schema.ts";

/** Views belong to a person in an organization; an API key or Adhelm itself has none. */
export function ownerOf(actor: Actor, table: unknown): ViewOwner {
  if (actor.kind !== "user") throw new AppError("forbidden", "Saved views belong to a person signed in to Adhelm.");
  const parsed = tableKeyField.safeParse(table);
  if (!parsed.success) throw new AppError("bad_request", "Unknown table.");
  return { organizationId: actor.organizationId, userId: actor.id, table: parsed.data as TableKey };
}

/** The parsed input, or a refusal with a message per field (nothing is changed). */
export function parseOrRefuse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", VIEW_INVALID, {
      title: "View not saved",
      fieldErrors: fieldErrorsOf(parsed.error),
    });
  return parsed.data;
}

export function refuseField(field: string, message: string): never {
  throw new AppError("unprocessable_entity", VIEW_INVALID, {
    title: "View not saved",
    fieldErrors: { [field]: message },
  });
}

/** Another person's view, another organization's or one deleted meanwhile: the same answer. */
export function notFound(): never {
  throw new AppError("not_found", VIEW_NOT_FOUND);
}
