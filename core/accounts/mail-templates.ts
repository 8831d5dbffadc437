import { greet, PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";

/*
 * Mails to an address nobody has verified yet carry no text the sender chose: whoever signs up
 * types the name, and could sign up with someone else's address to put a message in front of them.
 * So the verification and "existing account" mails greet generically.
 */

export function verificationMail({ to, url }: { to: string; url: string }): MailMessage {
  return renderLayoutMail({
    to,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    greeting: greet(undefined),
    lines: [`Thanks for signing up for ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`],
    action: { label: "Verify email", url },
    footnote: "The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.",
  });
}

/** `name` only for a verified address (see above). */
export function passwordResetMail({ to, name, url }: { to: string; name?: string; url: string }): MailMessage {
  return renderLayoutMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: greet(name),
    lines: ["We received a request to reset the password of your account. Choose a new password with the link below."],
    action: { label: "Reset password", url },
    footnote:
      "The link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays the same.",
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountMail({ to, url }: { to: string; url: string }): MailMessage {
  return renderLayoutMail({
    to,
    subject: `You already have an ${PRODUCT_NAME} account`,
    greeting: greet(undefined),
    lines: [
      "Someone tried to create an account with this email address, which already has one.",
      "If that was you, sign in instead. If you forgot your password, reset it from the sign-in page.",
    ],
    action: { label: "Sign in", url },
    footnote: "If it was not you, you can ignore this email: nothing has changed.",
  });
}
