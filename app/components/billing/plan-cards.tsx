import { Check } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { BillingOverview } from "#core/billing/get-billing-overview.ts";
import type { BillingInterval } from "#core/billing/plan-catalog.ts";
import { formatNumber, formatPrice } from "#core/shared/number-format.ts";
import { INTERVAL_KEYS, LIMIT_KEYS, PLAN_DESCRIPTION_KEYS } from "./billing-keys.ts";
import type { PlanOffer } from "./billing-types.ts";
import { ChangePlanDialog } from "./change-plan-dialog.tsx";
import { EnterpriseDialog } from "./enterprise-dialog.tsx";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

interface PlanCardsProps {
  overview: BillingOverview;
  plans: PlanOffer[];
  timeZone: string;
}

/**
 * Starter, Professional and Enterprise, monthly or yearly, in the organization's currency. "Choose"
 * goes to checkout while there is no paid plan, and otherwise changes the plan after a confirmation
 * that shows the prorated amount.
 */
export function PlanCards({ overview, plans, timeZone }: PlanCardsProps) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const [interval, setBillingInterval] = useState<BillingInterval>(overview.interval);
  const [changeTo, setChangeTo] = useState<PlanOffer | null>(null);
  const hasPaidPlan = overview.status === "active";
  const checkout = useBillingFetcher((result) => {
    if (result.intent !== "checkout") return;
    toast.info(t("plans.redirecting"));
    window.location.assign(result.url);
  });
  const number = (value: number) => formatNumber(value, locale);
  const limitText = (key: keyof typeof LIMIT_KEYS, value: number | null) =>
    value === null ? t(LIMIT_KEYS[key][1]) : t(LIMIT_KEYS[key][0], { count: value, value: number(value) });

  return (
    <section id="plans" aria-labelledby="plans-title" className="grid gap-4 scroll-mt-20">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="plans-title" className="font-semibold text-xl">
            {t("plans.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("plans.intro", { currency: overview.currency })}</p>
        </div>
        <fieldset className="flex rounded-lg bg-muted p-1">
          <legend className="sr-only">{t("plans.interval")}</legend>
          {(["monthly", "yearly"] as const).map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={interval === value ? "outline" : "ghost"}
              aria-pressed={interval === value}
              onClick={() => setBillingInterval(value)}
            >
              {t(INTERVAL_KEYS[value])}
            </Button>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {plans.map((plan) => {
          const monthly = plan.monthlyMinor[interval];
          const isCurrent = hasPaidPlan && plan.id === overview.planId && interval === overview.interval;
          return (
            <Card key={plan.id} className={cn("flex flex-col", plan.isPopular && "border-primary")}>
              <CardHeader>
                <CardTitle>
                  <h3 className="flex flex-wrap items-center gap-2">
                    {plan.name}
                    {plan.isPopular ? <Badge>{t("plans.popular")}</Badge> : null}
                    {isCurrent ? <Badge variant="secondary">{t("plans.current")}</Badge> : null}
                  </h3>
                </CardTitle>
                <CardDescription>{t(PLAN_DESCRIPTION_KEYS[plan.id])}</CardDescription>
              </CardHeader>
              <CardContent className="grid flex-1 content-start gap-4">
                {monthly === null ? (
                  <p className="font-bold text-3xl">{t("plans.custom")}</p>
                ) : (
                  <div>
                    <p>
                      <span className="font-bold text-3xl tabular-nums">
                        {formatPrice(monthly, overview.currency, locale)}
                      </span>{" "}
                      <span className="text-muted-foreground text-sm">{t("plans.perMonth")}</span>
                    </p>
                    <p className="text-muted-foreground text-sm">
                      {interval === "yearly" && plan.yearlyTotalMinor !== null
                        ? t("plans.billedYearly", {
                            amount: formatPrice(plan.yearlyTotalMinor, overview.currency, locale),
                          })
                        : t("plans.billedMonthly")}
                    </p>
                  </div>
                )}
                <ul className="grid gap-2 text-sm">
                  {[
                    limitText("adAccounts", plan.limits.adAccounts),
                    limitText("members", plan.limits.teamMembers),
                    limitText("apiCalls", plan.limits.apiCallsPerMonth),
                    limitText("rules", plan.limits.rules),
                  ].map((line) => (
                    <li key={line} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      {line}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                {plan.id === "enterprise" ? (
                  <EnterpriseDialog />
                ) : (
                  <Button
                    className="w-full"
                    variant={plan.isPopular ? "default" : "outline"}
                    disabled={isCurrent || checkout.isBusy}
                    aria-label={t("plans.chooseLabel", { plan: plan.name })}
                    onClick={() =>
                      hasPaidPlan
                        ? setChangeTo(plan)
                        : checkout.submit({ intent: "checkout", values: { planId: plan.id, interval } })
                    }
                  >
                    {isCurrent ? t("plans.current") : t("plans.choose")}
                  </Button>
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>
      <ChangePlanDialog
        plan={changeTo}
        interval={interval}
        currentPlanName={overview.planName}
        timeZone={timeZone}
        onClose={() => setChangeTo(null)}
      />
    </section>
  );
}
