import type { NewsletterRepository, NewsletterSubscriber } from "./newsletter-repository.ts";
import { NEWSLETTER_TOKEN_PATTERN } from "./newsletter-schemas.ts";
import { hashToken } from "./newsletter-tokens.ts";

export interface UnsubscribeLink {
  email: string;
  isSubscribed: boolean;
}

/** The subscriber an unsubscribe link belongs to; a malformed token costs no database read. */
export async function findSubscriberByUnsubscribeToken(
  newsletter: NewsletterRepository,
  token: string | null | undefined,
): Promise<NewsletterSubscriber | null> {
  if (!token || !NEWSLETTER_TOKEN_PATTERN.test(token)) return null;
  return newsletter.findByUnsubscribeTokenHash(hashToken(token));
}

export function toUnsubscribeLink(subscriber: NewsletterSubscriber): UnsubscribeLink {
  return { email: subscriber.email, isSubscribed: subscriber.status !== "unsubscribed" };
}

/** Whose unsubscribe link this is and whether they still get mail; null for an unknown link. */
export async function readUnsubscribeLink(
  { newsletter }: { newsletter: NewsletterRepository },
  token: string | null | undefined,
): Promise<UnsubscribeLink | null> {
  const subscriber = await findSubscriberByUnsubscribeToken(newsletter, token);
  return subscriber ? toUnsubscribeLink(subscriber) : null;
}
