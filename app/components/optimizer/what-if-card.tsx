/**
 * What if the total daily budget were different: a slider (and an amount field) from 50% to 200%
 * of the total the recommendations spread (today's, or the month's limit when that is lower), the
 * best allocation's predicted outcome curve with its 80% band, today's allocation marked, and the
 * figures at the chosen total. The curve is loaded with the page, so
 * the answer is read between its points at once.
 */
import { Slider } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import type { WhatIf } from "#core/optimizer/optimizer-types.ts";
import { currencyExponent } from "#core/shared/money.ts";
import { CurveChart } from "./curve-chart.tsx";
import { useOutcomeFormat } from "./use-outcome-format.ts";
import { interpolateWhatIf, marginalAt, roundStep } from "./what-if-math.ts";

const MIN_PERCENT = 50;
const MAX_PERCENT = 200;

export function WhatIfCard({ whatIf }: { whatIf: WhatIf & { currency: string } }) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const out = useOutcomeFormat(whatIf.objective, whatIf.currency);
  const [percent, setPercent] = useState(100);
  const titleId = useId();
  const amountId = useId();
  const today = whatIf.current;
  const totalMinor = whatIf.budgetMinor;
  const todayMinor = today?.budgetMinor ?? totalMinor;
  const unitMinor = 10 ** currencyExponent(whatIf.currency);
  const budgetMinor = Math.round((totalMinor * percent) / 100 / unitMinor) * unitMinor;
  const predicted = interpolateWhatIf(whatIf.points, budgetMinor);
  const best = interpolateWhatIf(whatIf.points, totalMinor);
  const step = roundStep(budgetMinor, unitMinor);
  const marginal = marginalAt(whatIf.points, budgetMinor, step);
  const versus = today?.predicted ?? best;
  const metric = whatIf.objective === "revenue" ? "roas" : "cpa";
  const efficiencyAt = (budget: number, outcome: number) =>
    metric === "cpa" ? (outcome > 0 ? budget / outcome : null) : budget > 0 ? outcome / budget : null;
  const [amountText, setAmountText] = useState<string | null>(null);
  const major = (minor: number) => minor / unitMinor;

  const setFromAmount = (text: string) => {
    setAmountText(text);
    const value = Number(text.replace(",", "."));
    if (!Number.isFinite(value) || totalMinor <= 0) return;
    const next = Math.round(((value * unitMinor) / totalMinor) * 100);
    setPercent(Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, next)));
  };

  const summary = t("whatIf.summary", {
    from: out.money(whatIf.points[0]?.budgetMinor ?? 0),
    fromOutcome: out.perDay(whatIf.points[0]?.predicted.mean ?? 0),
    to: out.money(whatIf.points.at(-1)?.budgetMinor ?? 0),
    toOutcome: out.perDay(whatIf.points.at(-1)?.predicted.mean ?? 0),
    today: out.money(todayMinor),
    todayOutcome: out.perDay(versus?.mean ?? 0),
  });

  return (
    <Card className="min-w-0 gap-5" aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={titleId} className="text-lg tracking-tight">
            {t("whatIf.title")}
          </h2>
        </CardTitle>
        <CardDescription>{t("whatIf.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <label htmlFor={amountId} className="font-medium text-sm">
              {t("whatIf.budgetLabel")}
            </label>
            <div className="flex items-center gap-2">
              <Input
                id={amountId}
                inputMode="decimal"
                className="h-8 w-28 text-right tabular-nums"
                value={amountText ?? String(major(budgetMinor))}
                onChange={(event) => setFromAmount(event.target.value)}
                onBlur={() => setAmountText(null)}
                aria-describedby={`${amountId}-hint`}
              />
              <span className="text-muted-foreground text-sm">{whatIf.currency}</span>
            </div>
          </div>
          <Slider.Root
            className="relative flex h-6 w-full touch-none select-none items-center"
            min={MIN_PERCENT}
            max={MAX_PERCENT}
            step={1}
            value={[percent]}
            onValueChange={([value]) => {
              setAmountText(null);
              setPercent(value ?? 100);
            }}
          >
            <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
              <Slider.Range className="absolute h-full bg-primary" />
            </Slider.Track>
            <Slider.Thumb
              aria-label={t("whatIf.sliderLabel", { amount: out.money(totalMinor) })}
              aria-valuetext={t("whatIf.sliderValue", {
                amount: out.money(budgetMinor),
                percent,
                centre: out.money(totalMinor),
              })}
              className="block size-5 rounded-full border-2 border-primary bg-background shadow-sm outline-none transition-[box-shadow] focus-visible:ring-4 focus-visible:ring-ring/50"
            />
          </Slider.Root>
          <div id={`${amountId}-hint`} className="flex justify-between text-muted-foreground text-xs tabular-nums">
            <span>{t("whatIf.percentOfToday", { percent: MIN_PERCENT })}</span>
            <span>
              {whatIf.budgetBasis === "capped"
                ? t("whatIf.centreCapped", { amount: out.money(totalMinor) })
                : t("whatIf.todayTotal", { amount: out.money(totalMinor) })}
            </span>
            <span>{t("whatIf.percentOfToday", { percent: MAX_PERCENT })}</span>
          </div>
        </div>

        <div className="grid min-w-0 gap-5">
          {predicted ? (
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
              <Figure label={t("whatIf.atBudget", { amount: out.money(budgetMinor) })}>
                <span className="font-semibold text-xl tabular-nums">
                  {out.amount(predicted.mean)}
                  <span className="ml-0.5 font-normal text-muted-foreground text-sm">{t("units.perDayShort")}</span>
                </span>
                <span className="text-muted-foreground text-xs tabular-nums">
                  {t("effect.interval", { range: out.range(predicted) })}
                </span>
              </Figure>
              <Figure label={t("whatIf.versusToday")}>
                <span
                  className={cn(
                    "font-semibold text-xl tabular-nums",
                    versus && predicted.mean - versus.mean < 0
                      ? "text-amber-700 dark:text-amber-400"
                      : "text-emerald-700 dark:text-emerald-400",
                  )}
                >
                  {versus ? out.signed(predicted.mean - versus.mean) : "—"}
                </span>
                <span className="text-muted-foreground text-xs tabular-nums">
                  {versus && versus.mean > 0 ? format.change((predicted.mean - versus.mean) / versus.mean) : null}
                </span>
              </Figure>
              <Figure label={metric === "cpa" ? t("effect.cpa") : t("effect.roas")}>
                <span className="font-semibold text-xl tabular-nums">
                  {out.efficiency(metric, efficiencyAt(budgetMinor, predicted.mean))}
                </span>
                <span className="text-muted-foreground text-xs tabular-nums">
                  {versus
                    ? t("whatIf.todayValue", { value: out.efficiency(metric, efficiencyAt(todayMinor, versus.mean)) })
                    : null}
                </span>
              </Figure>
              <Figure label={t("whatIf.nextStep", { step: out.money(step) })}>
                <span className="font-semibold text-xl tabular-nums">
                  {marginal === null ? "—" : out.amount(marginal)}
                </span>
                <span className="text-muted-foreground text-xs">
                  {whatIf.objective === "revenue" ? t("whatIf.moreRevenue") : t("whatIf.moreConversions")}
                </span>
              </Figure>
            </dl>
          ) : null}

          <div className="min-w-0">
            <CurveChart
              curve={whatIf.points.map((point) => ({ x: point.budgetMinor, ...point.predicted }))}
              markers={[
                ...(today
                  ? [
                      {
                        key: "today",
                        x: today.budgetMinor,
                        y: today.predicted.mean,
                        label: t("whatIf.todayMarker"),
                        tone: "today" as const,
                      },
                    ]
                  : []),
                ...(predicted
                  ? [
                      {
                        key: "selected",
                        x: budgetMinor,
                        y: predicted.mean,
                        label: t("whatIf.selectedMarker"),
                        tone: "selected" as const,
                      },
                    ]
                  : []),
              ]}
              formatX={out.money}
              formatXTick={(value) => format.axisMoney(value, whatIf.currency)}
              formatY={out.amount}
              formatYTick={out.tick}
              labels={{ mean: t("whatIf.curveLabel"), band: t("chart.band"), x: t("whatIf.budgetLabel") }}
              summary={summary}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1 rounded-lg border bg-muted/30 p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="grid gap-0.5">{children}</dd>
    </div>
  );
}
