/** The signed-in person as the UI needs them; null when anonymous. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  /** The organization the session works in, and the viewer's role in it (owner, admin, member). */
  organization: { name: string; role: string };
}
