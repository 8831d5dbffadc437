import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { leaveTeam } from "./remove-member.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";

/**
 * The actor leaves the organization (anyone but the owner). Their sessions fall back to another of
 * their organizations on the next request (core/organizations/resolve-organization.ts).
 */
export async function leaveOrganization(deps: TeamDependencies, actor: Actor) {
  const member = await deps.team.findMemberByUser(actor.organizationId, actor.id);
  if (!member) throw new AppError("not_found", TEAM_MESSAGES.noMember);
  if (member.role === "owner") throw new AppError("conflict", TEAM_MESSAGES.ownerLeaves);
  const revokedApiKeys = await leaveTeam(deps, actor.organizationId, member);
  await deps.audit.record(actor, {
    action: "member.left",
    target: { type: "member", id: member.userId, label: member.email },
    details: { role: member.role, revokedApiKeys },
  });
  return { organizationId: actor.organizationId };
}
