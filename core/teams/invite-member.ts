import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import { invitationMail } from "./invitation-mail.ts";
import { INVITATION_TTL_MS, newInvitationToken } from "./invitation-tokens.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { inviteSchema, TEAM_MESSAGES } from "./team-schemas.ts";

function refuse(field: "email" | "role", message: string): never {
  throw new AppError("unprocessable_entity", message, { fieldErrors: { [field]: message } });
}

/** The link the mail carries: the secret is in the path, and only its SHA-256 is stored. */
function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl}/invitations/${token}`;
}

/** Sends a fresh link for an invitation to `email`, in the inviter's language. */
export async function mailInvitation(
  deps: Pick<TeamDependencies, "team" | "mailer" | "appUrl">,
  actor: Actor,
  input: { email: string; role: Parameters<typeof invitationMail>[0]["role"]; organizationName: string; token: string },
): Promise<void> {
  await deps.mailer.send(
    invitationMail({
      to: input.email,
      inviterName: actor.label,
      organizationName: input.organizationName,
      role: input.role,
      url: invitationUrl(deps.appUrl, input.token),
      language: await deps.team.languageOf(actor.id),
    }),
  );
}

/**
 * Invites someone by email with a role: refused (with the field's message, nothing saved) for an
 * invalid address or role, someone already in the organization, or an address already invited.
 */
export async function inviteMember(deps: TeamDependencies, actor: Actor, values: unknown) {
  const parsed = inviteSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const [first] = Object.values(fieldErrors);
    throw new AppError("unprocessable_entity", first ?? TEAM_MESSAGES.email, { fieldErrors });
  }
  const { email, role } = parsed.data;
  if (await deps.team.isMemberByEmail(actor.organizationId, email)) refuse("email", TEAM_MESSAGES.alreadyMember);
  if (await deps.team.hasPendingInvitation(actor.organizationId, email)) refuse("email", TEAM_MESSAGES.alreadyInvited);
  await deps.assertWithinLimit?.(actor.organizationId, "members");

  const now = deps.now();
  const { token, tokenHash } = newInvitationToken();
  const id = await deps.team.insertInvitation({
    organizationId: actor.organizationId,
    email,
    role,
    inviterId: actor.id,
    tokenHash,
    sentAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  const invitation = await deps.team.findPendingInvitation(actor.organizationId, id);
  if (!invitation) throw new AppError("internal_error", "The invitation could not be read back.");
  await deps.audit.record(actor, {
    action: "member.invited",
    target: { type: "invitation", id, label: email },
    details: { role },
  });
  await mailInvitation(deps, actor, { email, role, organizationName: invitation.organizationName, token });
  return { id, email, role };
}
