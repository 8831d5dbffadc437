import type { Actor } from "#core/access/actor.ts";
import { isSupportedCurrency, isSupportedTimeZone } from "#core/accounts/profile-options.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Membership, OrganizationRepository } from "./organization-repository.ts";
import {
  createOrganizationSchema,
  fieldErrorsOf,
  ORGANIZATION_INVALID_MESSAGE,
} from "./organization-settings-schema.ts";

export interface CreateOrganizationDependencies {
  organizations: OrganizationRepository;
  audit: AuditLog;
  now?: () => Date;
  /**
   * Runs once the organization exists, before the session switches to it: billing (issue 19 §3)
   * starts its 14-day Professional trial here.
   */
  onOrganizationCreated?: (organizationId: string) => Promise<void>;
}

/**
 * Create New: a new organization with the acting person as its owner, its time zone and currency
 * taken from their profile; their session then works in it.
 */
export async function createOrganization(
  deps: CreateOrganizationDependencies,
  actor: Actor,
  input: { values: unknown; sessionId: string },
): Promise<Membership> {
  if (actor.kind !== "user") throw new AppError("forbidden", "Only a person can create an organization.");
  const parsed = createOrganizationSchema.safeParse(input.values);
  if (!parsed.success)
    throw new AppError("bad_request", ORGANIZATION_INVALID_MESSAGE, { fieldErrors: fieldErrorsOf(parsed.error) });

  const region = await deps.organizations.findProfileRegion(actor.id);
  const now = deps.now?.() ?? new Date();
  const membership = await deps.organizations.createWithOwner({
    name: parsed.data.name,
    ownerId: actor.id,
    createdAt: now,
    timeZone: region && isSupportedTimeZone(region.timeZone) ? region.timeZone : undefined,
    currency: region && isSupportedCurrency(region.currency) ? region.currency : undefined,
  });
  await deps.onOrganizationCreated?.(membership.organizationId);
  await deps.organizations.activate({
    userId: actor.id,
    sessionId: input.sessionId,
    organizationId: membership.organizationId,
    at: now,
  });
  // The entry belongs to the new organization's log, where its owner will look for it.
  await deps.audit.record(
    { ...actor, organizationId: membership.organizationId, role: "owner" },
    {
      action: "organization.created",
      target: { type: "organization", id: membership.organizationId, label: membership.name },
      details: { name: membership.name },
    },
  );
  return membership;
}
