import { z } from "zod";

/** Has no comma (lists of labels are typed comma-separated) and no control character. */
function isPlainLabel(label: string): boolean {
  for (const character of label) if (character === "," || character.charCodeAt(0) < 32) return false;
  return true;
}

/** One of Adhelm's own campaign labels, as the campaigns table and the rules set them. */
export const campaignLabelSchema = z
  .string()
  .trim()
  .min(1, "Enter a label.")
  .max(64, "A label is at most 64 characters.")
  .refine(isPlainLabel, "A label has no commas or control characters.");
