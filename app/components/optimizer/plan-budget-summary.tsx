import { ArrowRight, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { PlanPageData } from "./plan-types.ts";

/**
 * The monthly budget and target the plan spreads (they live in Goals), or, when there is no
 * budget yet, what to do about it.
 */
export function PlanBudgetSummary({ plan }: { plan: PlanPageData }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const { currency, monthlyBudgetMinor, target } = plan;
  if (currency === null || monthlyBudgetMinor === null)
    return (
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>{t("empty.title")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4">
          <Wallet aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-muted-foreground text-sm">{t("empty.body")}</p>
          <Button asChild>
            <Link to="/goals">
              {t("empty.action")} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  return (
    <Card className="gap-0 py-4">
      <CardContent className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 items-center gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Wallet aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col">
            <h2 className="text-muted-foreground text-sm">{t("budget.title")}</h2>
            <p className="font-semibold text-2xl tabular-nums tracking-tight">
              {t("budget.perMonth", { amount: format.money(monthlyBudgetMinor, currency) })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="secondary" className="tabular-nums">
            {target === null
              ? t("budget.noTarget")
              : target.kind === "roas"
                ? t("budget.targetRoas", { value: format.roas(target.value) })
                : t("budget.targetCpa", { value: format.money(target.value, currency) })}
          </Badge>
          <Button variant="outline" size="sm" asChild>
            <Link to="/goals">{t("budget.edit")}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
