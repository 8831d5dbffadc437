import { createRequire } from "node:module";
import type Stripe from "stripe";
import type {
  ChargeResult,
  HostedPage,
  PaymentMethodSummary,
  PaymentProvider,
  ProviderEvent,
} from "#core/billing/payment-provider.ts";
import type { Env } from "#core/config/env.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Logger } from "#core/ports/logger.ts";

/** The SDK, required with the first provider: a server without Stripe keys never loads it (~35 MB). */
function stripeSdk(): typeof Stripe {
  return createRequire(import.meta.url)("stripe") as typeof Stripe;
}

/** The Stripe API version this adapter was written and tested against (the SDK's own). */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export interface StripePaymentProviderOptions {
  secretKey: string;
  /** The endpoint's signing secret (whsec_…), which verifies webhooks. */
  webhookSecret: string;
  logger: Logger;
  /** Where the API is; tests point it at a local fake. Unset: api.stripe.com over https. */
  connection?: { host: string; port: number; protocol: "http" | "https" };
  /** Stripe's own retries of a failed network call (POSTs keep their idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (parseEnv wants both or neither). */
export function stripePaymentProviderFrom(env: Env, logger: Logger): PaymentProvider | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return createStripePaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    logger,
    ...(api
      ? {
          connection: {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "http:" ? 80 : 443)),
            protocol: api.protocol === "http:" ? "http" : "https",
          },
        }
      : {}),
  });
}

/**
 * The Stripe adapter of the payment provider port. Checkout takes the first payment and saves the
 * card for off-session use; the customer portal manages cards; renewals and retries are
 * off-session PaymentIntents on the default card. Webhooks are verified against the raw body.
 */
