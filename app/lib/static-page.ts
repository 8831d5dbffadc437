/**
 * Public pages that need no React in the browser export `handle = staticPage`. Their HTML is
 * complete from the server; they ship no framework JavaScript, only the small inline site script
 * (header, menus, toasts, sign-in fragments). That is what keeps them at Lighthouse 100 on a phone.
 * A page with a React form or dialog leaves it out and hydrates as usual.
 */
export const staticPage = { isStatic: true } as const;

/**
 * Whether this render is the server's HTML of a static page (the deepest matched route asked to
 * ship no React). Once the app runs in the browser (a client-side navigation from a hydrated
 * page), a static page is rendered like any other.
 */
export function isStaticDocument(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  const handle = matches.at(-1)?.handle as { isStatic?: boolean } | undefined;
  return handle?.isStatic === true && typeof document === "undefined";
}
