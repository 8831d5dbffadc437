import { BatteryLow } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover.tsx";
import { cn } from "#app/lib/cn.ts";
import type { FatigueEvidence, FatigueVerdict } from "#core/ads/creative-fatigue.ts";
import { FATIGUE_ROW_KEYS } from "./catalog-keys.ts";

/**
 * Why a creative is tired: its first days against its recent days (CTR, frequency, daily spend),
 * each with its change, and the two windows' dates.
 */
export function FatigueEvidenceTable({ evidence, currency }: { evidence: FatigueEvidence; currency: string }) {
  const { t } = useTranslation("assets");
  const format = useMetricFormat();
  const rows = [
    {
      key: "ctr",
      first: format.percent(evidence.first.ctr),
      recent: format.percent(evidence.recent.ctr),
      change: evidence.ctrChange,
      isBad: evidence.reasons.includes("ctr_fell"),
    },
    {
      key: "frequency",
      first: format.number(evidence.first.frequency, 2),
      recent: format.number(evidence.recent.frequency, 2),
      change: evidence.frequencyChange,
      isBad: evidence.reasons.includes("frequency_rose"),
    },
    {
      key: "dailySpend",
      first: format.money(Math.round(evidence.first.dailySpendMinor), currency),
      recent: format.money(Math.round(evidence.recent.dailySpendMinor), currency),
      change: evidence.spendChange,
      isBad: evidence.reasons.includes("spend_rose"),
    },
  ] as const;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("fatigue.caption")}</caption>
      <thead>
        <tr className="text-muted-foreground text-xs">
          <th scope="col" className="py-1 text-start font-medium">
            <span className="sr-only">{t("fatigue.measure")}</span>
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("fatigue.firstDays")}
            <span className="block font-normal">{format.dateRange(evidence.first.window)}</span>
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("fatigue.recentDays")}
            <span className="block font-normal">{format.dateRange(evidence.recent.window)}</span>
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("fatigue.change")}
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {rows.map((row) => (
          <tr key={row.key} className="border-t">
            <th scope="row" className="py-1.5 text-start font-medium">
              {t(FATIGUE_ROW_KEYS[row.key])}
            </th>
            <td className="py-1.5 text-end">{row.first}</td>
            <td className="py-1.5 text-end">{row.recent}</td>
            <td
              className={cn(
                "py-1.5 text-end font-medium",
                row.isBad ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground",
              )}
            >
              {format.change(row.change)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One sentence: what the verdict means for this creative. */
export function FatigueSummary({ verdict }: { verdict: FatigueVerdict }) {
  const { t } = useTranslation("assets");
  const format = useMetricFormat();
  if (verdict.status === "insufficient_data") return <p className="text-sm">{t("fatigue.insufficient")}</p>;
  if (verdict.status === "healthy") return <p className="text-sm">{t("fatigue.healthy")}</p>;
  const { evidence } = verdict;
  const pressure = evidence.reasons.includes("frequency_rose")
    ? t("fatigue.becauseFrequency", { change: format.change(evidence.frequencyChange) })
    : t("fatigue.becauseSpend", { change: format.change(evidence.spendChange) });
  return (
    <p className="text-pretty text-sm">
      {t("fatigue.tiredSummary", {
        first: format.percent(evidence.first.ctr),
        recent: format.percent(evidence.recent.ctr),
        change: format.change(evidence.ctrChange),
      })}{" "}
      {pressure}
    </p>
  );
}

/** The "Tired" badge: a button that opens the evidence. Nothing for a creative that is not tired. */
export function TiredBadge({
  verdict,
  currency,
  name,
  className,
}: {
  verdict: FatigueVerdict | null;
  currency: string;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation("assets");
  if (verdict?.status !== "tired") return null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={t("fatigue.badgeLabel", { name })}
          className={cn(
            "inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 font-medium text-amber-800 text-xs",
            "hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            "dark:border-amber-500/40 dark:bg-amber-500/15 dark:text-amber-300 dark:hover:bg-amber-500/25",
            className,
          )}
        >
          <BatteryLow aria-hidden="true" className="size-3.5" />
          {t("fatigue.badge")}
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[min(92vw,24rem)]" align="start">
        <div className="grid gap-3">
          <p className="font-semibold text-sm">{t("fatigue.title")}</p>
          <FatigueSummary verdict={verdict} />
          <FatigueEvidenceTable evidence={verdict.evidence} currency={currency} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
