const BASE = "http://same-site.invalid";

/**
 * A path on this site to go to after signing up or in (`/invitations/<token>`), or null: anything
 * that could leave the site (`https://…`, `//host`, `/\host`, control characters) is refused, so a
 * link can never be turned into an open redirect. "/" is no destination either (it is better-auth's
 * default callback).
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500 || value === "/") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const url = new URL(value, BASE);
  return url.origin === BASE ? `${url.pathname}${url.search}` : null;
}
