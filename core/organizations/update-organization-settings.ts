import type { Actor } from "#core/access/actor.ts";
import { isSupportedCurrency, isSupportedTimeZone } from "#core/accounts/profile-options.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { AppError } from "#core/errors/app-error.ts";
import { getOrganizationSettings } from "./get-organization-settings.ts";
import type { OrganizationRepository, OrganizationSettings } from "./organization-repository.ts";
import {
  fieldErrorsOf,
  ORGANIZATION_INVALID_MESSAGE,
  type OrganizationSettingsUpdate,
  organizationSettingsSchema,
} from "./organization-settings-schema.ts";

const FIELDS = [
  "name",
  "timeZone",
  "currency",
  "defaultAttribution",
] as const satisfies readonly (keyof OrganizationSettingsUpdate)[];

/**
 * Saves /settings/general's form for the acting organization. The input is untrusted: anything off
 * the schema or the server's lists is refused with field errors and nothing is saved. The audit
 * log gets what changed, before and after.
 */
export async function updateOrganizationSettings(
  deps: { organizations: OrganizationRepository; audit: AuditLog },
  actor: Actor,
  input: { values: unknown; ipAddress?: string | null },
): Promise<OrganizationSettings> {
  const parsed = organizationSettingsSchema.safeParse(input.values);
  const fieldErrors: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (parsed.success) {
    // The schema takes any valid zone or code; the form offers only what this server lists.
    if (!isSupportedTimeZone(parsed.data.timeZone)) fieldErrors.timeZone = "Choose a time zone from the list";
    if (!isSupportedCurrency(parsed.data.currency)) fieldErrors.currency = "Choose a currency from the list";
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0)
    throw new AppError("bad_request", ORGANIZATION_INVALID_MESSAGE, { fieldErrors });

  const before = await getOrganizationSettings(deps, actor);
  const changed = FIELDS.filter((field) => before[field] !== parsed.data[field]);
  if (changed.length === 0) return before;
  await deps.organizations.updateSettings(actor.organizationId, parsed.data);
  const after = { ...before, ...parsed.data };
  await deps.audit.record(actor, {
    action: "organization.updated",
    target: { type: "organization", id: actor.organizationId, label: after.name },
    details: Object.fromEntries(changed.map((field) => [field, { from: before[field], to: after[field] }])),
    ipAddress: input.ipAddress,
  });
  return after;
}
