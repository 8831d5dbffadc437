import type { Permission } from "#core/access/permissions.ts";

/** The signed-in person as the UI needs them; null when anonymous. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  /**
   * The organization the session works in, the viewer's role in it (owner, admin, manager, analyst,
   * viewer) and what that role may do, so screens hide or disable the rest and say why. The server
   * checks every action again.
   */
  organization: { name: string; logo: string | null; role: string; permissions: readonly Permission[] };
}
