/**
 * The message catalogs: one JSON file per language and namespace under app/locales/. A page loads
 * its language's catalogs once (the server before rendering, the browser before hydrating), so the
 * first HTML is already in the reader's language and the browser only downloads its own language.
 *
 * The browser downloads only what its page needs: the public site's pages (the auth screens among
 * them) speak a few namespaces (SITE_NAMESPACES), the app's screens all of them. The server, and
 * anything that calls `loadResources` without a scope, has every namespace.
 */
import type { Resource, ResourceLanguage } from "i18next";
import type { Language } from "./languages.ts";

type CatalogModule = { default: Record<string, unknown> };

/** Which namespaces a page needs: the public site's few, or every one (the app's screens). */
type CatalogScope = "site" | "app";

/**
 * What the public site and the auth screens speak: the kit's words, the auth screens', an
 * invitation's, the notification unsubscribe page's and core's messages (forms translate them).
 */
const SITE_NAMESPACES: readonly string[] = ["common", "auth", "invitation", "notifications"];
const isSiteNamespace = (namespace: string) => SITE_NAMESPACES.includes(namespace) || /^messages(-|$)/.test(namespace);

// English is the fallback of every text, and what the root's error page speaks when nothing else
// could load: its site catalogs are always here. The rest loads on demand, each its own chunk.
const englishSiteModules = import.meta.glob<CatalogModule>(
  ["../../locales/en/{common,auth,invitation,notifications}.json", "../../locales/en/messages*.json"],
  { eager: true },
);
// The app's English is one module (app-catalogs.ts, which the app layout imports): one download.
const loaders = import.meta.glob<CatalogModule>(["../../locales/*/*.json", "!../../locales/en/*.json"]);
const loadEnglishApp = async () => registerCatalogs("en", (await import("./app-catalogs.ts")).englishAppCatalogs);

function namespaceOf(file: string): { language: string; namespace: string } {
  const [language = "", name = ""] = file.split("/").slice(-2);
  return { language, namespace: name.replace(/\.json$/, "") };
}

/**
 * Every namespace. The other languages have English's files one for one (`npm run lint:i18n`), so
 * their file names list them without loading English's.
 */
export const NAMESPACES: readonly string[] = [
  ...new Set(
    [...Object.keys(englishSiteModules), ...Object.keys(loaders)]
      .filter((file) => namespaceOf(file).language === "de" || namespaceOf(file).language === "en")
      .map((file) => namespaceOf(file).namespace),
  ),
].sort();

for (const namespace of SITE_NAMESPACES) {
  if (!NAMESPACES.includes(namespace)) throw new Error(`catalogs.ts: no app/locales/en/${namespace}.json`);
}

/**
 * The catalogs loaded so far, per language. i18next keeps these very objects (i18n.ts), so a
 * namespace added here later is one its instance reads at once.
 */
const loaded = new Map<Language, ResourceLanguage>([
  [
    "en",
    Object.fromEntries(
      Object.entries(englishSiteModules).map(([file, module]) => [namespaceOf(file).namespace, module.default]),
    ),
  ],
]);
const pending = new Map<string, Promise<void>>();

function loadNamespace(language: Language, namespace: string, load: () => Promise<CatalogModule>): Promise<void> {
  const key = `${language}/${namespace}`;
  const known = pending.get(key);
  if (known) return known;
  const loading = load().then((module) => {
    const catalogs = loaded.get(language) ?? {};
    catalogs[namespace] = module.default;
    loaded.set(language, catalogs);
  });
  pending.set(key, loading);
  loading.catch(() => pending.delete(key));
  return loading;
}

/** Catalogs that arrived as one module (app-catalogs.ts: the app's English). */
function registerCatalogs(language: Language, modules: Record<string, CatalogModule>): void {
  const catalogs = loaded.get(language) ?? {};
  for (const [file, module] of Object.entries(modules)) catalogs[namespaceOf(file).namespace] = module.default;
  loaded.set(language, catalogs);
}

/** A language's catalogs of `scope`, loaded once per process (server) or page (browser). */
export async function loadCatalogs(language: Language, scope: CatalogScope = "app"): Promise<ResourceLanguage> {
  if (language === "en" && scope === "app") await loadEnglishApp();
  await Promise.all(
    Object.entries(loaders).flatMap(([file, load]) => {
      const { language: fileLanguage, namespace } = namespaceOf(file);
      if (fileLanguage !== language || (scope === "site" && !isSiteNamespace(namespace))) return [];
      if (loaded.get(language)?.[namespace]) return [];
      return [loadNamespace(language, namespace, load)];
    }),
  );
  const catalogs = loaded.get(language) ?? {};
  loaded.set(language, catalogs);
  return catalogs;
}

/** The catalogs already loaded for `language` (with English beside them as the fallback), if any. */
export function loadedResources(language: Language): Resource | null {
  const catalogs = loaded.get(language);
  const english = loaded.get("en");
  if (!catalogs || !english) return null;
  return language === "en" ? { en: english } : { [language]: catalogs, en: english };
}

/**
 * Loads `language` and English (every text falls back to it), and returns both: every namespace,
 * or with `scope` "site" only the public site's (the browser, before hydrating a public page).
 */
export async function loadResources(language: Language, scope: CatalogScope = "app"): Promise<Resource> {
  await Promise.all([loadCatalogs(language, scope), loadCatalogs("en", scope)]);
  return loadedResources(language) as Resource;
}
