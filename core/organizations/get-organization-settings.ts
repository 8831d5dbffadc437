import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { OrganizationRepository, OrganizationSettings } from "./organization-repository.ts";

/** The acting organization's settings, as /settings/general shows them. */
export async function getOrganizationSettings(
  { organizations }: { organizations: OrganizationRepository },
  actor: Actor,
): Promise<OrganizationSettings> {
  const settings = await organizations.findSettings(actor.organizationId);
  if (!settings) throw new AppError("not_found", "This organization no longer exists.");
  return settings;
}
