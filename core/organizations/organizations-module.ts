import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { createOrganization } from "./create-organization.ts";
import { getOrganizationSettings } from "./get-organization-settings.ts";
import { listMyOrganizations } from "./list-my-organizations.ts";
import { createOrganizationRepository } from "./organization-repository.ts";
import { removeOrganizationLogo } from "./remove-organization-logo.ts";
import { switchOrganization } from "./switch-organization.ts";
import { updateOrganizationLogo } from "./update-organization-logo.ts";
import { updateOrganizationSettings } from "./update-organization-settings.ts";

export interface OrganizationsModuleDependencies {
  db: Kysely<Database>;
  /** Where logos are kept. */
  storage: FileStorage;
  now?: () => Date;
  /** Billing's hook: a new organization's trial starts here (issue 19 §3). */
  onOrganizationCreated?: (organizationId: string) => Promise<void>;
}

/**
 * A person's organizations (the sidebar's switcher and Create New) and the acting organization's
 * settings (/settings/general). Switching and creating act on the caller's own session and
 * memberships; settings are the acting organization's only.
 */
export function createOrganizationsModule({
  db,
  storage,
  now,
  onOrganizationCreated,
}: OrganizationsModuleDependencies) {
  const organizations = createOrganizationRepository(db);
  const audit = createAuditLog(db);
  return {
    /** The caller's organizations, the last used first, the active one marked. */
    listMyOrganizations: useCase("self.manage", (actor) => listMyOrganizations({ organizations }, actor)),
    /** Makes one of the caller's organizations their session's; 404 for any other id. */
    switchOrganization: useCase("self.manage", (actor, input: { organizationId: unknown; sessionId: string }) =>
      switchOrganization({ organizations, now }, actor, input),
    ),
    /** Create New: the caller owns it, and their session switches to it. */
    createOrganization: useCase("self.manage", (actor, input: { values: unknown; sessionId: string }) =>
      createOrganization({ organizations, audit, now, onOrganizationCreated }, actor, input),
    ),
    /** /settings/general as everyone in the organization reads it. */
    getOrganizationSettings: useCase("workspace.read", (actor) => getOrganizationSettings({ organizations }, actor)),
    updateOrganizationSettings: useCase(
      "organization.manage",
      (actor, input: { values: unknown; ipAddress?: string | null }) =>
        updateOrganizationSettings({ organizations, audit }, actor, input),
    ),
    updateOrganizationLogo: useCase(
      "organization.manage",
      (actor, input: { bytes: Buffer; ipAddress?: string | null }) =>
        updateOrganizationLogo({ organizations, storage, audit }, actor, input),
    ),
    removeOrganizationLogo: useCase("organization.manage", (actor, input?: { ipAddress?: string | null }) =>
      removeOrganizationLogo({ organizations, storage, audit }, actor, input),
    ),
  };
}

export type OrganizationsModule = ReturnType<typeof createOrganizationsModule>;
