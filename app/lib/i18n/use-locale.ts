import { useRouteLoaderData } from "react-router";
import { isLanguage, type Language, LOCALE_OF } from "./languages.ts";

/** The reader's language, as the root loader decided it. */
export function useLanguage(): Language {
  const language = (useRouteLoaderData("root") as { language?: string } | undefined)?.language;
  return isLanguage(language) ? language : "en";
}

/** The locale to format numbers, currencies and dates in (`Intl`): "de-DE" for a German reader. */
export function useLocale(): string {
  return LOCALE_OF[useLanguage()];
}
