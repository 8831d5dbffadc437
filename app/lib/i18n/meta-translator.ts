import { i18nFor } from "./i18n.ts";
import { isLanguage } from "./languages.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * `t` over one namespace in the reader's language, for a route's `meta` (page title and
 * description): the root loader chose the language and loaded its catalogs before any meta
 * function runs; English is always there.
 */
export function metaTranslator(matches: Matches, namespace: string): (key: string) => string {
  const language = (matches.find((match) => match?.id === "root")?.loaderData as { language?: unknown } | undefined)
    ?.language;
  const i18n = i18nFor(isLanguage(language) ? language : "en") ?? i18nFor("en");
  return (key) => i18n?.t(key, { ns: namespace }) ?? key;
}
