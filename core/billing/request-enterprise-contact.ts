import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { enterpriseRequestMail } from "./billing-mail.ts";
import { BILLING_MESSAGES, enterpriseRequestSchema } from "./billing-schemas.ts";

/** Enterprise is "contact sales": the request is kept and mailed to the sales address. */
export async function requestEnterpriseContact(deps: BillingDependencies, actor: Actor, values: unknown) {
  const parsed = enterpriseRequestSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", BILLING_MESSAGES.invalid, { fieldErrors: fieldErrorsOf(parsed.error) });
  const contact = await deps.billing.contactOf(actor.organizationId);
  const id = await deps.billing.insertEnterpriseRequest({
    organizationId: actor.organizationId,
    userId: actor.kind === "user" ? actor.id : null,
    name: parsed.data.name,
    email: parsed.data.email,
    company: parsed.data.company,
    adAccounts: parsed.data.adAccounts ?? null,
    message: parsed.data.message,
    at: deps.now(),
  });
  const reference = `ENT-${id.slice(0, 8).toUpperCase()}`;
  await deps.mailer.send(
    enterpriseRequestMail({
      to: deps.salesEmail,
      reference,
      organization: contact.name,
      name: parsed.data.name,
      email: parsed.data.email,
      company: parsed.data.company,
      adAccounts: parsed.data.adAccounts ?? null,
      message: parsed.data.message,
    }),
  );
  return { reference };
}
