import { PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";

/**
 * RFC 2369 and RFC 8058: mail clients show their own unsubscribe button, and a POST to the link
 * with "List-Unsubscribe=One-Click" unsubscribes without a page in between.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function newsletterConfirmationMail({
  to,
  confirmUrl,
  unsubscribeUrl,
  expiresInDays,
}: {
  to: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresInDays: number;
}): MailMessage {
  return renderLayoutMail({
    to,
    subject: `Confirm your subscription to ${PRODUCT_NAME} product news`,
    greeting: "Hi,",
    lines: [
      `Someone, hopefully you, asked to receive ${PRODUCT_NAME} product news at this address: new features, release notes and articles on running ads across platforms.`,
      "Confirm your subscription with the button below. We will not email you again until you do.",
    ],
    action: { label: "Confirm subscription", url: confirmUrl },
    footnote: `The link expires in ${expiresInDays} days. If you did not ask for this, ignore this email and you will not be subscribed.`,
    unsubscribeUrl,
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  });
}
