import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-events.ts";

/** The event types a person may subscribe to: "webhook.test" only comes from "Send test event". */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type): type is Exclude<WebhookEventType, "webhook.test"> => type !== "webhook.test",
);

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the endpoint's address, e.g. https://example.com/webhooks.",
  urlTooLong: "An address has at most 2000 characters.",
  urlInvalid: "The address is not a valid web address.",
  urlScheme: "The address must start with http:// or https://.",
  urlHttpsOnly: "The address must start with https://.",
  urlCredentials: "The address must not contain a user name or password.",
  urlPrivate: "The address is on a private or reserved network, which Adhelm does not call.",
  descriptionTooLong: "A description has at most 200 characters.",
  eventTypesRequired: "Choose at least one event.",
  eventTypeUnknown: "Choose events from the list.",
  notFound: "There is no such webhook endpoint.",
  check: "Check the endpoint's details.",
} as const;

/**
 * The endpoint form, on the page and on the server. The address's network rules (https in
 * production, no private address) are the server's: see webhook-url-policy.ts.
 */
export const webhookEndpointSchema = z.object({
  url: z
    .string(WEBHOOK_MESSAGES.urlRequired)
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
    .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.urlInvalid)
    .refine((value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlScheme),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong)
    .optional()
    .default(""),
  eventTypes: z
    .array(z.enum(SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_MESSAGES.eventTypeUnknown), WEBHOOK_MESSAGES.eventTypesRequired)
    .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
    .transform((types) => [...new Set(types)]),
});

export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointSchema>;