export function createStripePaymentProvider(options: StripePaymentProviderOptions): PaymentProvider {
  const stripe = new (stripeSdk())(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: "Adhelm" },
    ...(options.connection ?? {}),
  });
  const { logger, webhookSecret } = options;

  /** Stripe's trouble (network, 5xx, our configuration) as an AppError; the key is never part of it. */
  async function call<T>(doing: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(error, doing, logger);
    }
  }

  async function defaultCard(customerId: string): Promise<Stripe.PaymentMethod | null> {
    const customer = await call("reading the customer", () => stripe.customers.retrieve(customerId));
    if (customer.deleted) return null;
    const preferred = customer.invoice_settings?.default_payment_method;
    if (preferred) {
      const method =
        typeof preferred === "string"
          ? await call("reading the card", () => stripe.paymentMethods.retrieve(preferred))
          : preferred;
      if (method.card) return method;
    }
    const cards = await call("listing the cards", () =>
      stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 1 }),
    );
    return cards.data[0] ?? null;
  }

  async function paymentMethodOf(session: Stripe.Checkout.Session): Promise<Stripe.PaymentMethod | null> {
    const intentId = idOf(session.payment_intent);
    const setupId = idOf(session.setup_intent);
    const intent = intentId
      ? await call("reading the payment", () => stripe.paymentIntents.retrieve(intentId))
      : setupId
        ? await call("reading the saved card", () => stripe.setupIntents.retrieve(setupId))
        : null;
    const methodId = idOf(intent?.payment_method ?? null);
    return methodId ? await call("reading the card", () => stripe.paymentMethods.retrieve(methodId)) : null;
  }

  return {
    id: "stripe",

    async ensureCustomer({ organizationId, name, email, existingCustomerId }) {
      if (existingCustomerId) return { customerId: existingCustomerId };
      const customer = await call("creating the customer", () =>
        stripe.customers.create(
          { name, email, metadata: { organizationId } },
          // Two clicks at once make one customer.
          { idempotencyKey: `adhelm-customer-${organizationId}` },
        ),
      );
      return { customerId: customer.id };
    },

    async createCheckout(input): Promise<HostedPage> {
      const currency = input.currency.toLowerCase();
      const common = {
        customer: input.customerId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        payment_method_types: ["card" as const],
      };
      const params: Stripe.Checkout.SessionCreateParams =
        input.amountMinor > 0
          ? {
              ...common,
              mode: "payment",
              line_items: [
                {
                  quantity: 1,
                  price_data: { currency, unit_amount: input.amountMinor, product_data: { name: input.description } },
                },
              ],
              payment_intent_data: {
                setup_future_usage: "off_session",
                description: input.description,
                metadata: input.metadata,
              },
            }
          : { ...common, mode: "setup", currency, setup_intent_data: { metadata: input.metadata } };
      const session = await call("opening the checkout", () =>
        stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
      );
      if (!session.url) throw new AppError("internal_error", "Stripe opened a checkout without a page to send you to.");
      return { id: session.id, url: session.url };
    },

    async createPortal({ customerId, returnUrl }) {
      const session = await call("opening the billing portal", () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { id: session.id, url: session.url };
    },

    async charge(input): Promise<ChargeResult> {
      const card = await defaultCard(input.customerId);
      if (!card) return { status: "failed", paymentId: null, failureMessage: "No card is saved for this customer." };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            customer: input.customerId,
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            description: input.description,
            payment_method: card.id,
            off_session: true,
            confirm: true,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === "succeeded") return { status: "succeeded", paymentId: intent.id };
        const failureMessage =
          intent.last_payment_error?.message ?? `The payment is ${intent.status.replaceAll("_", " ")}.`;
        if (intent.status === "requires_action")
          return { status: "requires_action", paymentId: intent.id, failureMessage };
        return { status: "failed", paymentId: intent.id, failureMessage };
      } catch (error) {
        // A declined card is an answer, not a failure of ours: dunning takes it from here.
        if (error instanceof stripeSdk().errors.StripeCardError) {
          const paymentId = error.payment_intent?.id ?? null;
          if (error.code === "authentication_required" && paymentId)
            return { status: "requires_action", paymentId, failureMessage: error.message };
          return { status: "failed", paymentId, failureMessage: error.message };
        }
        throw providerError(error, "charging the card", logger);
      }
    },

    async getPaymentMethod(customerId) {
      return summaryOf(await defaultCard(customerId));
    },

    async parseWebhook(rawBody, headers): Promise<ProviderEvent> {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new AppError("bad_request", "The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError("bad_request", "The webhook's signature does not match its body (or is too old).");
      }
      const eventId = event.id;
      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          const customerId = idOf(session.customer);
          if (!customerId) return { kind: "ignored", eventId, type: event.type };
          const method = await paymentMethodOf(session);
          // The card just entered pays the renewals, unless the customer already chose a default.
          if (method) await makeDefaultIfNone(customerId, method.id);
          return {
            kind: "checkout.completed",
            eventId,
            customerId,
            metadata: session.metadata ?? {},
            paymentId: idOf(session.payment_intent),
            paymentMethod: summaryOf(method),
          };
        }
        case "payment_intent.succeeded": {
          const intent = event.data.object;
          const customerId = idOf(intent.customer);
          if (!customerId) return { kind: "ignored", eventId, type: event.type };
          return {
            kind: "payment.succeeded",
            eventId,
            customerId,
            paymentId: intent.id,
            metadata: intent.metadata ?? {},
          };
        }
        case "payment_intent.payment_failed": {
          const intent = event.data.object;
          const customerId = idOf(intent.customer);
          if (!customerId) return { kind: "ignored", eventId, type: event.type };
          return {
            kind: "payment.failed",
            eventId,
            customerId,
            paymentId: intent.id,
            failureMessage: intent.last_payment_error?.message ?? "The payment failed.",
            metadata: intent.metadata ?? {},
          };
        }
        case "payment_method.attached":
        case "payment_method.detached": {
          const method = event.data.object;
          const previous = event.data.previous_attributes as { customer?: string | null } | undefined;
          const customerId = idOf(method.customer) ?? previous?.customer ?? null;
          if (!customerId) return { kind: "ignored", eventId, type: event.type };
          // What the customer has now (events may arrive out of order), not what this one says.
          return {
            kind: "payment_method.updated",
            eventId,
            customerId,
            paymentMethod: summaryOf(await defaultCard(customerId)),
          };
        }
        case "customer.updated": {
          const previous = event.data.previous_attributes as { invoice_settings?: unknown } | undefined;
          if (!previous || !("invoice_settings" in previous)) return { kind: "ignored", eventId, type: event.type };
          const customerId = event.data.object.id;
          return {
            kind: "payment_method.updated",
            eventId,
            customerId,
            paymentMethod: summaryOf(await defaultCard(customerId)),
          };
        }
        default:
          return { kind: "ignored", eventId, type: event.type };
      }
    },
  };

  async function makeDefaultIfNone(customerId: string, paymentMethodId: string) {
    const customer = await call("reading the customer", () => stripe.customers.retrieve(customerId));
    if (customer.deleted || customer.invoice_settings?.default_payment_method) return;
    await call("saving the default card", () =>
      stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
    );
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function summaryOf(method: Stripe.PaymentMethod | null): PaymentMethodSummary | null {
  if (!method?.card) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/**
 * Stripe's errors that are ours to show, with a message a person can act on. Only the error's
 * kind, code, status and request id are logged: never the key, the request or Stripe's raw answer.
 */
function providerError(error: unknown, doing: string, logger: Logger): Error {
  if (error instanceof AppError) return error;
  if (!(error instanceof stripeSdk().errors.StripeError)) {
    logger.error({ stripe: { doing, kind: error instanceof Error ? error.name : typeof error } }, "stripe call failed");
    return new AppError("internal_error", `Payments are unavailable right now (${doing} failed). Please try again.`);
  }
  logger.warn(
    { stripe: { doing, type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId } },
    "stripe call failed",
  );
  if (error instanceof stripeSdk().errors.StripeConnectionError || (error.statusCode ?? 0) >= 500)
    return new AppError("internal_error", `Stripe could not be reached while ${doing}. Please try again in a moment.`);
  if (error instanceof stripeSdk().errors.StripeRateLimitError)
    return new AppError("rate_limited", `Stripe is busy right now (${doing}). Please try again in a moment.`);
  if (
    error instanceof stripeSdk().errors.StripeAuthenticationError ||
    error instanceof stripeSdk().errors.StripePermissionError
  )
    return new AppError("internal_error", "Stripe refused Adhelm's secret key; check STRIPE_SECRET_KEY.");
  return new AppError("internal_error", `Stripe refused ${doing}: ${error.code ?? error.type}.`);
}
