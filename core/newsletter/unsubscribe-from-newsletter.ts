import type { NewsletterRepository } from "./newsletter-repository.ts";
import { findSubscriberByUnsubscribeToken, type UnsubscribeLink } from "./read-unsubscribe-link.ts";

/**
 * Unsubscribes the owner of the link (a pending address too: it is never mailed again until it
 * subscribes anew). Doing it twice is harmless. Null for an unknown link.
 */
export async function unsubscribeFromNewsletter(
  { newsletter }: { newsletter: NewsletterRepository },
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<UnsubscribeLink | null> {
  const subscriber = await findSubscriberByUnsubscribeToken(newsletter, token);
  if (!subscriber) return null;
  await newsletter.markUnsubscribed(subscriber.id, now);
  return { email: subscriber.email, isSubscribed: false };
}
