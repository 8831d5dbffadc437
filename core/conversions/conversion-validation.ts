import type { z } from "zod";
import { AppError } from "#core/errors/app-error.ts";

/** A refused form: 422 with the first message and each field's message (`fieldErrors`). */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  // A refusal has at least one issue: its first message heads the answer.
  const [first = error.message] = Object.values(fieldErrors);
  return new AppError("unprocessable_entity", first, { fieldErrors });
}
