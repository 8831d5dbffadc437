import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { BillingCurrency } from "#core/billing/payment-provider.ts";
import type { BillingInterval, PlanId } from "#core/billing/plan-catalog.ts";
import type { PlanChangePreview } from "#core/billing/preview-plan-change.ts";

/** What the billing screens' actions answer. */
export type BillingActionResult =
  | { ok: true; intent: "checkout" | "portal"; url: string }
  | { ok: true; intent: "preview"; preview: PlanChangePreview }
  | {
      ok: true;
      intent: "change";
      planId: string;
      chargedMinor: number;
      creditedMinor: number;
      currency: BillingCurrency;
    }
  | { ok: true; intent: "cancel"; endsAt: Date }
  | { ok: true; intent: "resume" }
  | { ok: true; intent: "enterprise" }
  | { ok: true; intent: "details" }
  | { ok: true; intent: "pay"; paid: number; failedMessage: string | null }
  | ActionRefusal;

/** A plan card, its prices in the organization's billing currency (minor units). */
export interface PlanOffer {
  id: PlanId;
  name: string;
  isPopular: boolean;
  /** Per month on each interval; null: custom pricing (Enterprise). */
  monthlyMinor: Record<BillingInterval, number | null>;
  /** Billed once a year on yearly billing. */
  yearlyTotalMinor: number | null;
  limits: {
    adAccounts: number | null;
    teamMembers: number | null;
    apiCallsPerMonth: number | null;
    rules: number | null;
  };
}
