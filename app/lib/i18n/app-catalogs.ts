/**
 * The app's English catalogs (every namespace the public site does not speak, catalogs.ts), in one
 * module. The app layout imports it, so an app screen's first HTML preloads it with its other
 * modules instead of the browser asking for it once the entry has run; catalogs.ts loads it for
 * any page that needs the app's words. English is every text's fallback, whatever the language.
 */
export const englishAppCatalogs = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    "../../locales/en/*.json",
    "!../../locales/en/{common,auth,invitation,notifications}.json",
    "!../../locales/en/messages*.json",
  ],
  { eager: true },
);
