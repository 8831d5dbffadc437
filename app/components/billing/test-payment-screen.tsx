import { zodResolver } from "@hookform/resolvers/zod";
import { FlaskConical, Lock } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { PaymentMethodSummary } from "#core/billing/payment-provider.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { TEST_CARD_FIELDS, type TestCardInput, testCardSchema } from "./test-card-schema.ts";

export interface TestPaymentPage {
  kind: "checkout" | "portal";
  amountMinor: number;
  currency: string;
  description: string;
  cancelUrl: string;
  isCompleted: boolean;
  paymentMethod: PaymentMethodSummary | null;
}

const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "cards.succeeds" },
  { number: "4000 0000 0000 0341", outcome: "cards.failsLater" },
  { number: "4000 0000 0000 0002", outcome: "cards.declined" },
] as const;

type Field = (typeof TEST_CARD_FIELDS)[number];

/** The built-in test provider's checkout or card page: clearly a test, with its three test cards. */
export function TestPaymentScreen({ page }: { page: TestPaymentPage }) {
  const { t } = useTranslation("billing-test");
  const locale = useLocale();
  const baseId = useId();
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData<{ ok: false; fieldErrors: Partial<Record<string, string>> }>();
  const form = useForm<TestCardInput, unknown, z.output<typeof testCardSchema>>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { number: "", expiry: "", cvc: "", name: "" },
    mode: "onTouched",
  });
  const { errors } = form.formState;
  useEffect(() => {
    for (const field of TEST_CARD_FIELDS) {
      const message = answer?.fieldErrors[field];
      if (message) form.setError(field, { message }, { shouldFocus: true });
    }
  }, [answer, form]);
  const onSubmit = form.handleSubmit((_values, event) => {
    const target = event?.target;
    if (target instanceof HTMLFormElement) submit(target, { method: "post" });
  });
  const isPending = navigation.state !== "idle";
  const messageOf = (message: string | undefined) =>
    !message ? "" : message.startsWith("errors.") ? t(message) : translateMessage(t, message);
  const fieldProps = (field: Field) => ({
    id: `${baseId}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${baseId}-${field}-error` : undefined,
    ...form.register(field),
  });
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${baseId}-${field}-error`} className="text-destructive text-sm">
        {messageOf(errors[field]?.message)}
      </p>
    ) : null;
  const isCheckout = page.kind === "checkout";

  return (
    <main id="main" className="flex min-h-svh items-start justify-center bg-muted/40 px-4 py-10">
      <div className="grid w-full max-w-md gap-4">
        <p
          role="note"
          className="flex items-center gap-2 rounded-lg border border-amber-500/50 bg-amber-50 px-4 py-3 font-medium text-amber-950 text-sm dark:bg-amber-950/40 dark:text-amber-100"
        >
          <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
          {t("banner")}
        </p>
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl">{isCheckout ? t("checkout.title") : t("portal.title")}</h1>
            </CardTitle>
            <CardDescription>{isCheckout ? page.description : t("portal.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {isCheckout ? (
              <p className="font-bold text-3xl tabular-nums">{formatMoney(page.amountMinor, page.currency, locale)}</p>
            ) : page.paymentMethod ? (
              <p className="text-sm">{t("portal.current", { last4: page.paymentMethod.last4 })}</p>
            ) : null}
            {page.isCompleted ? (
              <p className="text-muted-foreground">{t("completed")}</p>
            ) : (
              <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
                <div className="grid gap-2">
                  <Label htmlFor={`${baseId}-number`}>{t("fields.number")}</Label>
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="4242 4242 4242 4242"
                    {...fieldProps("number")}
                  />
                  {errorOf("number")}
                </div>
                <div className="grid grid-cols-2 gap-4">
                  <div className="grid gap-2">
                    <Label htmlFor={`${baseId}-expiry`}>{t("fields.expiry")}</Label>
                    <Input
                      autoComplete="cc-exp"
                      placeholder={t("fields.expiryPlaceholder")}
                      {...fieldProps("expiry")}
                    />
                    {errorOf("expiry")}
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${baseId}-cvc`}>{t("fields.cvc")}</Label>
                    <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...fieldProps("cvc")} />
                    {errorOf("cvc")}
                  </div>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${baseId}-name`}>{t("fields.name")}</Label>
                  <Input autoComplete="cc-name" {...fieldProps("name")} />
                  {errorOf("name")}
                </div>
                <SubmitButton isPending={isPending} pendingLabel={t("processing")} icon={<Lock aria-hidden="true" />}>
                  {isCheckout
                    ? t("checkout.pay", { amount: formatMoney(page.amountMinor, page.currency, locale) })
                    : t("portal.save")}
                </SubmitButton>
              </form>
            )}
            <Button asChild variant="ghost">
              <a href={page.cancelUrl}>{t("back")}</a>
            </Button>
          </CardContent>
        </Card>
        <section aria-labelledby={`${baseId}-cards`} className="rounded-lg border bg-background p-4 text-sm">
          <h2 id={`${baseId}-cards`} className="mb-2 font-semibold">
            {t("cards.title")}
          </h2>
          <ul className="grid gap-1.5">
            {TEST_CARDS.map((card) => (
              <li key={card.number} className="flex flex-wrap justify-between gap-x-3">
                <code className="font-mono">{card.number}</code>
                <span className="text-muted-foreground">{t(card.outcome)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-muted-foreground">{t("cards.hint")}</p>
        </section>
      </div>
    </main>
  );
}
