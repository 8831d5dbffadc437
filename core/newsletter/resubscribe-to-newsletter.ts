import type { NewsletterRepository } from "./newsletter-repository.ts";
import { findSubscriberByUnsubscribeToken, type UnsubscribeLink } from "./read-unsubscribe-link.ts";

/**
 * Undoes an unsubscribe from the page its link opened. The link was mailed to the address, so
 * holding it proves the mailbox as a confirmation link would: the address is confirmed again.
 * Null for an unknown link.
 */
export async function resubscribeToNewsletter(
  { newsletter }: { newsletter: NewsletterRepository },
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<UnsubscribeLink | null> {
  const subscriber = await findSubscriberByUnsubscribeToken(newsletter, token);
  if (!subscriber) return null;
  await newsletter.markResubscribed(subscriber.id, now);
  return { email: subscriber.email, isSubscribed: true };
}
