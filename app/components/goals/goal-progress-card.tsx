import { ArrowRight, Target } from "lucide-react";
import { Link } from "react-router";
import {
  formatDateRange,
  formatMoney,
  formatMoneyOrDash,
  formatRoas,
} from "#app/components/analytics/format-metrics.ts";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BudgetPace } from "#core/goals/budget-pacing.ts";
import type { GoalProgress, GoalsProgress, TargetProgress } from "#core/goals/get-goal-progress.ts";
import { ORGANIZATION_SCOPE } from "#core/goals/goal-schema.ts";

const PACE_LABELS: Record<BudgetPace, { label: string; dotClassName: string }> = {
  on_track: { label: "On track", dotClassName: "bg-success" },
  overspending: { label: "Spending too fast", dotClassName: "bg-warning" },
  underspending: { label: "Spending slowly", dotClassName: "bg-muted-foreground" },
  over_budget: { label: "Over budget", dotClassName: "bg-destructive" },
};

/** This month against the goals: budget pacing and the ROAS or CPA target, overall and per platform. */
export function GoalProgressCard({ progress }: { progress: GoalsProgress }) {
  const { period } = progress;
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Goals this month</h2>
        </CardTitle>
        <CardDescription className="tabular-nums">
          {formatDateRange(period)} · day {period.daysElapsed} of {period.daysInMonth}
        </CardDescription>
        {progress.goals.length > 0 ? (
          <CardAction>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/goals">Edit goals</Link>
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {progress.goals.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
            <Target aria-hidden="true" className="size-5 text-muted-foreground" />
            <p className="text-muted-foreground text-sm">
              Set a target ROAS or CPA and a monthly budget, and see here whether this month is on course.
            </p>
            <Button size="sm" asChild>
              <Link to="/goals">
                Set goals <ArrowRight aria-hidden="true" />
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
  const { goal, budget, target, uncountedCurrencies } = entry;
  const scopeName = goal.scope === ORGANIZATION_SCOPE ? "All platforms" : null;
  return (
    <section aria-label={`${scopeName ?? platformName(goal.scope)} goal`} className="flex flex-col gap-2.5">
      <h3 className="font-medium text-sm">{scopeName ?? <PlatformLabel platform={goal.scope} />}</h3>
      {budget ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="tabular-nums">
              <span className="font-semibold">{formatMoney(budget.spentMinor, goal.currency)}</span>
              <span className="text-muted-foreground"> of {formatMoney(budget.budgetMinor, goal.currency)}</span>
            </span>
            <span className="inline-flex items-center gap-1.5 font-medium text-xs">
              <span aria-hidden="true" className={cn("size-2 rounded-full", PACE_LABELS[budget.pace].dotClassName)} />
              {PACE_LABELS[budget.pace].label}
            </span>
          </div>
          <div className="relative">
            <Progress
              value={Math.round(Math.min(budget.spentFraction, 1) * 100)}
              aria-label={`Monthly budget used: ${Math.round(budget.spentFraction * 100)}%`}
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
            Projected {formatMoney(budget.projectedMinor, goal.currency)} by month end
          </p>
        </div>
      ) : null}
      {target ? <TargetLine target={target} currency={goal.currency} /> : null}
      {uncountedCurrencies.length > 0 ? (
        <p className="text-muted-foreground text-xs">
          Spend in {uncountedCurrencies.join(", ")} is not counted: this goal is in {goal.currency}.
        </p>
      ) : null}
    </section>
  );
}

function TargetLine({ target, currency }: { target: TargetProgress; currency: string }) {
  const [label, actual, wanted] =
    target.kind === "roas"
      ? ["ROAS", formatRoas(target.actual), formatRoas(target.target)]
      : ["CPA", formatMoneyOrDash(target.actualMinor, currency), formatMoney(target.targetMinor, currency)];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
      <span className="tabular-nums">
        <span className="text-muted-foreground">{label} </span>
        <span className="font-semibold">{actual}</span>
        <span className="text-muted-foreground"> · target {wanted}</span>
      </span>
      {target.isMet === null ? (
        <Badge variant="outline" className="text-muted-foreground">
          No data yet
        </Badge>
      ) : (
        <Badge variant="outline" className={target.isMet ? "text-success" : "text-destructive"}>
          {target.isMet ? "On target" : target.kind === "roas" ? "Below target" : "Above target"}
        </Badge>
      )}
    </div>
  );
}
