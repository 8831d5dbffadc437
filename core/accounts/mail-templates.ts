import { greet, PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import { type MailLanguage, mailText } from "#core/mail/mail-text.ts";
import type { MailMessage } from "#core/ports/mailer.ts";

/*
 * Mails to an address nobody has verified yet carry no text the sender chose: whoever signs up
 * types the name, and could sign up with someone else's address to put a message in front of them.
 * So the verification and "existing account" mails greet generically. Each mail is written in the
 * recipient's language (their saved preference; English when there is none).
 */

const product = PRODUCT_NAME;

export function verificationMail({
  to,
  url,
  language = "en",
}: {
  to: string;
  url: string;
  language?: MailLanguage;
}): MailMessage {
  const t = mailText(language);
  return renderLayoutMail({
    to,
    language,
    subject: t("verification.subject", { product }),
    greeting: greet(undefined, language),
    lines: [t("verification.line", { product })],
    action: { label: t("verification.action"), url },
    footnote: t("verification.footnote"),
  });
}

/** `name` only for a verified address (see above). */
export function passwordResetMail({
  to,
  name,
  url,
  language = "en",
}: {
  to: string;
  name?: string;
  url: string;
  language?: MailLanguage;
}): MailMessage {
  const t = mailText(language);
  return renderLayoutMail({
    to,
    language,
    subject: t("reset.subject", { product }),
    greeting: greet(name, language),
    lines: [t("reset.line")],
    action: { label: t("reset.action"), url },
    footnote: t("reset.footnote"),
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountMail({
  to,
  url,
  language = "en",
}: {
  to: string;
  url: string;
  language?: MailLanguage;
}): MailMessage {
  const t = mailText(language);
  return renderLayoutMail({
    to,
    language,
    subject: t("existing.subject", { product }),
    greeting: greet(undefined, language),
    lines: [t("existing.lineTried"), t("existing.lineSignIn")],
    action: { label: t("existing.action"), url },
    footnote: t("existing.footnote"),
  });
}
