import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";
import type { TeamMember } from "./team-types.ts";

/** Takes a member out and revokes the API keys they created here (a key never outlives its creator's access). */
export async function leaveTeam(deps: TeamDependencies, organizationId: string, member: TeamMember): Promise<number> {
  await deps.team.deleteMember(organizationId, member);
  const revoked = await deps.apiKeys.revokeCreatedBy(organizationId, member.userId, deps.now());
  if (revoked.length > 0) deps.onApiKeysRevoked?.(revoked);
  return revoked.length;
}

/** Removes someone from the organization: not the owner, and not oneself (that is leaving). */
export async function removeMember(deps: TeamDependencies, actor: Actor, memberId: string) {
  const member = await deps.team.findMember(actor.organizationId, memberId);
  if (!member) throw new AppError("not_found", TEAM_MESSAGES.noMember);
  if (member.role === "owner") throw new AppError("conflict", TEAM_MESSAGES.removeOwner);
  if (member.userId === actor.id) throw new AppError("conflict", TEAM_MESSAGES.removeSelf);
  const revokedApiKeys = await leaveTeam(deps, actor.organizationId, member);
  await deps.audit.record(actor, {
    action: "member.removed",
    target: { type: "member", id: member.userId, label: member.email },
    details: { role: member.role, revokedApiKeys },
  });
  return { id: member.id, name: member.name, revokedApiKeys };
}
