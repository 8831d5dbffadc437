import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { AssignableRole, Role } from "#core/access/actor.ts";
import type { Team } from "#core/teams/team-types.ts";

export type TeamActionResult =
  | { ok: true; intent: "invite"; email: string }
  | { ok: true; intent: "resend"; email: string }
  | { ok: true; intent: "revoke"; email: string }
  | { ok: true; intent: "role"; name: string; role: Role }
  | { ok: true; intent: "remove"; name: string }
  | { ok: true; intent: "transfer"; name: string }
  | { ok: true; intent: "leave"; organizationName: string }
  | ActionRefusal;

export interface TeamScreenProps extends TeamViewProps {
  timeZone: string;
}

/** What the team's cards read (the time zone comes from the screen's provider). */
export interface TeamViewProps extends Team {
  /** The signed-in person's user id. */
  viewerId: string;
  viewerRole: Role;
  canManage: boolean;
  canTransfer: boolean;
  /** The permission matrix from core, for the "Roles and permissions" card. */
  matrix: Array<{ permission: string; roles: Role[] }>;
  now: string;
}

/** Each role's label and one-line description: keys of the "team" namespace. */
export const ROLE_LABEL_KEYS: Record<Role, string> = {
  owner: "roles.owner",
  admin: "roles.admin",
  manager: "roles.manager",
  analyst: "roles.analyst",
  viewer: "roles.viewer",
};

export const ROLE_DESCRIPTION_KEYS: Record<AssignableRole, string> = {
  admin: "roleDescriptions.admin",
  manager: "roleDescriptions.manager",
  analyst: "roleDescriptions.analyst",
  viewer: "roleDescriptions.viewer",
};
