import { randomUUID } from "node:crypto";
import type { Env } from "#core/config/env.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { enforceRateLimit } from "#core/rate-limit/enforce-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { newsletterConfirmationMail } from "./newsletter-mail-templates.ts";
import { newsletterRateLimitRules } from "./newsletter-rate-limits.ts";
import type { NewsletterRepository, SubscriberTokens } from "./newsletter-repository.ts";
import { subscribeSchema } from "./newsletter-schemas.ts";
import { generateToken, hashToken } from "./newsletter-tokens.ts";

export const CONFIRM_LINK_DAYS = 7;
export const SUBSCRIBE_INVALID_TITLE = "Check your email address";

export interface NewsletterDeps {
  newsletter: NewsletterRepository;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  logger: Logger;
  env: Pick<Env, "APP_URL" | "PUBLIC_FORMS_PER_IP_PER_HOUR" | "NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR">;
}

function issueTokens(now: Date) {
  const confirmToken = generateToken();
  const unsubscribeToken = generateToken();
  const hashes: SubscriberTokens = {
    confirmTokenHash: hashToken(confirmToken),
    confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
  };
  return { confirmToken, unsubscribeToken, hashes };
}

/**
 * Double opt-in. A new, pending or unsubscribed address gets a confirmation mail with fresh links;
 * a confirmed one gets nothing and stays as it is. The caller answers the same in every case, and
 * the mail goes out in the background so the answer takes as long either way: nobody can learn
 * who subscribed. Refuses bad input (400, nothing stored) and too many requests (429).
 */
export async function subscribeToNewsletter(
  deps: NewsletterDeps,
  input: unknown,
  clientAddress: string,
  now: Date = new Date(),
): Promise<void> {
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("bad_request", fieldErrors.email ?? fieldErrors.source ?? "Invalid subscription.", {
      title: SUBSCRIBE_INVALID_TITLE,
      fieldErrors,
    });
  }
  const { email, source } = parsed.data;
  const rules = newsletterRateLimitRules(deps.env);
  await enforceRateLimit(
    deps.rateLimits,
    rules.subscriptionsPerIp,
    clientAddress,
    "Too many subscription requests came from your network.",
    now.getTime(),
  );
  // Counted for every address, subscribed or not, so a refusal here says nothing about the address.
  await enforceRateLimit(
    deps.rateLimits,
    rules.mailsPerAddress,
    email,
    "Too many confirmation emails were requested for this address.",
    now.getTime(),
  );

  const existing = await deps.newsletter.findByEmail(email);
  if (existing?.status === "confirmed") return;

  const { confirmToken, unsubscribeToken, hashes } = issueTokens(now);
  if (existing) {
    await deps.newsletter.restartConfirmation(existing.id, hashes, now);
  } else {
    const isCreated = await deps.newsletter.createPending({ id: randomUUID(), email, source, now, ...hashes });
    // Another request created it a moment ago and mailed its own link.
    if (!isCreated) return;
  }

  const mail = newsletterConfirmationMail({
    to: email,
    confirmUrl: `${deps.env.APP_URL}/newsletter/confirm?token=${confirmToken}`,
    unsubscribeUrl: `${deps.env.APP_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`,
    expiresInDays: CONFIRM_LINK_DAYS,
  });
  deps.mailer.send(mail).catch((error: unknown) => {
    deps.logger.error({ err: error }, "newsletter confirmation mail failed");
  });
}
