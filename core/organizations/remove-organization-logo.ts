import type { Actor } from "#core/access/actor.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { getOrganizationSettings } from "./get-organization-settings.ts";
import type { OrganizationRepository } from "./organization-repository.ts";
import { logoKeyOf } from "./update-organization-logo.ts";

/** Takes the logo away: the sidebar shows Adhelm's mark again. */
export async function removeOrganizationLogo(
  deps: { organizations: OrganizationRepository; storage: FileStorage; audit: AuditLog },
  actor: Actor,
  input: { ipAddress?: string | null } = {},
): Promise<void> {
  const before = await getOrganizationSettings(deps, actor);
  if (!before.logo) return;
  await deps.organizations.updateSettings(actor.organizationId, { logo: null });
  await deps.storage.delete(logoKeyOf(actor.organizationId));
  await deps.audit.record(actor, {
    action: "organization.updated",
    target: { type: "organization", id: actor.organizationId, label: before.name },
    details: { logo: { from: "set", to: "none" } },
    ipAddress: input.ipAddress,
  });
}
