/**
 * Each campaign's response curve: pick a campaign from the list (a row of chips on a phone), and
 * its fitted curve shows with its 80% band, the observed days as dots, and today's and the
 * recommended budget marked; beside it, how sure the fit is and on how many days it stands.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ResponseCurve } from "#core/optimizer/optimizer-types.ts";
import { ConfidenceMeter } from "./confidence-meter.tsx";
import { CurveChart } from "./curve-chart.tsx";
import { useOutcomeFormat } from "./use-outcome-format.ts";

export function ResponseCurvesCard({ campaigns }: { campaigns: ResponseCurve[] }) {
  const { t } = useTranslation("optimizer");
  const titleId = useId();
  // The largest budgets first: where a better curve matters most.
  const sorted = [...campaigns].sort((a, b) => b.currentBudgetMinor - a.currentBudgetMinor);
  const [chosenId, setChosenId] = useState(sorted[0]?.campaignId ?? null);
  const chosen = sorted.find((item) => item.campaignId === chosenId) ?? sorted[0];
  if (!chosen) return null;
  return (
    <Card className="min-w-0 gap-5" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle>
          <h2 id={titleId} className="text-lg tracking-tight">
            {t("curves.title")}
          </h2>
        </CardTitle>
        <CardDescription>{t("curves.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1 lg:mx-0 lg:max-h-[26rem] lg:flex-col lg:overflow-y-auto lg:overflow-x-visible lg:px-0 lg:pb-0">
          <legend className="sr-only">{t("curves.picker")}</legend>
          {sorted.map((item) => {
            const isChosen = item.campaignId === chosen.campaignId;
            return (
              <button
                key={item.campaignId}
                type="button"
                aria-pressed={isChosen}
                onClick={() => setChosenId(item.campaignId)}
                className={cn(
                  "flex min-w-52 shrink-0 items-center gap-2.5 rounded-lg border px-3 py-2 text-left text-sm transition-colors lg:min-w-0",
                  "outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isChosen ? "border-primary/50 bg-primary/5" : "bg-background",
                )}
              >
                <PlatformLabel platform={item.platform} showName={false} />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-medium">{item.campaignName}</span>
                  <span className="text-muted-foreground text-xs">
                    {t("curves.historyDays", { count: item.historyDays })}
                  </span>
                </span>
              </button>
            );
          })}
        </fieldset>
        <CampaignCurve curve={chosen} />
      </CardContent>
    </Card>
  );
}

function CampaignCurve({ curve }: { curve: ResponseCurve }) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const out = useOutcomeFormat(curve.objective, curve.currency);
  const atBudget = (spendMinor: number) => {
    const points = curve.curve;
    const upper = points.findIndex((point) => point.spendMinor >= spendMinor);
    if (upper <= 0) return upper === 0 ? (points[0]?.mean ?? null) : (points.at(-1)?.mean ?? null);
    const left = points[upper - 1]!;
    const right = points[upper]!;
    const share = (spendMinor - left.spendMinor) / (right.spendMinor - left.spendMinor || 1);
    return left.mean + (right.mean - left.mean) * share;
  };
  const today = atBudget(curve.currentBudgetMinor);
  const recommended = curve.recommendedBudgetMinor === null ? null : atBudget(curve.recommendedBudgetMinor);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{curve.campaignName}</h3>
          <p className="text-muted-foreground text-sm">{platformName(curve.platform)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {curve.pooled ? (
            <Badge variant="outline">{t("curves.pooled", { platform: platformName(curve.platform) })}</Badge>
          ) : null}
          <ConfidenceMeter confidence={curve.confidence} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Stat label={t("curves.today")} value={out.money(curve.currentBudgetMinor)} />
        <Stat
          label={t("curves.recommended")}
          value={curve.recommendedBudgetMinor === null ? t("curves.noMove") : out.money(curve.recommendedBudgetMinor)}
        />
        <Stat label={t("curves.saturation")} value={out.money(curve.halfSaturationSpendMinor)} />
        <Stat label={t("curves.history")} value={t("curves.historyDays", { count: curve.historyDays })} />
      </dl>
      <CurveChart
        curve={curve.curve.map((point) => ({
          x: point.spendMinor,
          mean: point.mean,
          low: point.low,
          high: point.high,
        }))}
        observed={curve.observed.map((day) => ({ x: day.spendMinor, y: day.outcome, date: day.date }))}
        formatDate={out.shortDate}
        markers={[
          { key: "today", x: curve.currentBudgetMinor, y: today, label: t("curves.todayMarker"), tone: "today" },
          ...(curve.recommendedBudgetMinor === null
            ? []
            : [
                {
                  key: "recommended",
                  x: curve.recommendedBudgetMinor,
                  y: recommended,
                  label: t("curves.recommendedMarker"),
                  tone: "recommended" as const,
                },
              ]),
        ]}
        formatX={out.money}
        formatXTick={(value) => format.axisMoney(value, curve.currency)}
        formatY={out.amount}
        formatYTick={out.tick}
        labels={{
          mean: t("curves.curveLabel", { unit: out.unitLabel }),
          band: t("chart.band"),
          observed: t("curves.observed"),
          x: t("curves.spendLabel"),
        }}
        summary={t("curves.summary", {
          name: curve.campaignName,
          days: curve.observed.length,
          today: out.money(curve.currentBudgetMinor),
          todayOutcome: out.perDay(today ?? 0),
          saturation: out.money(curve.halfSaturationSpendMinor),
        })}
        height={280}
      />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
