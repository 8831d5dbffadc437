import type { Actor } from "#core/access/actor.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import type { Team } from "./team-types.ts";

/** The organization's members and its pending invitations: everyone in it may see who is on the team. */
export async function listTeam(deps: Pick<TeamDependencies, "team" | "now">, actor: Actor): Promise<Team> {
  const now = deps.now();
  const [members, invitations] = await Promise.all([
    deps.team.listMembers(actor.organizationId),
    deps.team.listPendingInvitations(actor.organizationId),
  ]);
  return {
    members,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedByName: invitation.inviterName,
      sentAt: invitation.sentAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      isExpired: invitation.expiresAt.getTime() <= now.getTime(),
    })),
  };
}
