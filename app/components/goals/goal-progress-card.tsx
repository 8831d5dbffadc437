import { ArrowRight, Target } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BudgetPace } from "#core/goals/budget-pacing.ts";
import type { GoalProgress, GoalsProgress, TargetProgress } from "#core/goals/get-goal-progress.ts";
import { ORGANIZATION_SCOPE } from "#core/goals/goal-schema.ts";

/** Each pace's name in the "goals" catalog, and its dot's colour. */
const PACE_LABELS: Record<BudgetPace, { label: string; dotClassName: string }> = {
  on_track: { label: "progress.pace.onTrack", dotClassName: "bg-success" },
  overspending: { label: "progress.pace.overspending", dotClassName: "bg-warning" },
  underspending: { label: "progress.pace.underspending", dotClassName: "bg-muted-foreground" },
  over_budget: { label: "progress.pace.overBudget", dotClassName: "bg-destructive" },
};

/** This month against the goals: budget pacing and the ROAS or CPA target, overall and per platform. */
export function GoalProgressCard({ progress }: { progress: GoalsProgress }) {
  const { t } = useTranslation("goals");
  const format = useMetricFormat();
  const { period } = progress;
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("progress.title")}</h2>
        </CardTitle>
        <CardDescription className="tabular-nums">
          {t("progress.period", {
            range: format.dateRange(period),
            day: format.number(period.daysElapsed),
            days: format.number(period.daysInMonth),
          })}
        </CardDescription>
        {progress.goals.length > 0 ? (
          <CardAction>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/goals">{t("progress.edit")}</Link>
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {progress.goals.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
            <Target aria-hidden="true" className="size-5 text-muted-foreground" />
            <p className="text-muted-foreground text-sm">{t("progress.empty")}</p>
            <Button size="sm" asChild>
              <Link to="/goals">
                {t("progress.set")} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : (
          progress.goals.map((entry) => <GoalRow key={entry.goal.scope} entry={entry} />)
        )}
      </CardContent>
    </Card>
  );
}

function GoalRow({ entry }: { entry: GoalProgress }) {
  const { t } = useTranslation("goals");
  const format = useMetricFormat();
  const { goal, budget, target, uncountedCurrencies } = entry;
  const scopeName = goal.scope === ORGANIZATION_SCOPE ? t("progress.allPlatforms") : null;
  return (
    <section
      aria-label={t("progress.goalLabel", { scope: scopeName ?? platformName(goal.scope) })}
      className="flex flex-col gap-2.5"
    >
      <h3 className="font-medium text-sm">{scopeName ?? <PlatformLabel platform={goal.scope} />}</h3>
      {budget ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="tabular-nums">
              <span className="font-semibold">{format.money(budget.spentMinor, goal.currency)}</span>
              <span className="text-muted-foreground">
                {" "}
                {t("progress.budgetOf", { budget: format.money(budget.budgetMinor, goal.currency) })}
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5 font-medium text-xs">
              <span aria-hidden="true" className={cn("size-2 rounded-full", PACE_LABELS[budget.pace].dotClassName)} />
              {t(PACE_LABELS[budget.pace].label)}
            </span>
          </div>
          <div className="relative">
            <Progress
              value={Math.round(Math.min(budget.spentFraction, 1) * 100)}
              aria-label={t("progress.budgetUsed", {
                percent: format.percent(Math.round(budget.spentFraction * 100) / 100, "share"),
              })}
              className={cn(budget.pace === "over_budget" && "[&>[data-slot=progress-indicator]]:bg-destructive")}
            />
            {/* Where a steady pace would be today. */}
            <span
              aria-hidden="true"
              className="absolute -top-0.5 h-3 w-0.5 rounded-full bg-foreground/60"
              style={{ left: `calc(${Math.round(budget.elapsedFraction * 100)}% - 1px)` }}
            />
          </div>
          <p className="text-muted-foreground text-xs tabular-nums">
            {t("progress.projected", { amount: format.money(budget.projectedMinor, goal.currency) })}
          </p>
        </div>
      ) : null}
      {target ? <TargetLine target={target} currency={goal.currency} /> : null}
      {uncountedCurrencies.length > 0 ? (
        <p className="text-muted-foreground text-xs">
          {t("progress.uncounted", { currencies: format.list(uncountedCurrencies), currency: goal.currency })}
        </p>
      ) : null}
    </section>
  );
}

function TargetLine({ target, currency }: { target: TargetProgress; currency: string }) {
  const { t } = useTranslation("goals");
  const format = useMetricFormat();
  const [label, actual, wanted] =
    target.kind === "roas"
      ? ["ROAS", format.roas(target.actual), format.roas(target.target)]
      : ["CPA", format.moneyOrDash(target.actualMinor, currency), format.money(target.targetMinor, currency)];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
      <span className="tabular-nums">
        <span className="text-muted-foreground">{label} </span>
        <span className="font-semibold">{actual}</span>
        <span className="text-muted-foreground"> · {t("progress.target", { value: wanted })}</span>
      </span>
      {target.isMet === null ? (
        <Badge variant="outline" className="text-muted-foreground">
          {t("progress.noData")}
        </Badge>
      ) : (
        <Badge variant="outline" className={target.isMet ? "text-success" : "text-destructive"}>
          {target.isMet
            ? t("progress.onTarget")
            : target.kind === "roas"
              ? t("progress.belowTarget")
              : t("progress.aboveTarget")}
        </Badge>
      )}
    </div>
  );
}
