/**
 * A saved rule's Backtest tab: the rule replayed over the last 7–90 days of synced history, the
 * days it would have fired (a bar chart and a table per day and campaign), and the estimated effect,
 * clearly labelled as an estimate.
 */
import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BacktestEffect, BacktestResult } from "#core/rules/backtest-rule.ts";
import type { PlannedAction } from "#core/rules/rule-guardrails.ts";
import { BacktestChart } from "./backtest-chart.tsx";
import { ACTION_KEYS, CHANNEL_KEYS } from "./rule-words.ts";

export const BACKTEST_DAYS = [7, 14, 30, 60, 90] as const;

export function BacktestPanel({ days, result }: { days: number; result: BacktestResult }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  const navigation = useNavigation();
  const isLoading =
    navigation.state === "loading" && new URLSearchParams(navigation.location.search).get("tab") === "backtest";
  const firings = result.days.flatMap((day) => day.acted.map((firing) => ({ date: day.date, firing })));
  return (
    <section
      aria-labelledby="backtest-title"
      className={cn("grid gap-5", isLoading && "opacity-60")}
      aria-busy={isLoading}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="backtest-title" className="font-semibold text-lg tracking-tight">
            {t("backtest.title")}
          </h2>
          <p className="max-w-2xl text-muted-foreground text-sm">{t("backtest.intro")}</p>
        </div>
        <nav
          aria-label={t("backtest.period")}
          className="grid w-full grid-cols-5 gap-1 rounded-lg bg-muted p-[3px] sm:inline-flex sm:w-auto"
        >
          {BACKTEST_DAYS.map((option) => (
            <Link
              key={option}
              to={`?tab=backtest&days=${option}`}
              preventScrollReset
              aria-current={option === days ? "page" : undefined}
              className={cn(
                "whitespace-nowrap rounded-md px-1 py-1.5 text-center font-medium text-muted-foreground text-sm hover:text-foreground sm:px-3",
                option === days && "bg-background text-foreground shadow-sm",
              )}
            >
              {t("backtest.days", { count: option })}
            </Link>
          ))}
        </nav>
      </div>

      <p className="text-muted-foreground text-xs">{t("backtest.range", { range: format.dateRange(result) })}</p>

      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t("backtest.daysActed")} value={format.number(result.totals.daysActed)} />
        <Figure label={t("backtest.campaignsActed")} value={format.number(result.totals.campaignsActed)} />
        <Figure label={t("backtest.firings")} value={format.number(result.totals.firings)} />
      </dl>

      <div className="rounded-xl border bg-card p-4">
        <h3 className="mb-2 font-medium text-sm">{t("backtest.chartTitle")}</h3>
        <BacktestChart days={result.days} />
      </div>

      <EstimateCard effects={result.estimate.effects} />

      <div className="grid gap-2">
        <h3 className="font-medium">{t("backtest.tableTitle")}</h3>
        {firings.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {t("backtest.never")}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full text-sm sm:min-w-[36rem]">
              <thead className="border-b text-left text-muted-foreground text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("backtest.day")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("backtest.campaign")}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    {t("backtest.actions")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {firings.map(({ date, firing }, index) => {
                  const actions = (
                    <ul className="grid gap-0.5">
                      {firing.actions.map((action, actionIndex) => (
                        <li key={actionIndex}>
                          <PlannedActionText action={action} currency={firing.currency} />
                        </li>
                      ))}
                    </ul>
                  );
                  // A day's date once, on its first campaign: the rows below it read as that day's.
                  const isFirstOfDay = firings[index - 1]?.date !== date;
                  return (
                    <tr key={`${date}-${firing.campaignId}`} className="align-top">
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                        <span className={isFirstOfDay ? undefined : "sr-only"}>{format.shortDate(date)}</span>
                      </td>
                      <td className="min-w-0 px-3 py-2">
                        <span className="block break-words font-medium">{firing.campaignName}</span>
                        <span className="block text-muted-foreground text-xs">{platformName(firing.platform)}</span>
                        {/* On a phone the actions go under the campaign: three columns do not fit. */}
                        <div className="mt-1 text-muted-foreground sm:hidden">{actions}</div>
                      </td>
                      <td className="hidden px-3 py-2 sm:table-cell">{actions}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-xl tabular-nums">{value}</dd>
    </div>
  );
}

const CAP_KEYS = {
  floor: "backtest.cap.floor",
  ceiling: "backtest.cap.ceiling",
  daily_percent: "backtest.cap.daily_percent",
  daily_amount: "backtest.cap.daily_amount",
} as const;

export function PlannedActionText({ action, currency }: { action: PlannedAction; currency: string }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  switch (action.kind) {
    case "set_budget":
    case "change_budget":
      return (
        <span className="tabular-nums">
          {t("backtest.budget", {
            from: format.money(action.fromMinor, currency),
            to: format.money(action.toMinor, currency),
          })}
          {action.cappedBy ? <span className="text-muted-foreground"> · {t(CAP_KEYS[action.cappedBy])}</span> : null}
        </span>
      );
    case "add_label":
    case "remove_label":
      return (
        <span>
          {t(action.kind === "add_label" ? "actionText.addLabel" : "actionText.removeLabel", { label: action.label })}
        </span>
      );
    case "notify":
      return (
        <span>
          {t("actionText.notify", {
            channels: format.list(action.channels.map((channel) => t(CHANNEL_KEYS[channel]))),
          })}
        </span>
      );
    default:
      return <span>{t(ACTION_KEYS[action.kind])}</span>;
  }
}

function EstimateCard({ effects }: { effects: BacktestEffect[] }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  return (
    <section aria-labelledby="estimate-title" className="rounded-xl border border-dashed bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <FlaskConical aria-hidden="true" className="size-4 text-muted-foreground" />
        <h3 id="estimate-title" className="font-medium">
          {t("backtest.estimateTitle")}
        </h3>
        <Badge variant="outline">{t("backtest.estimate")}</Badge>
      </div>
      <p className="mt-1 text-muted-foreground text-xs">{t("backtest.estimateNote")}</p>
      {effects.length === 0 ? (
        <p className="mt-3 text-muted-foreground text-sm">{t("backtest.noEffect")}</p>
      ) : (
        effects.map((effect) => {
          // Only the effects there are: a pause-only rule adds no spend, so "Spend added ≈ $0.00" is noise.
          const figures = [
            { label: t("backtest.spendSaved"), amount: effect.spendSavedMinor, isMoney: true },
            { label: t("backtest.spendAdded"), amount: effect.spendAddedMinor, isMoney: true },
            { label: t("backtest.conversionsLost"), amount: effect.conversionsLost, isMoney: false },
            { label: t("backtest.conversionsAdded"), amount: effect.conversionsAdded, isMoney: false },
            { label: t("backtest.revenueLost"), amount: effect.revenueLostMinor, isMoney: true },
            { label: t("backtest.revenueAdded"), amount: effect.revenueAddedMinor, isMoney: true },
          ].filter((figure) => figure.amount !== 0);
          return figures.length === 0 ? (
            <p key={effect.currency} className="mt-3 text-muted-foreground text-sm">
              {t("backtest.noEffect")}
            </p>
          ) : (
            <dl key={effect.currency} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {figures.map((figure) => (
                <Effect
                  key={figure.label}
                  label={figure.label}
                  value={figure.isMoney ? format.money(figure.amount, effect.currency) : format.number(figure.amount)}
                />
              ))}
            </dl>
          );
        })
      )}
    </section>
  );
}

function Effect({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold tabular-nums">{approximately(value)}</dd>
    </div>
  );
}

/** An estimate reads as one ("≈ $1,234.00"). */
function approximately(value: string): string {
  return `≈ ${value}`;
}
