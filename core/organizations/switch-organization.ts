import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Membership, OrganizationRepository } from "./organization-repository.ts";

export const ORGANIZATION_NOT_FOUND_MESSAGE = "This organization does not exist or you are not a member of it.";

/**
 * Makes one of the person's organizations the one their session works in. Another organization's id
 * is answered like an unknown one (404), so nobody learns which organizations exist.
 */
export async function switchOrganization(
  deps: { organizations: OrganizationRepository; now?: () => Date },
  actor: Actor,
  input: { organizationId: unknown; sessionId: string },
): Promise<Membership> {
  const organizationId = typeof input.organizationId === "string" ? input.organizationId : "";
  const membership =
    actor.kind === "user" && organizationId ? await deps.organizations.findMembership(actor.id, organizationId) : null;
  if (!membership) throw new AppError("not_found", ORGANIZATION_NOT_FOUND_MESSAGE);
  await deps.organizations.activate({
    userId: actor.id,
    sessionId: input.sessionId,
    organizationId: membership.organizationId,
    at: deps.now?.() ?? new Date(),
  });
  return membership;
}
