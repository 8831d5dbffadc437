import type { Env } from "#core/config/env.ts";
import type { RateLimitRule } from "#core/rate-limit/consume-rate-limit.ts";

/** Subscriptions per client address, and confirmation mails per address (both per hour). */
export function newsletterRateLimitRules(
  env: Pick<Env, "PUBLIC_FORMS_PER_IP_PER_HOUR" | "NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR">,
) {
  return {
    subscriptionsPerIp: {
      name: "newsletter-subscriptions:ip",
      limit: env.PUBLIC_FORMS_PER_IP_PER_HOUR,
      windowSeconds: 60 * 60,
    },
    mailsPerAddress: {
      name: "newsletter-mails:address",
      limit: env.NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR,
      windowSeconds: 60 * 60,
    },
  } satisfies Record<string, RateLimitRule>;
}
