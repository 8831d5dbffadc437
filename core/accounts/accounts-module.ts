import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { organizationReadOnly } from "#core/billing/organization-read-only.ts";
import type { Database } from "#core/db/schema.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { ensureWorkspace } from "#core/organizations/resolve-organization.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { getViewerContext, type SessionReader } from "./get-viewer.ts";
import { listSessions } from "./list-sessions.ts";
import { createPreferencesRepository } from "./preferences-repository.ts";
import { createProfileRepository } from "./profile-repository.ts";
import { revokeOtherSessions, revokeSession } from "./revoke-session.ts";
import { savePreferences } from "./save-preferences.ts";
import { createSessionRepository } from "./session-repository.ts";
import { updateAvatar } from "./update-avatar.ts";
import { updateProfile } from "./update-profile.ts";

export interface AccountsModuleDependencies {
  db: Kysely<Database>;
  /** Where avatars are kept. */
  storage: FileStorage;
  /** better-auth: the session behind a request's cookie. */
  auth: SessionReader;
}

/**
 * A person's account: who a request's session is (profile, preferences, the organization it works
 * in), and the changes a person makes to their own account. "self.manage" is a person's own:
 * the use cases change the acting user's rows only, never another's.
 */
export function createAccountsModule({ db, storage, auth }: AccountsModuleDependencies) {
  const profiles = createProfileRepository(db);
  const preferences = createPreferencesRepository(db);
  const organizations = createOrganizationRepository(db);
  const sessions = createSessionRepository(db);
  return {
    /** The caller's session with their profile, preferences and organization; where an actor comes from. */
    getViewerContext: (headers: Headers) =>
      getViewerContext(
        { auth, profiles, preferences, organizations, readOnlyOf: (id) => organizationReadOnly(db, id) },
        headers,
      ),
    /**
     * The organization a user works in when no session names one (created if they have none):
     * for the server's own bootstrap, such as the demo seed, which has no session yet.
     */
    getHomeOrganization: async (user: { id: string }) => {
      const profile = await profiles.findById(user.id);
      return ensureWorkspace(
        { organizations },
        { id: user.id, firstName: profile?.firstName ?? "", companyName: profile?.companyName ?? null },
      );
    },
    /** The profile form (untrusted input, refused field by field). */
    updateProfile: useCase("self.manage", (actor, input: unknown) =>
      updateProfile({ profiles, followRegion: organizations.followOwnerRegion }, actor.id, input),
    ),
    /** A new avatar from an upload's bytes; answers its versioned URL. */
    updateAvatar: useCase("self.manage", (actor, bytes: Buffer) =>
      updateAvatar({ storage, profiles }, actor.id, bytes),
    ),
    /** The whole preferences document, validated before it is saved. */
    savePreferences: useCase("self.manage", (actor, input: unknown) =>
      savePreferences({ preferences }, actor.id, input),
    ),
    /** Account → Security: the person's sessions that still work, "This device" first. */
    listSessions: useCase("self.manage", (actor, input: { currentSessionId: string }) =>
      listSessions({ sessions }, actor, input),
    ),
    /** Signs out one of the person's other sessions (404 for anyone else's). */
    revokeSession: useCase("self.manage", (actor, input: { sessionId: string; currentSessionId: string }) =>
      revokeSession({ sessions }, actor, input),
    ),
    /** Signs out every session of the person but the current one. */
    revokeOtherSessions: useCase("self.manage", (actor, input: { currentSessionId: string }) =>
      revokeOtherSessions({ sessions }, actor, input),
    ),
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
