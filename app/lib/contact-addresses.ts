// Kept apart from marketing-content.ts (which imports the icon library) so the server can read them
// without loading lucide-react.
export const SALES_EMAIL = "sales@adhelm.com";
export const API_SUPPORT_EMAIL = "api@adhelm.com";
