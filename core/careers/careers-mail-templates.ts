import { PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import type { Application } from "./application-schema.ts";
import type { JobOpening } from "./job-openings.ts";

/** To the hiring team: everything the applicant sent; replying answers the applicant. */
export function applicationForTeamMail({
  to,
  application,
  opening,
}: {
  to: string;
  application: Application;
  opening: JobOpening;
}): MailMessage {
  const replySubject = encodeURIComponent(`Your application for ${opening.title} at ${PRODUCT_NAME}`);
  return renderLayoutMail({
    to,
    subject: `New application: ${opening.title} (${application.name})`,
    greeting: "Hi team,",
    lines: [`${application.name} applied for ${opening.title} through the careers page.`],
    details: [
      { label: "Position", value: `${opening.title} (${opening.department}, ${opening.location})` },
      { label: "Name", value: application.name },
      { label: "Email", value: application.email },
      { label: "Link", value: application.link },
      { label: "Message", value: application.message },
    ],
    action: { label: `Reply to ${application.name}`, url: `mailto:${application.email}?subject=${replySubject}` },
    footnote:
      "The applicant got a confirmation that we received their application. The link above was typed by the applicant: open it with care.",
    headers: { "Reply-To": application.email },
  });
}

/**
 * To the applicant. It repeats nothing they typed, so the form cannot be used to send someone
 * else a message of the sender's choosing.
 */
export function applicationReceivedMail({
  to,
  opening,
  careersUrl,
}: {
  to: string;
  opening: JobOpening;
  careersUrl: string;
}): MailMessage {
  return renderLayoutMail({
    to,
    subject: `We received your application for ${opening.title}`,
    greeting: "Hi,",
    lines: [
      `Thank you for applying for the ${opening.title} position at ${PRODUCT_NAME}. Your application has reached our hiring team.`,
      "Someone from the team reads every application. If your experience matches what the role needs, we will write to you to plan a first conversation.",
    ],
    action: { label: "See all open positions", url: careersUrl },
    footnote: "If you did not apply, someone may have entered your address by mistake; you can ignore this email.",
  });
}
