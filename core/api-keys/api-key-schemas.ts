import { z } from "zod";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";

export const API_KEY_SCOPES = ["read", "read_write"] as const satisfies readonly ApiKeyScope[];
export const API_KEY_NAME_MAX_LENGTH = 100;

/** Today's date in UTC, YYYY-MM-DD: expiry dates are UTC calendar dates. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A key with this expiry date stops working at 00:00 UTC that day; it must be a later day than today. */
export function isFutureExpiryDate(date: string, now: Date = new Date()): boolean {
  return date > utcToday(now);
}

export const EXPIRY_IN_PAST_MESSAGE = "The expiry date must be after today.";

/** The Create API key form, checked against the clock `now` (the use case passes its own). */
export function createApiKeySchemaAt(now: () => Date = () => new Date()) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, "Give the key a name, e.g. Reporting.")
      .max(API_KEY_NAME_MAX_LENGTH, `A key's name has at most ${API_KEY_NAME_MAX_LENGTH} characters.`),
    /** Optional; an empty field means the key never expires. */
    expiresOn: z
      .union([z.literal(""), z.iso.date("Enter the expiry date as YYYY-MM-DD.")])
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || isFutureExpiryDate(value, now()), EXPIRY_IN_PAST_MESSAGE),
    /** Read only unless asked: a key that leaks can then change nothing. */
    scope: z.enum(API_KEY_SCOPES, "Choose read only, or read and write.").default("read"),
  });
}

/** The Create API key form, on the page and on the server. */
export const createApiKeySchema = createApiKeySchemaAt();

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
