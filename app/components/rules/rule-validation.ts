/**
 * The editor checks a draft with core's own schemas before sending it, so a mistake shows next to
 * its field at once; the server checks again and answers with the same paths. A field's message is
 * core's English sentence (translated where shown, `translateMessage`) or, for a figure that did not
 * parse, the editor's own catalog key.
 */
import type { z } from "zod";
import { ruleDefinitionSchema, ruleNameSchema } from "#core/rules/rule-definition.ts";
import { type DraftProblem, definitionFromDraft } from "./draft-to-definition.ts";
import type { RuleDraft } from "./rule-draft.ts";

export type FieldError = { kind: "message"; message: string } | { kind: "problem"; problem: DraftProblem };
export type FieldErrors = Record<string, FieldError>;

export interface CheckedDraft {
  name: string;
  definition: unknown;
  errors: FieldErrors;
}

function issuesToErrors(prefix: string, issues: z.core.$ZodIssue[], errors: FieldErrors) {
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    errors[path] ??= { kind: "message", message: issue.message };
  }
}

export function checkDraft(draft: RuleDraft, currency: string, locale: string): CheckedDraft {
  const { definition, problems } = definitionFromDraft(draft, currency, locale);
  const errors: FieldErrors = {};
  // A figure that could not be read says so, before whatever core says of the missing value.
  for (const [path, problem] of Object.entries(problems)) errors[path] = { kind: "problem", problem };
  const name = ruleNameSchema.safeParse(draft.name);
  if (!name.success) issuesToErrors("name", name.error.issues, errors);
  const parsed = ruleDefinitionSchema.safeParse(definition);
  if (!parsed.success) issuesToErrors("definition", parsed.error.issues, errors);
  return { name: draft.name, definition, errors };
}

/** The server's field errors (already in the reader's words) in the editor's shape. */
export function serverFieldErrors(fieldErrors: Record<string, string> | undefined): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors ?? {}).map(([path, message]) => [path, { kind: "message", message } as FieldError]),
  );
}
