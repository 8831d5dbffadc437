import type { MailMessage } from "../../adapters/mailer.ts";

const PRODUCT_NAME = "Adhelm";

interface ActionMail {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  actionLabel: string;
  url: string;
  footnote: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** One layout for every account mail: the product name, a clear button and the plain link. */
function renderActionMail(mail: ActionMail): MailMessage {
  const text = [
    PRODUCT_NAME,
    "",
    mail.greeting,
    "",
    ...mail.lines,
    "",
    `${mail.actionLabel}: ${mail.url}`,
    "",
    mail.footnote,
  ].join("\n");
  const paragraphs = mail.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2f4fd8">${PRODUCT_NAME}</p>
<p style="margin:0 0 16px">${escapeHtml(mail.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(mail.url)}" style="display:inline-block;background:#2f4fd8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(mail.actionLabel)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(mail.url)}" style="color:#2f4fd8">${escapeHtml(mail.url)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(mail.footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

function greet(name: string | undefined): string {
  return name ? `Hi ${name},` : "Hi,";
}

export function verificationMail({ to, name, url }: { to: string; name?: string; url: string }): MailMessage {
  return renderActionMail({
    to,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    greeting: greet(name),
    lines: [`Thanks for signing up for ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`],
    actionLabel: "Verify email",
    url,
    footnote: "The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.",
  });
}

export function passwordResetMail({ to, name, url }: { to: string; name?: string; url: string }): MailMessage {
  return renderActionMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: greet(name),
    lines: ["We received a request to reset the password of your account. Choose a new password with the link below."],
    actionLabel: "Reset password",
    url,
    footnote:
      "The link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays the same.",
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountMail({ to, name, url }: { to: string; name?: string; url: string }): MailMessage {
  return renderActionMail({
    to,
    subject: `You already have an ${PRODUCT_NAME} account`,
    greeting: greet(name),
    lines: [
      "Someone tried to create an account with this email address, which already has one.",
      "If that was you, sign in instead. If you forgot your password, reset it from the sign-in page.",
    ],
    actionLabel: "Sign in",
    url,
    footnote: "If it was not you, you can ignore this email: nothing has changed.",
  });
}
