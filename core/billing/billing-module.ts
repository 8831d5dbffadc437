import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { createLimitCheck } from "./billing-limits.ts";
import { createBillingRepository } from "./billing-repository.ts";
import type { InvoiceSeller } from "./billing-types.ts";
import { cancelSubscription, resumeSubscription } from "./cancel-subscription.ts";
import { changePlan } from "./change-plan.ts";
import { getBillingOverview } from "./get-billing-overview.ts";
import { getBillingStatus } from "./get-billing-status.ts";
import { handleProviderEvent } from "./handle-provider-event.ts";
import { organizationReadOnly } from "./organization-read-only.ts";
import { openPaymentPortal, payOpenInvoices } from "./pay-open-invoices.ts";
import type { PaymentProvider, ProviderEvent } from "./payment-provider.ts";
import { previewPlanChange } from "./preview-plan-change.ts";
import { renderInvoicePdf } from "./render-invoice-pdf.ts";
import { requestEnterpriseContact } from "./request-enterprise-contact.ts";
import { runBillingFor, runBillingTick } from "./run-billing-tick.ts";
import { startCheckout } from "./start-checkout.ts";
import { startTrial } from "./start-trial.ts";
import { updateBillingDetails } from "./update-billing-details.ts";

export interface BillingModuleDependencies {
  db: Kysely<Database>;
  provider: PaymentProvider;
  mailer: Mailer;
  appUrl: string;
  salesEmail: string;
  /** Who issues the invoices (INVOICE_SELLER). */
  seller?: InvoiceSeller;
  now?: () => Date;
}

/**
 * Billing (/billing): the plan and its trial, checkout, plan changes with proration, cancellation,
 * invoices and their PDFs, the card, and Enterprise's contact form. Everyone reads the overview
 * (the sidebar's amount due); billing.manage (admins) changes anything.
 */
export function createBillingModule({
  db,
  provider,
  mailer,
  appUrl,
  salesEmail,
  seller,
  now = () => new Date(),
}: BillingModuleDependencies) {
  const deps: BillingDependencies = {
    billing: createBillingRepository(db),
    provider,
    mailer,
    audit: createAuditLog(db),
    appUrl,
    salesEmail,
    seller,
    now,
  };
  return {
    getBillingOverview: useCase("workspace.read", (actor) => getBillingOverview(deps, actor)),
    /** The app shell's badge (amount due) and banners: small, on every layout load. */
    getBillingStatus: useCase("workspace.read", (actor) => getBillingStatus(deps, actor)),
    /** The plan-change dialog's prorated amount; changes nothing. */
    previewPlanChange: useCase("billing.manage", (actor, values: unknown) => previewPlanChange(deps, actor, values)),
    startCheckout: useCase("billing.manage", (actor, values: unknown) => startCheckout(deps, actor, values)),
    changePlan: useCase("billing.manage", (actor, values: unknown) => changePlan(deps, actor, values)),
    cancelSubscription: useCase("billing.manage", (actor) => cancelSubscription(deps, actor)),
    resumeSubscription: useCase("billing.manage", (actor) => resumeSubscription(deps, actor)),
    payOpenInvoices: useCase("billing.manage", (actor) => payOpenInvoices(deps, actor)),
    openPaymentPortal: useCase("billing.manage", (actor) => openPaymentPortal(deps, actor)),
    updateBillingDetails: useCase("billing.manage", (actor, values: unknown) =>
      updateBillingDetails(deps, actor, values),
    ),
    renderInvoicePdf: useCase("billing.manage", (actor, invoiceId: string) => renderInvoicePdf(deps, actor, invoiceId)),
    requestEnterpriseContact: useCase("billing.manage", (actor, values: unknown) =>
      requestEnterpriseContact(deps, actor, values),
    ),
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;

/**
 * What runs without a person: the trial's start (createOrganization's hook), the provider's
 * verified events (webhooks, the built-in test provider's pages), the hourly tick, and the checks
 * other slices make (limits, read-only).
 */
export function createBillingBackground({
  db,
  provider,
  mailer,
  appUrl,
  salesEmail,
  now = () => new Date(),
}: BillingModuleDependencies) {
  const deps: BillingDependencies = {
    billing: createBillingRepository(db),
    provider,
    mailer,
    audit: createAuditLog(db),
    appUrl,
    salesEmail,
    now,
  };
  return {
    startTrial: (organizationId: string) => startTrial(deps, organizationId),
    handleProviderEvent: (event: ProviderEvent) => handleProviderEvent(deps, event),
    runBillingTick: () => runBillingTick(deps),
    runBillingFor: (organizationId: string) => runBillingFor(deps, organizationId),
    assertWithinLimit: createLimitCheck(deps.billing, now),
    readOnlyOf: (organizationId: string) => organizationReadOnly(db, organizationId),
  };
}

export type BillingBackground = ReturnType<typeof createBillingBackground>;
