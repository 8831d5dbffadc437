/**
 * The billing slice's domain records: an organization's subscription, billing account and invoices
 * as the use cases see them (billing-repository.ts maps the rows).
 */
import type { BillingCurrency, PaymentMethodSummary } from "./payment-provider.ts";
import type { BillingInterval, PlanId } from "./plan-catalog.ts";

export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "read_only", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Why an organization is read-only: its trial ended without a card, its payment failed for 7 days, or it cancelled. */
export type ReadOnlyReason = "trial_ended" | "payment_failed" | "canceled";

export interface Subscription {
  organizationId: string;
  planId: PlanId;
  interval: BillingInterval;
  status: SubscriptionStatus;
  readOnlyReason: ReadOnlyReason | null;
  trialEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  pastDueSince: Date | null;
  paymentMethod: PaymentMethodSummary | null;
  creditMinor: number;
}

export interface BillingAccount {
  organizationId: string;
  provider: string | null;
  providerCustomerId: string | null;
  currency: BillingCurrency;
  billingEmail: string | null;
  companyName: string | null;
  address: string | null;
  vatNumber: string | null;
}

export interface InvoiceLine {
  description: string;
  periodStart: string;
  periodEnd: string;
  quantity: number;
  unitMinor: number;
  amountMinor: number;
}

export interface InvoiceBuyer {
  name: string;
  email: string | null;
  address: string | null;
  vatNumber: string | null;
}

export type InvoiceKind = "checkout" | "trial_conversion" | "renewal" | "plan_change";
export type InvoiceStatus = "open" | "paid" | "void" | "uncollectible";

export interface Invoice {
  id: string;
  organizationId: string;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  currency: BillingCurrency;
  planId: PlanId;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  creditAppliedMinor: number;
  amountDueMinor: number;
  buyer: InvoiceBuyer;
  issuedAt: Date;
  dueAt: Date;
  paidAt: Date | null;
  attemptCount: number;
  nextAttemptAt: Date | null;
}

/** The resources a plan limits (apiCalls is metered by the public API itself). */
export type LimitedResource = "adAccounts" | "members" | "rules";

export interface Usage {
  adAccounts: number;
  /** Members and pending invitations. */
  members: number;
  rules: number;
  apiCallsThisMonth: number;
}

/** Who issues the invoices: the operator's legal entity, as INVOICE_SELLER gives it (lines separated by "|"). */
export interface InvoiceSeller {
  name: string;
  lines: readonly string[];
}
