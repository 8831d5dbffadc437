/**
 * The app's languages. English is the source of truth: its catalogs hold the spec's exact texts,
 * and the other three are complete translations of them (app/locales/<language>/*.json).
 */
export const LANGUAGES = ["en", "es", "fr", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The locale numbers, currencies and dates are formatted in, for each language. */
export const LOCALE_OF: Record<Language, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

/**
 * The visitor's language from `Accept-Language` ("de-CH,de;q=0.9,en;q=0.8" → "de"): the first of
 * ours by quality, English when none matches.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...parameters] = part.trim().split(";");
      const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
      const q = quality ? Number(quality.slice(2)) : 1;
      return { primary: range.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? "en";
}
