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
}

/** The caller's session (server-side, revocable) with their profile, preferences and organization. */
export async function getViewerContext(
  deps: {
    auth: SessionReader;
    profiles: ProfileRepository;
    preferences: PreferencesRepository;
    organizations: OrganizationRepository;
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
  return { user, sessionId: session.session.id, profile, preferences: saved, organization };
}
