import type { Actor } from "#core/access/actor.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { CONVERSION_MESSAGES } from "./conversion-messages.ts";
import { validationError } from "./conversion-validation.ts";
import type { ConversionsRepository } from "./conversions-repository.ts";
import { setRevenueTruthSchema } from "./conversions-schemas.ts";
import type { RevenueTruth } from "./conversions-types.ts";

/**
 * Sets which revenue is the truth: platform-reported or the store's (orders attributed by UTM),
 * organization-wide (the organization's default attribution) and per platform.
 */
export async function setRevenueTruth(
  deps: { conversions: ConversionsRepository; audit: AuditLog },
  actor: Actor,
  input: unknown,
): Promise<RevenueTruth> {
  const parsed = setRevenueTruthSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const truth: RevenueTruth = {
    defaultSource: parsed.data.defaultSource,
    overrides: parsed.data.overrides as Partial<Record<AdPlatformId, "platform" | "store">>,
  };
  const usesStore = truth.defaultSource === "store" || Object.values(truth.overrides).includes("store");
  if (usesStore && !(await deps.conversions.connectedPlatforms(actor.organizationId)).hasStore)
    throw new AppError("unprocessable_entity", CONVERSION_MESSAGES.storeNeeded, {
      fieldErrors: { defaultSource: CONVERSION_MESSAGES.storeNeeded },
    });
  const before = await deps.conversions.getRevenueTruth(actor.organizationId);
  await deps.conversions.setRevenueTruth(actor.organizationId, truth);
  const after = await deps.conversions.getRevenueTruth(actor.organizationId);
  await deps.audit.record(actor, {
    action: "conversions.revenue_truth_changed",
    target: null,
    details: { from: before, to: after },
  });
  return after;
}
