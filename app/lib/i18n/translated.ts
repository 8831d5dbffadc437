/**
 * Which documents speak the reader's language. The app's screens and the auth screens are written
 * with the catalogs and mark themselves `handle = translatedPage` (the app layout for every screen
 * under it); the public marketing pages and legal documents stay in English, so their `<html
 * lang>` stays "en" whoever reads them.
 */
export const translatedPage = { isTranslated: true } as const;

export function isTranslatedDocument(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => (match.handle as { isTranslated?: boolean } | undefined)?.isTranslated === true);
}

/**
 * The public site's layout marks its pages `handle = siteCatalogsPage`: the browser needs only the
 * site's few catalogs there (catalogs.ts), and root.tsx says so on `<html data-catalogs="site">`.
 */
export const siteCatalogsPage = { catalogs: "site" } as const;

export function isSiteCatalogsDocument(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => (match.handle as { catalogs?: string } | undefined)?.catalogs === "site");
}
