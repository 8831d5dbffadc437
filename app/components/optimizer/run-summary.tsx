/**
 * The last run in four figures: the daily budget it spread, the predicted daily outcome at today's
 * budgets and with the recommendations (each with its 80% interval), and when and by whom it ran;
 * then what the reader should know (where the budget came from, campaigns left out and why).
 */
import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel } from "#app/components/analytics/platform-label.tsx";
import { formatRelativeTime } from "#app/components/integrations/relative-time.ts";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { OptimizerRun } from "#core/optimizer/optimizer-types.ts";
import { useOutcomeFormat } from "./use-outcome-format.ts";

const NOTE_KEYS = {
  store_revenue_unavailable: "run.noteStoreRevenue",
  currency_from_campaigns: "run.noteCurrency",
  budget_from_pacing: "run.noteBudgetPacing",
  budget_from_campaigns: "run.noteBudgetCampaigns",
  budget_capped_by_plan: "run.noteBudgetCapped",
} as const;

const LEFT_OUT_KEYS = {
  other_currency: "run.leftOutCurrency",
  no_daily_budget: "run.leftOutNoBudget",
  paused: "run.leftOutPaused",
} as const;

export function RunSummary({ run, now, timeZone }: { run: OptimizerRun; now: string; timeZone: string }) {
  const { t } = useTranslation("optimizer");
  const locale = useLocale();
  const out = useOutcomeFormat(run.objective, run.currency);
  const { summary } = run;
  const gain = summary.predictedAfter.mean - summary.predictedBefore.mean;
  const gainShare = summary.predictedBefore.mean > 0 ? gain / summary.predictedBefore.mean : null;
  const when = formatRelativeTime(new Date(run.createdAt), new Date(now), {
    locale,
    timeZone,
    justNow: t("run.justNow"),
  });
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={t("run.dailyBudget")} value={out.money(run.dailyBudgetMinor)}>
          {t("run.considered", { count: summary.considered })}
        </Tile>
        <Tile
          label={t("run.predictedToday")}
          value={out.amount(summary.predictedBefore.mean)}
          suffix={t("units.perDayShort")}
        >
          {t("effect.interval", { range: out.range(summary.predictedBefore) })}
        </Tile>
        <Tile
          label={t("run.predictedAfter")}
          value={out.amount(summary.predictedAfter.mean)}
          suffix={t("units.perDayShort")}
          tone={gain >= 0 ? "good" : "neutral"}
        >
          {gainShare === null
            ? t("effect.interval", { range: out.range(summary.predictedAfter) })
            : t("run.gain", { change: out.change(gainShare), range: out.range(summary.predictedAfter) })}
        </Tile>
        <Tile label={t("run.lastRun")} value={when}>
          {t("run.by", { name: run.actorLabel })}
        </Tile>
      </div>
      {summary.notes.length > 0 || summary.leftOut.length > 0 ? (
        <div className="flex items-start gap-2 rounded-lg border bg-muted/30 p-3 text-muted-foreground text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="grid gap-1.5">
            {summary.notes.map((note) => (
              <p key={note}>
                {t(NOTE_KEYS[note], {
                  amount: out.money(run.dailyBudgetMinor),
                  today: out.money(summary.currentBudgetMinor),
                })}
              </p>
            ))}
            {summary.leftOut.length > 0 ? (
              <details>
                <summary className="cursor-pointer">{t("run.leftOut", { count: summary.leftOut.length })}</summary>
                <ul className="mt-2 grid gap-1.5">
                  {summary.leftOut.map((item) => (
                    <li key={item.campaignId} className="flex min-w-0 items-center gap-2">
                      <PlatformLabel platform={item.platform} showName={false} />
                      <span className="truncate text-foreground">{item.campaignName}</span>
                      <span className="shrink-0">· {t(LEFT_OUT_KEYS[item.reason], { currency: item.currency })}</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Tile({
  label,
  value,
  suffix,
  tone = "neutral",
  children,
}: {
  label: string;
  value: string;
  suffix?: string;
  tone?: "good" | "neutral";
  children: ReactNode;
}) {
  return (
    <Card role="group" aria-label={label} className="gap-1.5 px-4 py-4 sm:px-5">
      <p className="text-muted-foreground text-sm leading-tight">{label}</p>
      <p
        className={cn(
          "font-semibold text-xl tabular-nums tracking-tight sm:text-2xl",
          tone === "good" && "text-emerald-700 dark:text-emerald-400",
        )}
      >
        {value}
        {suffix ? <span className="ml-0.5 font-normal text-muted-foreground text-sm">{suffix}</span> : null}
      </p>
      <p className="text-muted-foreground text-xs tabular-nums">{children}</p>
    </Card>
  );
}
