import type { PaymentProvider } from "#core/billing/payment-provider.ts";
import { AppError } from "#core/errors/app-error.ts";

export const PAYMENTS_NOT_SET_UP_MESSAGE =
  "Payments are not set up on this server. An administrator sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.";

/**
 * Production without Stripe keys and without the test provider (PAYMENTS_SANDBOX): plans and trials
 * still work, but nothing can be paid, and nobody can "pay" with a test card.
 */
export function createUnavailablePaymentProvider(): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new AppError("conflict", PAYMENTS_NOT_SET_UP_MESSAGE);
  };
  return {
    id: "builtin",
    ensureCustomer: refuse,
    createCheckout: refuse,
    createPortal: refuse,
    charge: async () => ({ status: "failed", paymentId: null, failureMessage: PAYMENTS_NOT_SET_UP_MESSAGE }),
    getPaymentMethod: async () => null,
    parseWebhook: async () => {
      throw new AppError("bad_request", PAYMENTS_NOT_SET_UP_MESSAGE);
    },
  };
}
