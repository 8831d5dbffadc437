/**
 * What the app's pages of the built-in test provider (/billing/test-checkout/:id,
 * /billing/test-portal/:id) need of it; adapters/payments/builtin-payment-provider.ts implements it.
 */
import type { PaymentMethodSummary } from "./payment-provider.ts";

export interface BuiltinPage {
  id: string;
  kind: "checkout" | "portal";
  amountMinor: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "completed";
  paymentMethod: PaymentMethodSummary | null;
}

export interface BuiltinPaymentPages {
  getPage(id: string, kind: BuiltinPage["kind"]): Promise<BuiltinPage>;
  /** Pays a checkout with a test card; a declined card throws 422 with a `card` field error. */
  completeCheckout(id: string, typedCard: string): Promise<{ redirectTo: string }>;
  /** The portal's "Save card". */
  updateCard(id: string, typedCard: string): Promise<{ redirectTo: string }>;
}
