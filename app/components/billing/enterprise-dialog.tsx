import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { enterpriseRequestSchema } from "#core/billing/billing-schemas.ts";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

type FormInput = z.input<typeof enterpriseRequestSchema>;
type FormOutput = z.output<typeof enterpriseRequestSchema>;
const FIELDS = ["name", "email", "company", "adAccounts", "message"] as const;
const EMPTY: FormInput = { name: "", email: "", company: "", adAccounts: "", message: "" };

/** Enterprise's "Contact sales": who asks and what they need, checked here and again on the server. */
export function EnterpriseDialog() {
  const { t } = useTranslation("billing");
  const baseId = useId();
  const isHydrated = useIsHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(enterpriseRequestSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const { submit, isBusy } = useBillingFetcher(
    (result) => {
      if (result.intent !== "enterprise") return;
      setIsOpen(false);
      toast.success(t("enterprise.sent"));
    },
    (fieldErrors) => {
      for (const field of FIELDS)
        if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
    },
    "/billing",
  );
  useEffect(() => {
    if (isOpen) form.reset(EMPTY);
  }, [isOpen, form]);
  const onSubmit = form.handleSubmit((values) => submit({ intent: "enterprise", values }));
  const messageOf = (message: string | undefined) => (message ? translateMessage(t, message) : "");
  const fieldProps = (field: (typeof FIELDS)[number]) => ({
    id: `${baseId}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${baseId}-${field}-error` : undefined,
    ...form.register(field),
  });
  const errorOf = (field: (typeof FIELDS)[number]) =>
    errors[field] ? (
      <p id={`${baseId}-${field}-error`} className="text-destructive text-sm">
        {messageOf(errors[field]?.message)}
      </p>
    ) : null;

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (isBusy ? undefined : setIsOpen(open))}>
      <DialogTrigger asChild>
        <Button className="w-full" variant="outline" disabled={!isHydrated}>
          {t("enterprise.action")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("enterprise.title")}</DialogTitle>
            <DialogDescription>{t("enterprise.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-name`}>{t("enterprise.name")}</Label>
              <Input autoComplete="name" {...fieldProps("name")} />
              {errorOf("name")}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-email`}>{t("enterprise.email")}</Label>
              <Input type="email" autoComplete="email" {...fieldProps("email")} />
              {errorOf("email")}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-company`}>{t("enterprise.company")}</Label>
              <Input autoComplete="organization" {...fieldProps("company")} />
              {errorOf("company")}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-adAccounts`}>{t("enterprise.size")}</Label>
              <Input type="number" inputMode="numeric" min={0} {...fieldProps("adAccounts")} />
              {errorOf("adAccounts")}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${baseId}-message`}>{t("enterprise.message")}</Label>
            <Textarea rows={4} placeholder={t("enterprise.messagePlaceholder")} {...fieldProps("message")} />
            {errorOf("message")}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)} disabled={isBusy}>
              {t("enterprise.cancel")}
            </Button>
            <SubmitButton isPending={isBusy} pendingLabel={t("enterprise.sending")}>
              {t("enterprise.send")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
