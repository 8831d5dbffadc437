import { z } from "zod";
import { isTimeZone } from "#core/accounts/profile-schema.ts";

/** platform: the platforms' reported conversion value; store: store revenue attributed by UTM. */
export const ATTRIBUTION_SOURCES = ["platform", "store"] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

/** The organization's name, as Create New and /settings/general take it. */
export const organizationNameSchema = z
  .string({ error: "Enter the organization's name" })
  .trim()
  .min(2, "The name must be at least 2 characters")
  .max(80, "The name must be at most 80 characters");

/** Create New's form. */
export const createOrganizationSchema = z.object({ name: organizationNameSchema });
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

/** /settings/general's form, shared by the browser and the server. */
export const organizationSettingsSchema = z.object({
  name: organizationNameSchema,
  timeZone: z
    .string({ error: "Choose a time zone from the list" })
    .refine(isTimeZone, "Choose a time zone from the list"),
  currency: z
    .string({ error: "Choose a currency from the list" })
    .regex(/^[A-Z]{3}$/, "Choose a currency from the list"),
  defaultAttribution: z.enum(ATTRIBUTION_SOURCES, { error: "Choose platform-reported or store revenue" }),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;
export type OrganizationSettingsUpdate = z.output<typeof organizationSettingsSchema>;

/** Logos: an image of at most 2 MB, checked in the browser before upload and again on the server. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const LOGO_TOO_LARGE_MESSAGE = "Please upload an image smaller than 2MB.";
export const ORGANIZATION_INVALID_MESSAGE = "Please correct the highlighted fields.";

/** Field name → first message, for a refusal the form shows under each field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}
