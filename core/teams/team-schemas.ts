import { z } from "zod";
import { ASSIGNABLE_ROLES } from "#core/access/actor.ts";
import { EMAIL_MESSAGE, emailField } from "#core/forms/form-fields.ts";

/** The messages the team's use cases refuse with (English; the app translates them through messages-team.json). */
export const TEAM_MESSAGES = {
  email: EMAIL_MESSAGE,
  role: "Choose a role from the list.",
  alreadyMember: "This person is already a member of the organization.",
  alreadyInvited: "This address already has a pending invitation. Resend it instead.",
  noMember: "There is no such member in this organization.",
  noInvitation: "There is no such pending invitation.",
  ownerRole: "The owner's role changes only by transferring ownership.",
  ownRole: "You cannot change your own role. Ask another admin.",
  removeOwner: "The owner cannot be removed. Transfer ownership first.",
  removeSelf: "To remove yourself, leave the organization.",
  ownerLeaves: "The owner cannot leave the organization. Transfer ownership first.",
  transferToAdmin: "Ownership can only go to an admin. Make them an admin first.",
  transferToSelf: "You already own this organization.",
  linkUnknown: "This invitation link is not valid.",
  linkExpired: "This invitation has expired.",
  linkUsed: "This invitation has already been used.",
  linkRevoked: "This invitation was revoked.",
  wrongEmail: "This invitation is for another email address.",
  youAreMember: "You are already a member of this organization.",
} as const;

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(ASSIGNABLE_ROLES, { error: TEAM_MESSAGES.role }),
});

export const roleSchema = z.enum(ASSIGNABLE_ROLES, { error: TEAM_MESSAGES.role });
