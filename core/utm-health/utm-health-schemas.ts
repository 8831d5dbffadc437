/** What the UTM health check's use cases accept; bad input is refused with a message a person can act on. */
import { z } from "zod";
import { AppError } from "#core/errors/app-error.ts";

/** The most ads one fix may ask for ("Fix all" sends the fixable ads in pages of this size). */
export const MAX_ADS_PER_FIX = 100;

export const fixAdUtmInputSchema = z.object({
  adIds: z
    .array(z.string().trim().min(1, "Choose at least one ad to fix.").max(64, "An ad id has at most 64 characters."))
    .min(1, "Choose at least one ad to fix.")
    .max(MAX_ADS_PER_FIX, "Fix at most 100 ads at once."),
});
export type FixAdUtmInput = z.input<typeof fixAdUtmInputSchema>;

export function parseFixInput(input: unknown): z.output<typeof fixAdUtmInputSchema> {
  const parsed = fixAdUtmInputSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", parsed.error.issues.map((issue) => issue.message).join(" "));
  return parsed.data;
}
