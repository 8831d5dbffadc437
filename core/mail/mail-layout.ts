import type { MailMessage } from "#core/ports/mailer.ts";
import { type MailLanguage, mailText } from "./mail-text.ts";

export const PRODUCT_NAME = "Adhelm";

/**
 * One layout for every mail Adhelm sends (accounts, help center, careers, newsletter): the
 * product name, the message, a clear button with the plain link under it, and an unsubscribe line
 * where the mail belongs to the newsletter.
 */
export interface LayoutMail {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** Label/value rows, e.g. the details of an application (values are shown as plain text). */
  details?: Array<{ label: string; value: string }>;
  action?: { label: string; url: string };
  footnote?: string;
  unsubscribeUrl?: string;
  headers?: Record<string, string>;
  /** The recipient's language: the layout's own words and `<html lang>`. English by default. */
  language?: MailLanguage;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function renderDetailsText(details: LayoutMail["details"]): string[] {
  if (!details?.length) return [];
  return [
    ...details.flatMap(({ label, value }) => (value.includes("\n") ? [`${label}:`, value] : [`${label}: ${value}`])),
    "",
  ];
}

function renderDetailsHtml(details: LayoutMail["details"]): string {
  if (!details?.length) return "";
  const rows = details
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:13px;color:#6b7280;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;font-size:14px;white-space:pre-wrap;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb">${rows}</table>`;
}

export function renderLayoutMail(mail: LayoutMail): MailMessage {
  const text = [
    PRODUCT_NAME,
    "",
    mail.greeting,
    "",
    ...mail.lines.flatMap((line) => [line, ""]),
    ...renderDetailsText(mail.details),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ""] : []),
    ...(mail.footnote ? [mail.footnote, ""] : []),
    ...(mail.unsubscribeUrl ? [`Unsubscribe from ${PRODUCT_NAME} product news: ${mail.unsubscribeUrl}`] : []),
  ]
    .join("\n")
    .trimEnd();
  const paragraphs = mail.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("");
  const action = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#2f4fd8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${escapeHtml(mailText(mail.language ?? "en")("layout.buttonFallback"))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(mail.action.url)}" style="color:#2f4fd8">${escapeHtml(mail.action.url)}</a></p>`
    : "";
  const footnote = mail.footnote
    ? `<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(mail.footnote)}</p>`
    : "";
  const unsubscribe = mail.unsubscribeUrl
    ? `<p style="margin:16px 0 0;font-size:12px;color:#6b7280;text-align:center">You are receiving this email because this address was entered in a subscribe box on the ${PRODUCT_NAME} website. <a href="${escapeHtml(mail.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${mail.language ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2f4fd8">${PRODUCT_NAME}</p>
<p style="margin:0 0 16px">${escapeHtml(mail.greeting)}</p>
${paragraphs}
${renderDetailsHtml(mail.details)}
${action}
${footnote}
</td></tr></table>
${unsubscribe}
</td></tr></table></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html, ...(mail.headers ? { headers: mail.headers } : {}) };
}

/** "Hi Ada," or "Hi,", in the recipient's language. */
export function greet(name: string | undefined, language: MailLanguage = "en"): string {
  const t = mailText(language);
  return name ? t("greeting.named", { name }) : t("greeting.anonymous");
}
