import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { BILLING_MESSAGES, billingDetailsSchema } from "./billing-schemas.ts";

/** The buyer on the next invoices: billing email, company, address, VAT number (reverse charge). */
export async function updateBillingDetails(deps: BillingDependencies, actor: Actor, values: unknown) {
  const parsed = billingDetailsSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", BILLING_MESSAGES.invalid, { fieldErrors: fieldErrorsOf(parsed.error) });
  await deps.billing.ensureAccount(actor.organizationId);
  await deps.billing.updateAccount(actor.organizationId, parsed.data, deps.now());
  return deps.billing.ensureAccount(actor.organizationId);
}
