import type { NewsletterRepository } from "./newsletter-repository.ts";
import { NEWSLETTER_TOKEN_PATTERN } from "./newsletter-schemas.ts";
import { hashToken } from "./newsletter-tokens.ts";

export type ConfirmationOutcome = "confirmed" | "already-confirmed" | "expired" | "invalid";

/**
 * Opens a confirmation link. It confirms once; opening it again says so and changes nothing. A
 * link replaced by a newer mail, or of an address that has unsubscribed since, no longer works.
 */
export async function confirmNewsletterSubscription(
  { newsletter }: { newsletter: NewsletterRepository },
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<ConfirmationOutcome> {
  if (!token || !NEWSLETTER_TOKEN_PATTERN.test(token)) return "invalid";
  const subscriber = await newsletter.findByConfirmTokenHash(hashToken(token));
  if (!subscriber || subscriber.status === "unsubscribed") return "invalid";
  if (subscriber.status === "confirmed") return "already-confirmed";
  if (!subscriber.confirmTokenExpiresAt || subscriber.confirmTokenExpiresAt.getTime() <= now.getTime())
    return "expired";
  // A concurrent click may have confirmed it first; either way it is confirmed now.
  return (await newsletter.markConfirmed(subscriber.id, now)) ? "confirmed" : "already-confirmed";
}
