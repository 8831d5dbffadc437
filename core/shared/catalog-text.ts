/**
 * What core writes in the reader's language (the account mails, the CSV exports) comes from a
 * catalog of its slice (core/<slice>/locales/<language>/<namespace>.json). This turns the four
 * catalogs into one cached `t` per language, English for anything missing.
 */
import i18next, { type TFunction } from "i18next";

export type CatalogLanguage = "en" | "es" | "fr" | "de";

export interface CatalogText {
  /** One of the catalog's languages, English for anything else. */
  languageOf(value: unknown): CatalogLanguage;
  /** `t` over the catalog in `language`. */
  textIn(language: CatalogLanguage): TFunction;
}

export function createCatalogText(namespace: string, catalogs: Record<CatalogLanguage, object>): CatalogText {
  const translators = new Map<CatalogLanguage, TFunction>();
  return {
    languageOf: (value) =>
      typeof value === "string" && Object.hasOwn(catalogs, value) ? (value as CatalogLanguage) : "en",
    textIn(language) {
      const known = translators.get(language);
      if (known) return known;
      const instance = i18next.createInstance();
      instance.init({
        lng: language,
        fallbackLng: "en",
        resources: Object.fromEntries(Object.entries(catalogs).map(([lng, texts]) => [lng, { [namespace]: texts }])),
        ns: [namespace],
        defaultNS: namespace,
        initAsync: false,
        // Neither a mail nor a CSV is rendered as HTML here: the mail layout escapes what it
        // renders, and the CSV writer quotes and guards its fields.
        interpolation: { escapeValue: false },
      });
      translators.set(language, instance.t);
      return instance.t;
    },
  };
}
