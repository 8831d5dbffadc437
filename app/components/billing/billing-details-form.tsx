import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { billingDetailsSchema } from "#core/billing/billing-schemas.ts";
import type { BillingAccount } from "#core/billing/billing-types.ts";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

const FIELDS = ["companyName", "address", "vatNumber", "billingEmail"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
// The form holds text; the server's schema (the same one) turns blanks into "none".
const formSchema = z
  .object({ companyName: z.string(), address: z.string(), vatNumber: z.string(), billingEmail: z.string() })
  .superRefine((values, context) => {
    const parsed = billingDetailsSchema.safeParse(values);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

/** Company, address, VAT number and billing email: what the next invoices print as the buyer. */
export function BillingDetailsForm({ account }: { account: Omit<BillingAccount, "providerCustomerId"> }) {
  const { t } = useTranslation("billing");
  const baseId = useId();
  const initial: Values = {
    companyName: account.companyName ?? "",
    address: account.address ?? "",
    vatNumber: account.vatNumber ?? "",
    billingEmail: account.billingEmail ?? "",
  };
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: initial, mode: "onTouched" });
  const { errors } = form.formState;
  const { submit, isBusy } = useBillingFetcher(
    (result) => {
      if (result.intent === "details") {
        toast.success(t("details.saved"));
        form.reset(form.getValues());
      }
    },
    (fieldErrors) => {
      for (const field of FIELDS)
        if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
    },
    "/billing/invoices",
  );
  const onSubmit = form.handleSubmit((values) => submit({ intent: "details", values }));
  const fieldProps = (field: Field) => ({
    id: `${baseId}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${baseId}-${field}-error` : undefined,
    ...form.register(field),
  });
  const errorOf = (field: Field) =>
    errors[field]?.message ? (
      <p id={`${baseId}-${field}-error`} className="text-destructive text-sm">
        {translateMessage(t, errors[field].message)}
      </p>
    ) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-companyName`}>{t("details.company")}</Label>
          <Input autoComplete="organization" {...fieldProps("companyName")} />
          {errorOf("companyName")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-billingEmail`}>{t("details.email")}</Label>
          <Input type="email" autoComplete="email" {...fieldProps("billingEmail")} />
          {errorOf("billingEmail")}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${baseId}-address`}>{t("details.address")}</Label>
        <Textarea rows={3} autoComplete="street-address" {...fieldProps("address")} />
        {errorOf("address")}
      </div>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={`${baseId}-vatNumber`}>{t("details.vatNumber")}</Label>
        <Input placeholder={t("details.vatPlaceholder")} {...fieldProps("vatNumber")} />
        <p className="text-muted-foreground text-xs">{t("details.vatHint")}</p>
        {errorOf("vatNumber")}
      </div>
      <div>
        <SubmitButton isPending={isBusy} pendingLabel={t("details.saving")}>
          {t("details.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
