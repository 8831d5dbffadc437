import { z } from "zod";

/** The profile form's contract, shared by the browser and the server. */
export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1000+"] as const;

export const PROFILE_DEFAULTS = { timezone: "UTC", currency: "USD" } as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * No role here: the form shows the person's role in the active organization, which only the team
 * page changes (core/teams). A role sent anyway is dropped unread.
 */
export const profileSchema = z.object({
  first_name: z.string().trim().min(1, "First name is required").max(100, "First name must be at most 100 characters"),
  last_name: z.string().trim().min(1, "Last name is required").max(100, "Last name must be at most 100 characters"),
  company_name: optionalText(200, "Company name"),
  company_size: z
    .enum(COMPANY_SIZES, { error: "Choose a company size from the list" })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  timezone: z.string().refine(isTimeZone, "Choose a time zone from the list"),
  currency: z.string().regex(/^[A-Z]{3}$/, "Choose a currency from the list"),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;

/** Avatar rules of the spec, checked in the browser before upload and again on the server. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
