/**
 * The payment provider port. Adhelm is its own billing engine (subscriptions, trial, proration,
 * invoices, dunning live in core/billing); a provider only holds customers and their cards, takes
 * payments and reports what happened. Two adapters: the built-in test provider (the default when no
 * Stripe keys are set, so the whole flow works out of the box like the ad sandbox) and Stripe
 * (Checkout for the first payment and the card, the customer portal for cards, off-session
 * PaymentIntents for renewals, proration and dunning retries, signed webhooks).
 */

export type PaymentProviderId = "builtin" | "stripe";

/** ISO 4217, lower or upper case as the provider wants it; Adhelm bills in these two. */
export type BillingCurrency = "USD" | "EUR";

export interface PaymentMethodSummary {
  /** "visa", "mastercard", … */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderCustomer {
  customerId: string;
}

/** A hosted page the browser is sent to, and back from. */
export interface HostedPage {
  url: string;
  /** The provider's id for it (a Checkout Session id). */
  id: string;
}

export type ChargeResult =
  | { status: "succeeded"; paymentId: string }
  | { status: "failed"; paymentId: string | null; failureMessage: string }
  /** The bank wants the customer present (3-D Secure): treated as failed for dunning, with a link to pay. */
  | { status: "requires_action"; paymentId: string; failureMessage: string };

/**
 * What a provider tells us happened, already verified (signature) and normalized. `eventId` is the
 * provider's own id: processing is idempotent by it.
 */
export type ProviderEvent =
  | {
      kind: "checkout.completed";
      eventId: string;
      customerId: string;
      /** What we put in the Checkout's metadata when we created it. */
      metadata: Record<string, string>;
      paymentId: string | null;
      paymentMethod: PaymentMethodSummary | null;
    }
  | {
      kind: "payment.succeeded";
      eventId: string;
      customerId: string;
      paymentId: string;
      metadata: Record<string, string>;
    }
  | {
      kind: "payment.failed";
      eventId: string;
      customerId: string;
      paymentId: string;
      failureMessage: string;
      metadata: Record<string, string>;
    }
  | { kind: "payment_method.updated"; eventId: string; customerId: string; paymentMethod: PaymentMethodSummary | null }
  | { kind: "ignored"; eventId: string; type: string };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Creates the provider's customer for an organization (or returns the one already made for it). */
  ensureCustomer(input: {
    organizationId: string;
    name: string;
    email: string;
    existingCustomerId: string | null;
  }): Promise<ProviderCustomer>;
  /**
   * A hosted checkout that saves the card for later off-session charges and, when `amountMinor` is
   * positive, takes that first payment. `metadata` comes back on the checkout.completed event.
   */
  createCheckout(input: {
    customerId: string;
    amountMinor: number;
    currency: BillingCurrency;
    description: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<HostedPage>;
  /** A hosted page where the customer manages their cards. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<HostedPage>;
  /** Charges the saved default card off-session (renewals, upgrades, dunning retries). */
  charge(input: {
    customerId: string;
    amountMinor: number;
    currency: BillingCurrency;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** The customer's default card, if any. */
  getPaymentMethod(customerId: string): Promise<PaymentMethodSummary | null>;
  /** Verifies a webhook's signature and normalizes it; throws AppError("bad_request") on a bad signature. */
  parseWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent>;
}
