/**
 * The message catalogs: one JSON file per language and namespace under app/locales/. A page loads
 * its language's catalogs once (the server before rendering, the browser before hydrating), so the
 * first HTML is already in the reader's language and the browser only downloads its own language.
 */
import type { Resource, ResourceLanguage } from "i18next";
import type { Language } from "./languages.ts";

type CatalogModule = { default: Record<string, unknown> };

// English is the fallback of every text, and what the root's error page speaks when nothing else
// could load: it is always here. The other languages load on demand, each its own chunk.
const englishModules = import.meta.glob<CatalogModule>("../../locales/en/*.json", { eager: true });
const loaders = import.meta.glob<CatalogModule>(["../../locales/*/*.json", "!../../locales/en/*.json"]);

function namespaceOf(file: string): { language: string; namespace: string } {
  const [language = "", name = ""] = file.split("/").slice(-2);
  return { language, namespace: name.replace(/\.json$/, "") };
}

/** Every namespace, as the English catalogs define them. */
export const NAMESPACES: readonly string[] = Object.keys(englishModules)
  .map((file) => namespaceOf(file).namespace)
  .sort();

const loaded = new Map<Language, ResourceLanguage>([
  [
    "en",
    Object.fromEntries(
      Object.entries(englishModules).map(([file, module]) => [namespaceOf(file).namespace, module.default]),
    ),
  ],
]);

/** A language's catalogs, loaded once per process (server) or page (browser). */
export async function loadCatalogs(language: Language): Promise<ResourceLanguage> {
  const known = loaded.get(language);
  if (known) return known;
  const entries = await Promise.all(
    Object.entries(loaders)
      .filter(([file]) => namespaceOf(file).language === language)
      .map(async ([file, load]) => [namespaceOf(file).namespace, (await load()).default] as const),
  );
  const catalogs: ResourceLanguage = Object.fromEntries(entries);
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

/** Loads `language` and English (every text falls back to it), and returns both. */
export async function loadResources(language: Language): Promise<Resource> {
  await Promise.all([loadCatalogs(language), loadCatalogs("en")]);
  return loadedResources(language) as Resource;
}
