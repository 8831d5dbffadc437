import { Hono } from "hono";
import type { PaymentProvider, ProviderEvent } from "#core/billing/payment-provider.ts";
import { AppError, toErrorEnvelope } from "#core/errors/app-error.ts";
import type { Logger } from "#core/ports/logger.ts";

export interface BillingWebhookOptions {
  /** The configured provider; the endpoint exists only when it is Stripe. */
  provider: PaymentProvider;
  /** The billing engine's handling of a verified event; idempotent by the event's id. */
  handleProviderEvent: (event: ProviderEvent) => Promise<unknown>;
  logger: Logger;
}

/**
 * POST /webhooks/stripe: Stripe's signed events. The body is read raw (the signature covers its exact
 * bytes) and verified before anything else; no session, no CSRF token (no cookie comes with it, so
 * the origin check lets it through). 200 for an event processed, replayed or ignored; 400 for a bad
 * signature; 5xx only when processing failed, so that Stripe sends it again later.
 */
export function billingWebhookRoutes({ provider, handleProviderEvent, logger }: BillingWebhookOptions) {
  const app = new Hono();
  if (provider.id !== "stripe") return app;
  app.post("/webhooks/stripe", async (c) => {
    const rawBody = await c.req.text();
    let event: ProviderEvent;
    try {
      event = await provider.parseWebhook(rawBody, c.req.raw.headers);
    } catch (error) {
      if (error instanceof AppError && error.code === "bad_request") {
        logger.warn({ reason: error.message }, "stripe webhook refused");
        return c.json(toErrorEnvelope(error), 400);
      }
      // Stripe itself could not be read while normalizing: it will send the event again.
      logger.error({ err: error }, "stripe webhook could not be read");
      return c.json(
        { error: { code: "internal_error", message: "The event could not be processed; send it again." } },
        503,
      );
    }
    try {
      await handleProviderEvent(event);
    } catch (error) {
      logger.error({ err: error, eventId: event.eventId, kind: event.kind }, "stripe webhook processing failed");
      return c.json(
        { error: { code: "internal_error", message: "The event could not be processed; send it again." } },
        500,
      );
    }
    logger.info({ eventId: event.eventId, kind: event.kind }, "stripe webhook");
    return c.json({ received: true });
  });
  return app;
}
