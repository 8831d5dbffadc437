/**
 * The month's pacing of the budget plan, for /optimizer and /optimizer/plan: spent against the
 * plan so far, the month-end forecast with its 80% range, the status, what today should spend to
 * land on plan, a chart of the month, and each group against its limits.
 *
 * Props: `pacing`, the budgets module's `getBudgetPacing` result, as loaded; `showPlanLink` adds a
 * link to /optimizer/plan (on by default).
 */
import { ArrowRight, Info, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlatformLabel } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { PacingStatus } from "#core/budgets/budget-pacing-forecast.ts";
import type { BudgetPacing, GroupPacingView } from "#core/budgets/get-budget-pacing.ts";
import { PlanPacingChart } from "./plan-pacing-chart.tsx";

/** Each status's words in the "budgets" catalog, and its dot's colour (the words keep the text's colour, for contrast). */
const STATUS: Record<PacingStatus, { label: string; dot: string }> = {
  on_track: { label: "pacing.statusOnTrack", dot: "bg-success" },
  under: { label: "pacing.statusUnder", dot: "bg-warning" },
  over: { label: "pacing.statusOver", dot: "bg-destructive" },
};

export function PacingCard({ pacing, showPlanLink = true }: { pacing: BudgetPacing; showPlanLink?: boolean }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const { plan, currency } = pacing;
  const monthName = format.month(pacing.month);
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("pacing.title")}</h2>
        </CardTitle>
        <CardDescription className="tabular-nums">
          {t("pacing.period", {
            month: monthName,
            day: format.number(pacing.daysElapsed),
            days: format.number(pacing.daysInMonth),
          })}
        </CardDescription>
        {plan ? (
          <CardAction>
            <StatusBadge status={plan.status} />
          </CardAction>
        ) : null}
      </CardHeader>
      {/* A container: the figures take four columns only where the card itself is wide enough. */}
      <CardContent className="@container flex flex-col gap-5">
        {plan && currency ? (
          <>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-3 @xs:grid-cols-2 @2xl:grid-cols-4">
              <Figure label={t("pacing.spent")}>
                <span className="break-words font-semibold text-lg">{format.money(plan.spentMinor, currency)}</span>
                <span className="block text-muted-foreground text-xs">
                  {t("pacing.ofBudget", { budget: format.money(plan.budgetMinor, currency) })}
                </span>
              </Figure>
              <Figure label={t("pacing.planned")}>
                <span className="font-semibold text-lg">{format.money(plan.idealToDateMinor, currency)}</span>
              </Figure>
              <Figure label={t("pacing.forecast")}>
                <span className="font-semibold text-lg">{format.money(plan.projection.meanMinor, currency)}</span>
                {plan.projection.lowMinor < plan.projection.highMinor ? (
                  <span className="block text-muted-foreground text-xs">
                    {t("pacing.range", {
                      low: format.compactMoney(plan.projection.lowMinor, currency),
                      high: format.compactMoney(plan.projection.highMinor, currency),
                    })}
                  </span>
                ) : null}
              </Figure>
              <Figure label={t("pacing.suggested")}>
                <span className="font-semibold text-lg">{format.money(plan.suggestedDailyBudgetMinor, currency)}</span>
              </Figure>
            </dl>
            <PlanPacingChart pacing={plan} currency={currency} today={pacing.today} />
            <Notes pacing={pacing} />
          </>
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
            <Wallet aria-hidden="true" className="size-5 text-muted-foreground" />
            <p className="text-muted-foreground text-sm">{t("pacing.empty")}</p>
            <Button size="sm" asChild>
              <Link to="/goals">
                {t("pacing.setBudget")} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        )}
        {pacing.groups.length > 0 && currency ? (
          <section className="flex flex-col gap-3" aria-labelledby="pacing-groups-title">
            <h3 id="pacing-groups-title" className="font-medium text-sm">
              {t("pacing.groupsTitle")}
            </h3>
            <ul className="flex flex-col gap-3">
              {pacing.groups.map((entry) => (
                <GroupRow key={entry.group.id} entry={entry} currency={currency} />
              ))}
            </ul>
          </section>
        ) : null}
        {showPlanLink ? (
          <Button variant="outline" size="sm" className="w-fit" asChild>
            <Link to="/optimizer/plan">
              {t("pacing.viewPlan")} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: PacingStatus }) {
  const { t } = useTranslation("budgets");
  return (
    <Badge variant="outline" className="gap-1.5">
      <span aria-hidden="true" className={cn("size-2 rounded-full", STATUS[status].dot)} />
      {t(STATUS[status].label)}
    </Badge>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

function Notes({ pacing }: { pacing: BudgetPacing }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const notes = [
    pacing.plan && !pacing.plan.reliable ? t("pacing.unreliable") : null,
    pacing.curve === "weekday" && pacing.curveUsed === "even" ? t("pacing.weekdayFallback") : null,
    pacing.uncountedCurrencies.length > 0 && pacing.currency
      ? t("pacing.uncounted", { currencies: format.list(pacing.uncountedCurrencies), currency: pacing.currency })
      : null,
  ].filter((note): note is string => note !== null);
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5">
      {notes.map((note) => (
        <li key={note} className="flex items-start gap-2 text-muted-foreground text-xs">
          <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {note}
        </li>
      ))}
    </ul>
  );
}

function GroupRow({ entry, currency }: { entry: GroupPacingView; currency: string }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const { group, pacing } = entry;
  const limit = (amount: number | null) =>
    amount === null ? t("pacing.noLimit") : format.compactMoney(amount, currency);
  // The bar spans up to the maximum (or the forecast's top when there is none).
  const scale = Math.max(pacing.maxMonthlyMinor ?? 0, pacing.projection.highMinor, pacing.spentMinor, 1);
  const at = (amount: number) => `${Math.min(100, (amount / scale) * 100)}%`;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          {group.kind === "platform" && group.platform ? (
            <PlatformLabel platform={group.platform} showName={false} />
          ) : null}
          <span className="truncate">{group.name}</span>
        </span>
        <StatusBadge status={pacing.status} />
      </div>
      <div className="relative h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span
          className="absolute inset-y-0 rounded-full bg-chart-2/30"
          style={{ left: at(pacing.projection.lowMinor), right: `calc(100% - ${at(pacing.projection.highMinor)})` }}
        />
        <span className="absolute inset-y-0 left-0 rounded-full bg-chart-1" style={{ width: at(pacing.spentMinor) }} />
        {pacing.minMonthlyMinor !== null ? (
          <span className="absolute inset-y-0 w-0.5 bg-foreground/60" style={{ left: at(pacing.minMonthlyMinor) }} />
        ) : null}
      </div>
      <p className="flex flex-wrap justify-between gap-x-3 text-muted-foreground text-xs tabular-nums">
        <span>
          {format.money(pacing.spentMinor, currency)} ·{" "}
          {t("pacing.groupForecast", { forecast: format.money(pacing.projection.meanMinor, currency) })}
        </span>
        <span>
          {t("pacing.groupLimits", { min: limit(pacing.minMonthlyMinor), max: limit(pacing.maxMonthlyMinor) })}
        </span>
      </p>
    </li>
  );
}
