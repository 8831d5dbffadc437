import { z } from "zod";
import { emailField } from "#core/forms/form-fields.ts";

/** Where a subscribe box sits; the first subscription's source is kept with the subscriber. */
export const NEWSLETTER_SOURCES = ["footer", "blog", "changelog"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const subscribeSchema = z.object({
  email: emailField,
  source: z.enum(NEWSLETTER_SOURCES, { error: "Unknown subscribe box" }),
});
export type SubscribeInput = z.input<typeof subscribeSchema>;

/** The same answer for a new, a pending and a confirmed address: nobody learns who subscribed. */
export const SUBSCRIBE_SUCCESS = {
  title: "Check your inbox",
  message: "Check your inbox to confirm your subscription. Already subscribed? Then there is nothing more to do.",
} as const;

/** Links are random 32-byte tokens, base64url: anything else is refused without a database read. */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
