/**
 * The words of the mails Adhelm sends to a person about their account, in the recipient's language
 * (their saved preference). The catalogs are core/mail/locales/<language>/mail.json; English is
 * the source, and `npm run lint:i18n` holds the others to it.
 */
import { type CatalogLanguage, createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/mail.json" with { type: "json" };
import en from "./locales/en/mail.json" with { type: "json" };
import es from "./locales/es/mail.json" with { type: "json" };
import fr from "./locales/fr/mail.json" with { type: "json" };

export type MailLanguage = CatalogLanguage;

const mail = createCatalogText("mail", { en, es, fr, de });

/** One of the mail languages, English for anything else. */
export const mailLanguageOf = mail.languageOf;

/** `t` over the mail catalog of `language`, English for anything missing. */
export const mailText = mail.textIn;
