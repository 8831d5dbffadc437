import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createApiKeyRepository } from "#core/api-keys/api-key-repository.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import { createLimitCheck } from "#core/billing/billing-limits.ts";
import { createBillingRepository } from "#core/billing/billing-repository.ts";
import type { Database } from "#core/db/schema.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { acceptInvitation, getInvitation } from "./accept-invitation.ts";
import { changeMemberRole } from "./change-member-role.ts";
import { inviteMember } from "./invite-member.ts";
import { leaveOrganization } from "./leave-organization.ts";
import { listTeam } from "./list-team.ts";
import { removeMember } from "./remove-member.ts";
import { resendInvitation } from "./resend-invitation.ts";
import { revokeInvitation } from "./revoke-invitation.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { createTeamRepository } from "./team-repository.ts";
import { transferOwnership } from "./transfer-ownership.ts";

export interface TeamsModuleDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
  /** The API keys' cache hears of keys revoked with their creator's membership. */
  onApiKeysRevoked?: (apiKeyIds: string[]) => void;
}

/** The team (/settings/team): members and roles, invitations by link, leaving and handing over the organization. */
export function createTeamsModule({
  db,
  mailer,
  appUrl,
  now = () => new Date(),
  onApiKeysRevoked,
}: TeamsModuleDependencies) {
  const deps: TeamDependencies = {
    team: createTeamRepository(db),
    apiKeys: createApiKeyRepository(db),
    onApiKeysRevoked,
    audit: createAuditLog(db),
    mailer,
    appUrl,
    now,
    assertWithinLimit: createLimitCheck(createBillingRepository(db), now),
  };
  return {
    /** Members and pending invitations: everyone in the organization may see the team. */
    listTeam: useCase("workspace.read", (actor) => listTeam(deps, actor)),
    /** Invites an address with a role (untrusted form values); mails a link that works once for 7 days. */
    inviteMember: useCase("members.manage", (actor, values: unknown) => inviteMember(deps, actor, values)),
    resendInvitation: useCase("members.manage", (actor, invitationId: string) =>
      resendInvitation(deps, actor, invitationId),
    ),
    revokeInvitation: useCase("members.manage", (actor, invitationId: string) =>
      revokeInvitation(deps, actor, invitationId),
    ),
    changeMemberRole: useCase("members.manage", (actor, input: { memberId: string; role: unknown }) =>
      changeMemberRole(deps, actor, input),
    ),
    removeMember: useCase("members.manage", (actor, memberId: string) => removeMember(deps, actor, memberId)),
    leaveOrganization: useCase("self.manage", (actor) => leaveOrganization(deps, actor)),
    transferOwnership: useCase("organization.own", (actor, memberId: string) =>
      transferOwnership(deps, actor, memberId),
    ),
    /** What an invitation link shows; the token is the credential, whoever opens it. */
    getInvitation: (token: string) => getInvitation(deps, token),
    /** The signed-in person accepts the invitation to their address and joins its organization. */
    acceptInvitation: (input: {
      token: string;
      user: { id: string; email: string; name: string };
      sessionId: string | null;
    }) => acceptInvitation(deps, input),
  };
}

export type TeamsModule = ReturnType<typeof createTeamsModule>;
