/**
 * The page's head: the title and what the optimizer does, the plan's objective and budget, the
 * link to the plan, and "Get recommendations" with its progress while the optimizer works.
 */
import { Loader2, Settings2, Sparkles, Target, Wallet, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { OptimizerPlanSummary } from "./optimizer-page-types.ts";

const OBJECTIVE_KEYS = {
  conversions: "header.maximizeConversions",
  revenue: "header.maximizeRevenue",
} as const;

export function OptimizerHeader({
  plan,
  isReady,
  isRecommending,
  isBusy,
  campaignCount,
  onRecommend,
}: {
  plan: OptimizerPlanSummary;
  /** Whether the optimizer has enough data to recommend (a role that may not ask sees the button disabled). */
  isReady: boolean;
  isRecommending: boolean;
  isBusy: boolean;
  campaignCount: number;
  onRecommend: () => void;
}) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const target = plan.target;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{t("page.intro")}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <Button variant="outline" asChild>
            <Link to="/optimizer/plan">
              <Settings2 aria-hidden="true" />
              {t("header.plan")}
            </Link>
          </Button>
          {isReady ? (
            <PermissionGate permission="optimizer.apply">
              {(isAllowed) => (
                <Button onClick={onRecommend} disabled={isBusy || !isAllowed} aria-busy={isRecommending}>
                  {isRecommending ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Sparkles aria-hidden="true" />
                  )}
                  {isRecommending ? t("header.working") : t("header.recommend")}
                </Button>
              )}
            </PermissionGate>
          ) : null}
        </div>
      </div>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("header.planSummary")}>
        <Chip icon={<Target aria-hidden="true" className="size-3.5" />}>
          {plan.mode === "target" && target
            ? target.kind === "cpa"
              ? t("header.targetCpa", { value: format.money(target.value, plan.currency ?? "USD") })
              : t("header.targetRoas", { value: format.roas(target.value) })
            : t(OBJECTIVE_KEYS[plan.objective])}
        </Chip>
        <Chip icon={<Wallet aria-hidden="true" className="size-3.5" />}>
          {plan.monthlyBudgetMinor !== null && plan.currency ? (
            t("header.monthlyBudget", { amount: format.money(plan.monthlyBudgetMinor, plan.currency) })
          ) : (
            <Link to="/goals" className="underline underline-offset-4 hover:text-foreground">
              {t("header.noMonthlyBudget")}
            </Link>
          )}
        </Chip>
        <Chip icon={<Zap aria-hidden="true" className="size-3.5" />}>
          {plan.autoApply
            ? t("header.autoApplyOn")
            : plan.rebalanceDaily
              ? t("header.rebalanceOn")
              : t("header.manual")}
        </Chip>
      </ul>
      {isRecommending ? (
        <div role="status" className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
          <p className="flex items-center gap-2 font-medium text-sm">
            <Loader2 aria-hidden="true" className="size-4 animate-spin text-primary" />
            {t("header.progress", { count: campaignCount })}
          </p>
          <div className="h-1.5 overflow-hidden rounded-full bg-primary/15">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
          </div>
          <p className="text-muted-foreground text-xs">{t("header.progressSteps")}</p>
        </div>
      ) : null}
    </div>
  );
}

function Chip({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-muted-foreground shadow-xs">
      <span className="text-foreground">{icon}</span>
      {children}
    </li>
  );
}
