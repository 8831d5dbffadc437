/**
 * The notification mails: a critical alert at once, and the daily digest of everything else. Both
 * are in the recipient's language, on the shared mail layout, and carry a one-click unsubscribe
 * (the link in the text and the RFC 2369/8058 List-Unsubscribe headers) that turns the person's
 * email notifications off.
 */

import { greet, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import type { CatalogLanguage } from "#core/shared/catalog-text.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/notification-mail.json" with { type: "json" };
import en from "./locales/en/notification-mail.json" with { type: "json" };
import es from "./locales/es/notification-mail.json" with { type: "json" };
import fr from "./locales/fr/notification-mail.json" with { type: "json" };
import type { RenderedMessage } from "./notification-text.ts";
import type { Severity } from "./notification-types.ts";

const mailCatalog = createCatalogText("notification-mail", { en, es, fr, de });

const SEVERITY_KEYS: Record<Severity, string> = {
  critical: "severity.critical",
  warning: "severity.warning",
  info: "severity.info",
};

export interface MailRecipient {
  email: string;
  name: string;
  language: CatalogLanguage;
  unsubscribeUrl: string;
}

function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || undefined;

export function criticalAlertMail(input: {
  to: MailRecipient;
  organization: string;
  message: RenderedMessage;
  url: string;
}): MailMessage {
  const t = mailCatalog.textIn(input.to.language);
  return renderLayoutMail({
    to: input.to.email,
    language: input.to.language,
    subject: t("critical.subject", { title: input.message.title }),
    greeting: greet(firstName(input.to.name), input.to.language),
    lines: [t("critical.intro", { organization: input.organization }), input.message.title, input.message.body],
    action: { label: t("critical.action"), url: input.url },
    footnote: t("footer.unsubscribe", { url: input.to.unsubscribeUrl }),
    headers: unsubscribeHeaders(input.to.unsubscribeUrl),
  });
}

export function digestMail(input: {
  to: MailRecipient;
  organization: string;
  items: Array<RenderedMessage & { severity: Severity }>;
  url: string;
}): MailMessage {
  const t = mailCatalog.textIn(input.to.language);
  const count = input.items.length;
  return renderLayoutMail({
    to: input.to.email,
    language: input.to.language,
    subject: t("digest.subject", { count }),
    greeting: greet(firstName(input.to.name), input.to.language),
    lines: [t("digest.intro", { count, organization: input.organization })],
    details: input.items.map((item) => ({
      label: `${t(SEVERITY_KEYS[item.severity])} · ${item.title}`,
      value: item.body,
    })),
    action: { label: t("digest.action"), url: input.url },
    footnote: t("footer.unsubscribe", { url: input.to.unsubscribeUrl }),
    headers: unsubscribeHeaders(input.to.unsubscribeUrl),
  });
}
