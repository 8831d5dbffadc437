import { userActor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { hashInvitationToken, looksLikeInvitationToken } from "./invitation-tokens.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import type { InvitationRecord } from "./team-repository.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";
import type { AcceptedInvitation, InvitationLanding } from "./team-types.ts";

async function findByToken(deps: Pick<TeamDependencies, "team">, token: string) {
  if (!looksLikeInvitationToken(token)) return null;
  const tokenHash = hashInvitationToken(token);
  const invitation = await deps.team.findInvitationByTokenHash(tokenHash);
  return invitation ? { invitation, tokenHash } : null;
}

function stateOf(invitation: InvitationRecord, now: Date): Exclude<InvitationLanding["state"], "unknown"> {
  if (invitation.status === "accepted") return "accepted";
  if (invitation.status !== "pending") return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** What an invitation link shows, to whoever opens it (the token is the secret). */
export async function getInvitation(
  deps: Pick<TeamDependencies, "team" | "now">,
  token: string,
): Promise<InvitationLanding> {
  const found = await findByToken(deps, token);
  if (!found) return { state: "unknown" };
  const { invitation } = found;
  return {
    state: stateOf(invitation, deps.now()),
    organizationName: invitation.organizationName,
    inviterName: invitation.inviterName,
    email: invitation.email,
    role: invitation.role,
  };
}

const REFUSALS = {
  expired: TEAM_MESSAGES.linkExpired,
  accepted: TEAM_MESSAGES.linkUsed,
  revoked: TEAM_MESSAGES.linkRevoked,
} as const;

/**
 * The signed-in person accepts an invitation sent to their address: once, within 7 days, unless it
 * was revoked. They join with the invited role, and their session switches to the organization.
 */
export async function acceptInvitation(
  deps: TeamDependencies,
  input: { token: string; user: { id: string; email: string; name: string }; sessionId: string | null },
): Promise<AcceptedInvitation> {
  const found = await findByToken(deps, input.token);
  if (!found) throw new AppError("not_found", TEAM_MESSAGES.linkUnknown);
  const { invitation, tokenHash } = found;
  const now = deps.now();
  const state = stateOf(invitation, now);
  if (state !== "pending") throw new AppError("conflict", REFUSALS[state]);
  if (invitation.email.toLowerCase() !== input.user.email.trim().toLowerCase())
    throw new AppError("forbidden", TEAM_MESSAGES.wrongEmail);
  if (await deps.team.findMemberByUser(invitation.organizationId, input.user.id))
    throw new AppError("conflict", TEAM_MESSAGES.youAreMember);
  const isAccepted = await deps.team.acceptInvitation({
    invitation,
    tokenHash,
    userId: input.user.id,
    sessionId: input.sessionId,
    at: now,
  });
  if (!isAccepted) throw new AppError("conflict", TEAM_MESSAGES.linkUsed);
  const actor = userActor({
    userId: input.user.id,
    name: input.user.name,
    organizationId: invitation.organizationId,
    role: invitation.role,
  });
  await deps.audit.record(actor, {
    action: "member.joined",
    target: { type: "member", id: input.user.id, label: invitation.email },
    details: { role: invitation.role, invitedBy: invitation.inviterName },
  });
  return {
    organizationId: invitation.organizationId,
    organizationName: invitation.organizationName,
    role: invitation.role,
  };
}
