/**
 * The words of the mails Adhelm sends to a person about their account, in the recipient's language
 * (their saved preference). The catalogs are core/mail/locales/<language>/mail.json; English is
 * the source, and `npm run lint:i18n` holds the others to it.
 */
import i18next, { type TFunction } from "i18next";
import de from "./locales/de/mail.json" with { type: "json" };
import en from "./locales/en/mail.json" with { type: "json" };
import es from "./locales/es/mail.json" with { type: "json" };
import fr from "./locales/fr/mail.json" with { type: "json" };

export type MailLanguage = "en" | "es" | "fr" | "de";

const CATALOGS: Record<MailLanguage, object> = { en, es, fr, de };

export function mailLanguageOf(value: unknown): MailLanguage {
  return typeof value === "string" && value in CATALOGS ? (value as MailLanguage) : "en";
}

const translators = new Map<MailLanguage, TFunction>();

/** `t` over the mail catalog of `language`, English for anything missing. */
export function mailText(language: MailLanguage): TFunction {
  const known = translators.get(language);
  if (known) return known;
  const instance = i18next.createInstance();
  instance.init({
    lng: language,
    fallbackLng: "en",
    resources: Object.fromEntries(Object.entries(CATALOGS).map(([lng, mail]) => [lng, { mail }])),
    ns: ["mail"],
    defaultNS: "mail",
    initAsync: false,
    // Mail bodies are escaped where they are rendered (mail-layout.ts).
    interpolation: { escapeValue: false },
  });
  translators.set(language, instance.t);
  return instance.t;
}
