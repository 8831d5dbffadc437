/** The privacy mails (export ready, deletion scheduled, cancelled, completed), in the reader's language. */
import { greet, PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import { type CatalogLanguage, createCatalogText } from "#core/shared/catalog-text.ts";
import { formatDate } from "#core/shared/number-format.ts";
import de from "./locales/de/privacy-mail.json" with { type: "json" };
import en from "./locales/en/privacy-mail.json" with { type: "json" };
import es from "./locales/es/privacy-mail.json" with { type: "json" };
import fr from "./locales/fr/privacy-mail.json" with { type: "json" };

export const privacyMailText = createCatalogText("privacy-mail", { en, es, fr, de });

const LOCALES: Record<CatalogLanguage, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

export interface MailReader {
  to: string;
  name: string;
  language: string;
}

function dateIn(language: CatalogLanguage, date: Date): string {
  return formatDate(date, LOCALES[language], { style: "long" });
}

export function exportReadyMail(
  reader: MailReader,
  input: { organization: string | null; url: string; expiresAt: Date },
): MailMessage {
  const language = privacyMailText.languageOf(reader.language);
  const t = privacyMailText.textIn(language);
  const vars = { product: PRODUCT_NAME, organization: input.organization ?? "" };
  return renderLayoutMail({
    to: reader.to,
    language,
    subject: t(input.organization ? "exportReady.subjectOrganization" : "exportReady.subjectPersonal", vars),
    greeting: greet(reader.name, language),
    lines: [
      t(input.organization ? "exportReady.lineOrganization" : "exportReady.linePersonal", vars),
      t("exportReady.expiry", { date: dateIn(language, input.expiresAt) }),
    ],
    action: { label: t("exportReady.action"), url: input.url },
  });
}

export type DeletionMailKind = "scheduled" | "cancelled" | "completed";

export function deletionMail(
  reader: MailReader,
  input: { kind: DeletionMailKind; organization: string | null; purgeAfter: Date; requestedAt: Date; url: string },
): MailMessage {
  const language = privacyMailText.languageOf(reader.language);
  const t = privacyMailText.textIn(language);
  const isOrganization = input.organization !== null;
  const vars = {
    product: PRODUCT_NAME,
    organization: input.organization ?? "",
    date: dateIn(language, input.purgeAfter),
    requested: dateIn(language, input.requestedAt),
  };
  if (input.kind === "scheduled")
    return renderLayoutMail({
      to: reader.to,
      language,
      subject: t(isOrganization ? "deletionScheduled.subjectOrganization" : "deletionScheduled.subjectAccount", vars),
      greeting: greet(reader.name, language),
      lines: [t(isOrganization ? "deletionScheduled.lineOrganization" : "deletionScheduled.lineAccount", vars)],
      action: { label: t("deletionScheduled.action"), url: input.url },
    });
  if (input.kind === "cancelled")
    return renderLayoutMail({
      to: reader.to,
      language,
      subject: t(isOrganization ? "deletionCancelled.subjectOrganization" : "deletionCancelled.subjectAccount", vars),
      greeting: greet(reader.name, language),
      lines: [t("deletionCancelled.line")],
    });
  return renderLayoutMail({
    to: reader.to,
    language,
    subject: t(isOrganization ? "deletionCompleted.subjectOrganization" : "deletionCompleted.subjectAccount", vars),
    greeting: greet(reader.name, language),
    lines: [
      t(isOrganization ? "deletionCompleted.lineOrganization" : "deletionCompleted.lineAccount", vars),
      t("deletionCompleted.backups"),
    ],
  });
}
