import type { Kysely } from "kysely";
import type { Visitor } from "#core/access/actor.ts";
import { createJobApplicationRepository } from "#core/careers/job-application-repository.ts";
import { submitJobApplication } from "#core/careers/submit-job-application.ts";
import type { Env } from "#core/config/env.ts";
import type { Database } from "#core/db/schema.ts";
import { confirmNewsletterSubscription } from "#core/newsletter/confirm-newsletter-subscription.ts";
import { createNewsletterRepository } from "#core/newsletter/newsletter-repository.ts";
import { readUnsubscribeLink } from "#core/newsletter/read-unsubscribe-link.ts";
import { resubscribeToNewsletter } from "#core/newsletter/resubscribe-to-newsletter.ts";
import { subscribeToNewsletter } from "#core/newsletter/subscribe-to-newsletter.ts";
import { unsubscribeFromNewsletter } from "#core/newsletter/unsubscribe-from-newsletter.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createContactMessageRepository } from "#core/support/contact-message-repository.ts";
import { sendContactMessage } from "#core/support/send-contact-message.ts";

export interface SiteModuleDependencies {
  db: Kysely<Database>;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  logger: Logger;
  env: Pick<
    Env,
    | "APP_URL"
    | "PUBLIC_FORMS_PER_IP_PER_HOUR"
    | "NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR"
    | "CAREERS_EMAIL"
    | "SUPPORT_EMAIL"
  >;
}

/**
 * The public site's forms: the newsletter (double opt-in, its links), job applications and the
 * help center's contact form. Anyone may use them, so they take a Visitor, not an organization's
 * actor: its client address is what their rate limits count. A mailed link's token is the proof
 * the newsletter's link pages need.
 */
export function createSiteModule({ db, rateLimits, mailer, logger, env }: SiteModuleDependencies) {
  const newsletter = createNewsletterRepository(db);
  const jobApplications = createJobApplicationRepository(db);
  const contactMessages = createContactMessageRepository(db);
  return {
    /** Sends a confirmation mail (answered the same whether the address was known or not). */
    subscribeToNewsletter: (visitor: Visitor, input: unknown) =>
      subscribeToNewsletter({ newsletter, rateLimits, mailer, logger, env }, input, visitor.clientAddress),
    confirmNewsletterSubscription: (_visitor: Visitor, token: string | null | undefined) =>
      confirmNewsletterSubscription({ newsletter }, token),
    /** Whose unsubscribe link this is; opening it changes nothing. */
    readUnsubscribeLink: (_visitor: Visitor, token: string | null | undefined) =>
      readUnsubscribeLink({ newsletter }, token),
    unsubscribeFromNewsletter: (_visitor: Visitor, token: string | null | undefined) =>
      unsubscribeFromNewsletter({ newsletter }, token),
    resubscribeToNewsletter: (_visitor: Visitor, token: string | null | undefined) =>
      resubscribeToNewsletter({ newsletter }, token),
    /** An application for an open position, mailed to the hiring team. */
    submitJobApplication: (visitor: Visitor, input: unknown) =>
      submitJobApplication({ jobApplications, rateLimits, mailer, logger, env }, input, visitor.clientAddress),
    /** A help-center message, mailed to support under a new reference. */
    sendContactMessage: (visitor: Visitor, input: unknown) =>
      sendContactMessage({ contactMessages, rateLimits, mailer, logger, env }, input, visitor.clientAddress),
  };
}

export type SiteModule = ReturnType<typeof createSiteModule>;
