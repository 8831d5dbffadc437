import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { INVITATION_TTL_MS, newInvitationToken } from "./invitation-tokens.ts";
import { mailInvitation } from "./invite-member.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";

/** Sends the invitation again with a new link and a new 7 days; the old link stops working. */
export async function resendInvitation(deps: TeamDependencies, actor: Actor, invitationId: string) {
  const invitation = await deps.team.findPendingInvitation(actor.organizationId, invitationId);
  if (!invitation) throw new AppError("not_found", TEAM_MESSAGES.noInvitation);
  const now = deps.now();
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await deps.team.reissueInvitation(actor.organizationId, invitation.id, { tokenHash, sentAt: now, expiresAt });
  await deps.audit.record(actor, {
    action: "member.invitation_resent",
    target: { type: "invitation", id: invitation.id, label: invitation.email },
  });
  await mailInvitation(deps, actor, {
    email: invitation.email,
    role: invitation.role,
    organizationName: invitation.organizationName,
    token,
  });
  return { id: invitation.id, email: invitation.email, expiresAt: expiresAt.toISOString() };
}
