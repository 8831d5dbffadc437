import type { Actor } from "#core/access/actor.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { AppError } from "#core/errors/app-error.ts";
import { CONVERSION_MESSAGES } from "./conversion-messages.ts";
import { validationError } from "./conversion-validation.ts";
import type { ConversionsRepository } from "./conversions-repository.ts";
import { setConversionCountedSchema } from "./conversions-schemas.ts";

/**
 * Counts a conversion action or stops counting it, for the actor's organization. History follows
 * at once, without a re-sync: every campaign-day the action has counts on is rewritten from the
 * platform's figures and the choices, with the analytics rollups, in one transaction.
 */
export async function setConversionCounted(
  deps: { conversions: ConversionsRepository; audit: AuditLog },
  actor: Actor,
  input: unknown,
): Promise<{ actionId: string; counted: boolean; campaignsRecomputed: number; campaignDaysRecomputed: number }> {
  const parsed = setConversionCountedSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { actionId, counted } = parsed.data;
  const changed = await deps.conversions.setCounted(actor.organizationId, actionId, counted, {
    id: actor.kind === "user" ? actor.id : null,
    name: actor.label,
  });
  if (!changed) throw new AppError("not_found", CONVERSION_MESSAGES.notFound);
  await deps.audit.record(actor, {
    action: "conversions.counted_changed",
    target: { type: "conversion_action", id: actionId, label: `${changed.name} (${changed.platform})` },
    details: { counted, campaignsRecomputed: changed.campaigns },
  });
  return { actionId, counted, campaignsRecomputed: changed.campaigns, campaignDaysRecomputed: changed.days };
}
