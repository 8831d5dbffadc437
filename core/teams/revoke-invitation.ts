import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(deps: TeamDependencies, actor: Actor, invitationId: string) {
  const invitation = await deps.team.findPendingInvitation(actor.organizationId, invitationId);
  if (!invitation) throw new AppError("not_found", TEAM_MESSAGES.noInvitation);
  await deps.team.revokeInvitation(actor.organizationId, invitation.id);
  await deps.audit.record(actor, {
    action: "member.invitation_revoked",
    target: { type: "invitation", id: invitation.id, label: invitation.email },
  });
  return { id: invitation.id, email: invitation.email };
}
