/** The signed-in person as the UI needs them; null when anonymous. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}
