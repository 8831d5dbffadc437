/**
 * One i18next instance per language and page: the root creates it from the loaded catalogs and
 * hands it to react-i18next, so components call `useTranslation("<namespace>")`.
 */
import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { loadedResources, NAMESPACES } from "./catalogs.ts";
import type { Language } from "./languages.ts";

const instances = new Map<Language, i18n>();

/**
 * The instance of a language whose catalogs are loaded (loadResources), or null. Instances are
 * shared (per process on the server, per page in the browser) and never switch language.
 */
export function i18nFor(language: Language): i18n | null {
  const known = instances.get(language);
  if (known) return known;
  const resources = loadedResources(language);
  if (!resources) return null;
  const instance = createI18n(language, resources);
  instances.set(language, instance);
  return instance;
}

function createI18n(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["en", "es", "fr", "de"],
    resources,
    ns: [...NAMESPACES],
    defaultNS: "common",
    // The resources are here already: ready at once, on the server and before hydration.
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** The catalogs of core's messages: "messages" and "messages-<area>", each keyed by English text. */
const MESSAGE_NAMESPACES = NAMESPACES.filter((namespace) => /^messages(-|$)/.test(namespace));

/**
 * A message that comes from core (a validation message, an AppError's message): its English text
 * is its key in a messages catalog, so the spec's wording stays the source of truth. An unknown
 * message is shown as it is.
 */
export function translateMessage(t: i18n["t"], message: string, values?: Record<string, unknown>): string {
  return t(message, {
    ...values,
    ns: MESSAGE_NAMESPACES,
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}
