import { z } from "zod";
import { AD_PLATFORM_IDS } from "./lib/platform-ids.ts";
import { dateOfDay, dayNumberOf } from "./market/calendar.ts";
import { ANOMALY_KINDS, type NewSandboxAnomaly, type SandboxAnomaly } from "./sandbox-state-repository.ts";

export { ANOMALY_KINDS };

/** A spend spike triples the spend; a conversion drop keeps a fifth of the conversions. */
export const DEFAULT_ANOMALY_FACTORS = { spend_spike: 3, conversion_drop: 0.2 } as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD")
  .refine((value) => dateOfDay(dayNumberOf(value)) === value, "not a calendar date");

/**
 * The admin API's and the CLI's input: an anomaly to inject. Without `fromDate` it starts on the
 * sandbox's yesterday, the latest complete day, which monitoring judges after the next sync.
 */
export const sandboxAnomalyInput = z
  .object({
    kind: z.enum(ANOMALY_KINDS),
    tenant: z.string().min(1).max(64).nullish(),
    platform: z.enum(AD_PLATFORM_IDS).nullish(),
    campaignExternalId: z.string().min(1).max(64).nullish(),
    factor: z.number().min(0).max(100).optional(),
    fromDate: isoDate.optional(),
    toDate: isoDate.nullish(),
  })
  .refine((input) => input.kind !== "spend_spike" || input.factor === undefined || input.factor > 1, {
    path: ["factor"],
    message: "a spend spike multiplies spend by more than 1",
  })
  .refine((input) => input.kind !== "conversion_drop" || input.factor === undefined || input.factor < 1, {
    path: ["factor"],
    message: "a conversion drop keeps a share of conversions below 1",
  })
  .refine((input) => !input.fromDate || !input.toDate || input.toDate >= input.fromDate, {
    path: ["toDate"],
    message: "toDate is on or after fromDate",
  });

/** The anomaly to store: defaults filled in from the sandbox's today. */
export function newAnomalyOf(input: z.output<typeof sandboxAnomalyInput>, today: string): NewSandboxAnomaly {
  return {
    kind: input.kind,
    tenant: input.tenant ?? null,
    platform: input.platform ?? null,
    campaignExternalId: input.campaignExternalId ?? null,
    factor: input.factor ?? DEFAULT_ANOMALY_FACTORS[input.kind],
    fromDate: input.fromDate ?? dateOfDay(dayNumberOf(today) - 1),
    toDate: input.toDate ?? null,
  };
}

/** The admin API's view of an anomaly. */
export function toAnomalyDto(anomaly: SandboxAnomaly) {
  return {
    id: anomaly.id,
    kind: anomaly.kind,
    tenant: anomaly.tenant,
    platform: anomaly.platform,
    campaignExternalId: anomaly.campaignExternalId,
    factor: anomaly.factor,
    fromDate: anomaly.fromDate,
    toDate: anomaly.toDate,
    createdAt: anomaly.createdAt,
  };
}
