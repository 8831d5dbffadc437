import { z } from "zod";
import { ATTRIBUTION_SOURCES } from "#core/organizations/organization-settings-schema.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { CONVERSION_MESSAGES } from "./conversion-messages.ts";

export const setConversionCountedSchema = z.object({
  actionId: z
    .string({ error: CONVERSION_MESSAGES.chooseAction })
    .trim()
    .min(1, CONVERSION_MESSAGES.chooseAction)
    .max(64),
  counted: z.boolean({ error: CONVERSION_MESSAGES.chooseCounted }),
});

const source = z.enum(ATTRIBUTION_SOURCES, { error: CONVERSION_MESSAGES.chooseSource });

export const setRevenueTruthSchema = z.object({
  defaultSource: source,
  overrides: z
    .record(z.string(), source)
    .refine(
      (overrides) =>
        Object.keys(overrides).every((platform) => (AD_PLATFORM_IDS as readonly string[]).includes(platform)),
      {
        message: CONVERSION_MESSAGES.unknownPlatform,
      },
    )
    .default({}),
});
