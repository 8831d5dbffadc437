import type { AuditLog } from "#core/audit/audit-log.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { BillingRepository } from "./billing-repository.ts";
import type { InvoiceSeller } from "./billing-types.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/** What billing's use cases take; billing-module.ts builds it once. */
export interface BillingDependencies {
  billing: BillingRepository;
  provider: PaymentProvider;
  mailer: Mailer;
  audit: AuditLog;
  /** Our public base URL: checkout and portal pages come back to /billing under it. */
  appUrl: string;
  /** Where Enterprise requests go. */
  salesEmail: string;
  /** Who issues the invoices (INVOICE_SELLER); the company and the billing address by default. */
  seller?: InvoiceSeller;
  now: () => Date;
}
