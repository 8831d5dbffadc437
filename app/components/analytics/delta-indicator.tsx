/**
 * A small "▲ 12.5%" / "▼ 4.0%" against the previous period, green when the change is good news and
 * red when it is bad (lower is better for CPA and CPC), grey when neutral or flat.
 *
 * Props:
 * - `current`, `previous`: the two raw values (null when not available, e.g. a ratio over zero).
 * - `goodDirection`: "higher" | "lower" | "neutral" (see `delta.ts`).
 * - `className`: extra classes.
 *
 * Screen readers hear "up 12.5% vs previous period"; without a previous value it shows nothing
 * but an en dash with "no previous data". Figures and words are in the reader's language.
 */
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatChange, formatPercent } from "#core/shared/number-format.ts";
import { type DeltaTone, deltaOf, type GoodDirection } from "./delta.ts";

const TONE_CLASSES: Record<DeltaTone, string> = {
  good: "text-success",
  bad: "text-destructive",
  neutral: "text-muted-foreground",
};

const ARROWS = { up: "▲", down: "▼", flat: "" } as const;
const SPOKEN = { up: "compare.up", down: "compare.down", flat: "compare.unchanged" } as const;

export interface DeltaIndicatorProps {
  current: number | null;
  previous: number | null;
  goodDirection: GoodDirection;
  className?: string;
}

export function DeltaIndicator({ current, previous, goodDirection, className }: DeltaIndicatorProps) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const delta = deltaOf(current, previous, goodDirection);
  if (delta.change == null) {
    return (
      <span className={cn("text-muted-foreground text-xs tabular-nums", className)}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t("compare.noPreviousData")}</span>
      </span>
    );
  }
  const text =
    delta.direction === "flat" ? formatPercent(0, 1, locale) : formatChange(Math.abs(delta.change), locale).slice(1);
  return (
    <span
      data-tone={delta.tone}
      className={cn(
        "inline-flex items-center gap-0.5 whitespace-nowrap font-medium text-xs tabular-nums",
        TONE_CLASSES[delta.tone],
        className,
      )}
    >
      {delta.direction === "flat" ? null : (
        <span aria-hidden="true" className="text-[0.65em]">
          {ARROWS[delta.direction]}
        </span>
      )}
      <span className="sr-only">{t(SPOKEN[delta.direction])} </span>
      {text}
      <span className="sr-only"> {t("compare.previousPeriod")}</span>
    </span>
  );
}
