import { randomInt, randomUUID } from "node:crypto";
import type { Env } from "#core/config/env.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { enforceRateLimit } from "#core/rate-limit/enforce-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import type { ContactMessageRepository } from "./contact-message-repository.ts";
import { contactSchema } from "./contact-schema.ts";
import { contactMessageForSupportMail, contactMessageReceivedMail } from "./support-mail-templates.ts";

export const CONTACT_INVALID_MESSAGE = "Please correct the highlighted fields.";
/** Crockford's base32: no I, L, O or U, so a reference read aloud or retyped stays unambiguous. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^ADH-[0-9A-HJKMNP-TV-Z]{8}$/;

export function generateReference(): string {
  let code = "";
  for (let index = 0; index < 8; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `ADH-${code}`;
}

export interface SupportDeps {
  contactMessages: ContactMessageRepository;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  logger: Logger;
  env: Pick<Env, "APP_URL" | "SUPPORT_EMAIL" | "PUBLIC_FORMS_PER_IP_PER_HOUR">;
}

export interface SentContactMessage {
  reference: string;
  email: string;
  /** False when the confirmation to the sender could not be sent (the message is stored). */
  isConfirmationSent: boolean;
}

/**
 * Stores a help-center message under a new reference and mails it to support, with a
 * confirmation carrying the reference to the sender. Bad input is refused field by field (400)
 * and nothing is stored; too many messages from one client address are refused (429).
 */
export async function sendContactMessage(
  deps: SupportDeps,
  input: unknown,
  clientAddress: string,
  now: Date = new Date(),
): Promise<SentContactMessage> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("bad_request", CONTACT_INVALID_MESSAGE, {
      title: "Check your message",
      fieldErrors: fieldErrorsOf(parsed.error),
    });

  await enforceRateLimit(
    deps.rateLimits,
    { name: "contact-messages:ip", limit: deps.env.PUBLIC_FORMS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
    clientAddress,
    "Too many messages came from your network.",
    now.getTime(),
  );

  const message = parsed.data;
  let reference = "";
  // 32^8 references: a collision is rare, and a few draws make it vanish.
  for (let attempt = 0; attempt < 5 && !reference; attempt++) {
    const candidate = generateReference();
    if (await deps.contactMessages.create({ id: randomUUID(), reference: candidate, ...message, createdAt: now }))
      reference = candidate;
  }
  if (!reference) throw new AppError("internal_error", "We could not file your message. Please try again.");

  const [toSupport, toSender] = await Promise.allSettled([
    deps.mailer.send(contactMessageForSupportMail({ to: deps.env.SUPPORT_EMAIL, reference, message })),
    deps.mailer.send(
      contactMessageReceivedMail({
        to: message.email,
        reference,
        topic: message.topic,
        helpUrl: `${deps.env.APP_URL}/help`,
      }),
    ),
  ]);
  // The message is stored either way; support can still read it if its mail failed.
  if (toSupport.status === "rejected")
    deps.logger.error({ err: toSupport.reason, reference }, "contact message mail to support failed");
  if (toSender.status === "rejected")
    deps.logger.warn({ err: toSender.reason, reference }, "contact message confirmation mail failed");

  return { reference, email: message.email, isConfirmationSent: toSender.status === "fulfilled" };
}
