/**
 * A new session is a sign-in: it goes into the audit log of every organization the person belongs
 * to, since one session reaches all of them (the switcher changes organization without signing in
 * again), so each organization's admins see every sign-in that could act in it. The address and
 * the browser are the session's own, as better-auth recorded them; tokens never are.
 */
import { userActor } from "#core/access/actor.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import type { OrganizationRepository } from "#core/organizations/organization-repository.ts";

export interface SignedInSession {
  id: string;
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** How the session began, from better-auth's endpoint path. */
export function signInMethodOf(path: string | undefined): "password" | "github" | "link" {
  if (!path) return "link";
  if (path.includes("/sign-in/email")) return "password";
  if (path.includes("oauth2") || path.includes("callback")) return "github";
  return "link";
}

export async function recordSignIn(
  deps: {
    audit: AuditLog;
    organizations: Pick<OrganizationRepository, "listMemberships">;
    userName: (userId: string) => Promise<string>;
  },
  session: SignedInSession,
  method: ReturnType<typeof signInMethodOf>,
): Promise<void> {
  const memberships = await deps.organizations.listMemberships(session.userId);
  if (memberships.length === 0) return;
  const name = await deps.userName(session.userId);
  for (const membership of memberships)
    await deps.audit.record(
      userActor({ userId: session.userId, name, organizationId: membership.organizationId, role: membership.role }),
      {
        action: "auth.signed_in",
        target: { type: "user", id: session.userId, label: name },
        details: { method, userAgent: session.userAgent || null },
        ipAddress: session.ipAddress || null,
      },
    );
}
