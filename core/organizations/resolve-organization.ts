import type { Membership, OrganizationRepository } from "./organization-repository.ts";

export interface WorkspaceOwner {
  id: string;
  firstName: string;
  companyName: string | null;
}

/** The organization a new user starts in: named after their company, or after them. */
export function personalWorkspaceName({ firstName, companyName }: Omit<WorkspaceOwner, "id">): string {
  if (companyName?.trim()) return companyName.trim();
  if (firstName.trim()) return `${firstName.trim()}'s workspace`;
  return "My workspace";
}

/**
 * Every user works in an organization from their first request on. Sign-up creates it; a user
 * without one (whose sign-up was interrupted, or who predates organizations) gets it here.
 */
export async function ensureWorkspace(
  { organizations }: { organizations: OrganizationRepository },
  owner: WorkspaceOwner,
): Promise<Membership> {
  const [first] = await organizations.listMemberships(owner.id);
  if (first) return first;
  return organizations.createWithOwner({ name: personalWorkspaceName(owner), ownerId: owner.id });
}

/**
 * The organization a request works in: the session's active one while the user is still a
 * member of it, otherwise their first. The client never names it; the session does.
 */
export async function resolveOrganization(
  deps: { organizations: OrganizationRepository },
  owner: WorkspaceOwner,
  activeOrganizationId: string | null | undefined,
): Promise<Membership> {
  if (activeOrganizationId) {
    const active = await deps.organizations.findMembership(owner.id, activeOrganizationId);
    if (active) return active;
  }
  return ensureWorkspace(deps, owner);
}
