import { PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import type { ContactMessage } from "./contact-schema.ts";
import { topicLabel } from "./contact-schema.ts";

/** To support: the whole message; replying answers the sender. */
export function contactMessageForSupportMail({
  to,
  reference,
  message,
}: {
  to: string;
  reference: string;
  message: ContactMessage;
}): MailMessage {
  const replySubject = encodeURIComponent(`[${reference}] Your question to ${PRODUCT_NAME} support`);
  return renderLayoutMail({
    to,
    subject: `[${reference}] ${topicLabel(message.topic)}: message from ${message.name}`,
    greeting: "Hi support team,",
    lines: [`${message.name} wrote through the help center.`],
    details: [
      { label: "Reference", value: reference },
      { label: "Topic", value: topicLabel(message.topic) },
      { label: "Name", value: message.name },
      { label: "Email", value: message.email },
      { label: "Message", value: message.message },
    ],
    action: { label: `Reply to ${message.name}`, url: `mailto:${message.email}?subject=${replySubject}` },
    footnote: `The sender got a confirmation with the reference ${reference}.`,
    headers: { "Reply-To": message.email },
  });
}

/**
 * To the sender, with the reference to quote. It repeats nothing they typed, so the form cannot
 * be used to send someone else a message of the sender's choosing.
 */
export function contactMessageReceivedMail({
  to,
  reference,
  topic,
  helpUrl,
}: {
  to: string;
  reference: string;
  topic: string;
  helpUrl: string;
}): MailMessage {
  return renderLayoutMail({
    to,
    subject: `We received your message (${reference})`,
    greeting: "Hi,",
    lines: [
      `Thank you for contacting ${PRODUCT_NAME} support about "${topicLabel(topic)}". Your message has reached our team, and we will reply to this address.`,
      `Your reference is ${reference}. Please quote it if you write to us about the same question.`,
    ],
    details: [{ label: "Reference", value: reference }],
    action: { label: "Browse the help center", url: helpUrl },
    footnote: "If you did not contact us, someone may have entered your address by mistake; you can ignore this email.",
  });
}
