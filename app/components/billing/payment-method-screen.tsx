import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { SubscriptionStatus } from "#core/billing/billing-types.ts";
import type { BillingCurrency, PaymentMethodSummary } from "#core/billing/payment-provider.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { BillingHeader } from "./billing-nav.tsx";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

export interface PaymentMethodScreenProps {
  paymentMethod: PaymentMethodSummary | null;
  amountDueMinor: number;
  currency: BillingCurrency;
  status: SubscriptionStatus;
  canManage: boolean;
}

/** /billing/payment-method: the card on file, replacing it at the provider, and paying what is open. */
export function PaymentMethodScreen({ paymentMethod, amountDueMinor, currency, canManage }: PaymentMethodScreenProps) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const portal = useBillingFetcher(
    (result) => {
      if (result.intent === "portal") window.location.assign(result.url);
    },
    undefined,
    "/billing/payment-method",
  );
  const pay = useBillingFetcher(
    (result) => {
      if (result.intent !== "pay") return;
      if (result.failedMessage) toast.error(t("card.payFailed"), { description: result.failedMessage });
      else toast.success(t("card.paid"));
    },
    undefined,
    "/billing/payment-method",
  );
  return (
    <div className="mx-auto flex min-w-0 max-w-5xl flex-col gap-6">
      <BillingHeader title={t("card.title")} intro={t("card.intro")} />
      {!canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("card.adminsOnly")}
        </p>
      ) : (
        <>
          {amountDueMinor > 0 ? (
            <section
              aria-labelledby="amount-due-title"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
            >
              <div>
                <h2 id="amount-due-title" className="font-semibold">
                  {t("card.dueTitle", { amount: formatMoney(amountDueMinor, currency, locale) })}
                </h2>
                <p className="text-muted-foreground text-sm">{t("card.dueBody")}</p>
              </div>
              <Button onClick={() => pay.submit({ intent: "pay" })} disabled={pay.isBusy || !paymentMethod}>
                {t("card.payNow")}
              </Button>
            </section>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t("card.onFile")}</h2>
              </CardTitle>
              <CardDescription>{t("card.onFileDescription")}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap items-center justify-between gap-4">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg border bg-muted">
                  <CreditCard aria-hidden="true" className="size-5" />
                </span>
                {paymentMethod ? (
                  <div>
                    <p className="font-medium" data-testid="card-on-file">
                      {t("card.summary", {
                        brand: paymentMethod.brand.charAt(0).toUpperCase() + paymentMethod.brand.slice(1),
                        last4: paymentMethod.last4,
                      })}
                    </p>
                    <p className="text-muted-foreground text-sm">
                      {t("card.expires", {
                        month: String(paymentMethod.expMonth).padStart(2, "0"),
                        year: paymentMethod.expYear,
                      })}
                    </p>
                  </div>
                ) : (
                  <p className="text-muted-foreground">{t("card.none")}</p>
                )}
              </div>
              <Button variant="outline" onClick={() => portal.submit({ intent: "portal" })} disabled={portal.isBusy}>
                {paymentMethod ? t("card.update") : t("card.add")}
              </Button>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
