/**
 * Billing's mails, in the owner's language (core/billing/locales/<language>/billing-mail.json):
 * trial reminders, the trial's end without a card, failed payments and read-only after dunning.
 * The request to sales is for Adhelm's own team, in English.
 */
import { greet, PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import { formatDate, formatMoney } from "#core/shared/number-format.ts";
import de from "./locales/de/billing-mail.json" with { type: "json" };
import en from "./locales/en/billing-mail.json" with { type: "json" };
import es from "./locales/es/billing-mail.json" with { type: "json" };
import fr from "./locales/fr/billing-mail.json" with { type: "json" };

const billingMailText = createCatalogText("billing-mail", { en, es, fr, de });

const LOCALES = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" } as const;

export interface BillingMailTarget {
  to: string;
  organization: string;
  language: string | null;
  billingUrl: string;
}

function setup(target: BillingMailTarget) {
  const language = billingMailText.languageOf(target.language);
  const locale = LOCALES[language];
  return {
    language,
    t: billingMailText.textIn(language),
    date: (at: Date) => formatDate(at, locale, { style: "long" }),
    money: (minor: number, currency: string) => formatMoney(minor, currency, locale),
  };
}

export function trialReminderMail(
  target: BillingMailTarget,
  input: { endsAt: Date; planName: string; hasCard: boolean },
): MailMessage {
  const { language, t, date } = setup(target);
  const values = {
    product: PRODUCT_NAME,
    organization: target.organization,
    plan: input.planName,
    date: date(input.endsAt),
  };
  return renderLayoutMail({
    to: target.to,
    language,
    subject: t("trialReminder.subject", values),
    greeting: greet(undefined, language),
    lines: [
      t("trialReminder.line", values),
      t(input.hasCard ? "trialReminder.withCard" : "trialReminder.withoutCard", values),
    ],
    action: { label: t("trialReminder.action"), url: target.billingUrl },
  });
}

export function trialEndedMail(target: BillingMailTarget): MailMessage {
  const { language, t } = setup(target);
  const values = { product: PRODUCT_NAME, organization: target.organization };
  return renderLayoutMail({
    to: target.to,
    language,
    subject: t("trialEnded.subject", values),
    greeting: greet(undefined, language),
    lines: [t("trialEnded.line", values), t("trialEnded.next", values)],
    action: { label: t("trialEnded.action"), url: target.billingUrl },
  });
}

export function paymentFailedMail(
  target: BillingMailTarget,
  input: { number: string; amountMinor: number; currency: string; reason: string; nextAttemptAt: Date },
): MailMessage {
  const { language, t, date, money } = setup(target);
  const values = {
    organization: target.organization,
    number: input.number,
    amount: money(input.amountMinor, input.currency),
    reason: input.reason,
    date: date(input.nextAttemptAt),
  };
  return renderLayoutMail({
    to: target.to,
    language,
    subject: t("paymentFailed.subject", values),
    greeting: greet(undefined, language),
    lines: [t("paymentFailed.line", values), t("paymentFailed.retry", values)],
    action: { label: t("paymentFailed.action"), url: target.billingUrl },
  });
}

export function readOnlyMail(
  target: BillingMailTarget,
  input: { number: string; amountMinor: number; currency: string },
): MailMessage {
  const { language, t, money } = setup(target);
  const values = {
    organization: target.organization,
    number: input.number,
    amount: money(input.amountMinor, input.currency),
  };
  return renderLayoutMail({
    to: target.to,
    language,
    subject: t("readOnly.subject", values),
    greeting: greet(undefined, language),
    lines: [t("readOnly.line", values), t("readOnly.next", values)],
    action: { label: t("readOnly.action"), url: target.billingUrl },
  });
}

export function enterpriseRequestMail(input: {
  to: string;
  reference: string;
  organization: string;
  name: string;
  email: string;
  company: string;
  adAccounts: number | null;
  message: string;
}): MailMessage {
  return renderLayoutMail({
    to: input.to,
    subject: `Enterprise request from ${input.company} (${input.reference})`,
    greeting: "Hello sales team,",
    lines: [`${input.name} asked about the Enterprise plan for ${input.organization}.`, input.message],
    details: [
      { label: "Name", value: input.name },
      { label: "Email", value: input.email },
      { label: "Company", value: input.company },
      { label: "Ad accounts", value: input.adAccounts === null ? "not given" : String(input.adAccounts) },
      { label: "Reference", value: input.reference },
    ],
    action: {
      label: `Reply to ${input.name}`,
      url: `mailto:${input.email}?subject=${encodeURIComponent("Adhelm Enterprise")}`,
    },
    headers: { "Reply-To": input.email },
  });
}
