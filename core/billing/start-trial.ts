import type { BillingDependencies } from "./billing-dependencies.ts";
import { DAY_MS } from "./billing-periods.ts";
import { TRIAL_DAYS } from "./plan-catalog.ts";

/**
 * A new organization's 14-day Professional trial, with no card (the pricing FAQ's promise), and its
 * billing account in the organization's currency (EUR stays EUR, anything else is billed in USD).
 * Runs from createOrganization's hook; an organization that already has a subscription keeps it.
 */
export async function startTrial(
  deps: Pick<BillingDependencies, "billing" | "now">,
  organizationId: string,
): Promise<void> {
  await deps.billing.createTrial(organizationId, new Date(deps.now().getTime() + TRIAL_DAYS * DAY_MS));
  await deps.billing.ensureAccount(organizationId);
}
