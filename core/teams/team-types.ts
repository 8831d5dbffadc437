import type { AssignableRole, Role } from "#core/access/actor.ts";

/** A member of the organization as the team page shows them. */
export interface TeamMember {
  /** The membership's id (what role changes and removals name). */
  id: string;
  userId: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  joinedAt: string;
}

/** An invitation that has not been accepted or revoked yet (expired ones included: they can be resent). */
export interface PendingInvitation {
  id: string;
  email: string;
  role: AssignableRole;
  invitedByName: string | null;
  sentAt: string;
  expiresAt: string;
  isExpired: boolean;
}

export interface Team {
  members: TeamMember[];
  invitations: PendingInvitation[];
}

/** What an invitation link shows before it is accepted, whoever opens it. */
export type InvitationLanding =
  | { state: "unknown" }
  | {
      state: "pending" | "expired" | "accepted" | "revoked";
      organizationName: string;
      inviterName: string | null;
      email: string;
      role: AssignableRole;
    };

export interface AcceptedInvitation {
  organizationId: string;
  organizationName: string;
  role: AssignableRole;
}
