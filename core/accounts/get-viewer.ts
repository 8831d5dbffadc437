import type { PreferencesRepository } from "./preferences-repository.ts";
import type { Preferences } from "./preferences-schema.ts";
import type { ProfileRepository, UserProfile } from "./profile-repository.ts";

interface SessionReader {
  api: {
    getSession(input: { headers: Headers }): Promise<{ user: { id: string; email: string; name: string } } | null>;
  };
}

export interface ViewerContext {
  user: { id: string; email: string; name: string };
  profile: UserProfile | null;
  preferences: Preferences;
}

/** The caller's session (server-side, revocable) with their profile and saved preferences. */
export async function getViewerContext(
  {
    auth,
    profiles,
    preferences,
  }: { auth: SessionReader; profiles: ProfileRepository; preferences: PreferencesRepository },
  headers: Headers,
): Promise<ViewerContext | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const [profile, saved] = await Promise.all([
    profiles.findById(session.user.id),
    preferences.findByUserId(session.user.id),
  ]);
  return { user: session.user, profile, preferences: saved };
}
