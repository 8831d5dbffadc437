/**
 * The reminder that an API key expires in 7 days, in its creator's language
 * (core/api-keys/locales/<language>/api-key-mail.json).
 */
import { greet, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import { formatDate } from "#core/shared/number-format.ts";
import type { ExpiryReminderTarget } from "./api-key-expiry-repository.ts";
import de from "./locales/de/api-key-mail.json" with { type: "json" };
import en from "./locales/en/api-key-mail.json" with { type: "json" };
import es from "./locales/es/api-key-mail.json" with { type: "json" };
import fr from "./locales/fr/api-key-mail.json" with { type: "json" };

const apiKeyMailText = createCatalogText("api-key-mail", { en, es, fr, de });

const LOCALES = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" } as const;

/** Where the keys are managed, under the app's public address. */
const API_KEYS_PATH = "/settings/api-keys";

export function apiKeyExpiryReminderMail(target: ExpiryReminderTarget, appUrl: string): MailMessage {
  const language = apiKeyMailText.languageOf(target.creator.language);
  const t = apiKeyMailText.textIn(language);
  // An expiry is a UTC calendar day: the key stops working at its start.
  const date = formatDate(target.expiresAt, LOCALES[language], { style: "long" });
  const values = { name: target.name, prefix: target.prefix, organization: target.organizationName, date };
  return renderLayoutMail({
    to: target.creator.email,
    language,
    subject: t("expiryReminder.subject", values),
    greeting: greet(target.creator.name || undefined, language),
    lines: [t("expiryReminder.line", values), t("expiryReminder.next", values)],
    action: { label: t("expiryReminder.action"), url: new URL(API_KEYS_PATH, appUrl).toString() },
    footnote: t("expiryReminder.footnote"),
  });
}
