import type { ReadOnlyReason } from "#core/access/actor.ts";
import type { Membership, OrganizationRepository } from "#core/organizations/organization-repository.ts";
import { resolveOrganization } from "#core/organizations/resolve-organization.ts";
import type { PreferencesRepository } from "./preferences-repository.ts";
import type { Preferences } from "./preferences-schema.ts";
import type { ProfileRepository, UserProfile } from "./profile-repository.ts";

/** better-auth's session lookup, as the viewer needs it. */
export interface SessionReader {
  api: {
    getSession(input: { headers: Headers }): Promise<{
      user: { id: string; email: string; name: string };
      session: { id: string; activeOrganizationId?: string | null };
    } | null>;
  };
}

export interface ViewerContext {
  user: { id: string; email: string; name: string };
  /** The server-side session's id: what a connect flow's OAuth state is bound to. */
  sessionId: string;
  profile: UserProfile | null;
  preferences: Preferences;
  /** The organization this session works in; every team-owned query is scoped to it. */
  organization: Membership;
  /** Billing: why the organization is read-only, null when it is not (its writes are refused). */
  readOnly?: ReadOnlyReason | null;
}

/** The caller's session (server-side, revocable) with their profile, preferences and organization. */
export async function getViewerContext(
  deps: {
    auth: SessionReader;
    profiles: ProfileRepository;
    preferences: PreferencesRepository;
    organizations: OrganizationRepository;
    /** Billing's answer to "is this organization read-only?" */
    readOnlyOf?: (organizationId: string) => Promise<ReadOnlyReason | null>;
  },
  headers: Headers,
): Promise<ViewerContext | null> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  const { user } = session;
  const [profile, saved] = await Promise.all([deps.profiles.findById(user.id), deps.preferences.findByUserId(user.id)]);
  const organization = await resolveOrganization(
    deps,
    { id: user.id, firstName: profile?.firstName ?? "", companyName: profile?.companyName ?? null },
    session.session.activeOrganizationId,
  );
  const readOnly = (await deps.readOnlyOf?.(organization.organizationId)) ?? null;
  return { user, sessionId: session.session.id, profile, preferences: saved, organization, readOnly };
}
