import type { Actor } from "#core/access/actor.ts";
import type { OrganizationRepository, SwitcherEntry } from "./organization-repository.ts";

export interface MyOrganization extends SwitcherEntry {
  /** The one the session works in now. */
  isActive: boolean;
}

/** The organizations the acting person belongs to, for the switcher: the last used first. */
export async function listMyOrganizations(
  { organizations }: { organizations: OrganizationRepository },
  actor: Actor,
): Promise<MyOrganization[]> {
  if (actor.kind !== "user") return [];
  const entries = await organizations.listForSwitcher(actor.id);
  return entries.map((entry) => ({ ...entry, isActive: entry.organizationId === actor.organizationId }));
}
