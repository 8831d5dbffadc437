/**
 * How sure the optimizer is about a campaign's curve: five small bars and a word ("High"). The
 * meter's accessible name is "Confidence", its value the word and the percentage.
 */
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { confidenceLevel } from "./use-outcome-format.ts";

const BARS = 5;
const LEVEL_KEYS = { high: "confidence.high", medium: "confidence.medium", low: "confidence.low" } as const;
const LEVEL_COLOURS = { high: "bg-success", medium: "bg-warning", low: "bg-destructive/70" } as const;

export function ConfidenceMeter({ confidence, className }: { confidence: number; className?: string }) {
  const { t } = useTranslation("optimizer");
  const level = confidenceLevel(confidence);
  const percent = Math.round(Math.min(Math.max(confidence, 0), 1) * 100);
  const lit = Math.max(1, Math.round((percent / 100) * BARS));
  const word = t(LEVEL_KEYS[level]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a bar meter drawn to match the page; <meter> does not style across browsers.
    <span
      role="meter"
      aria-label={t("confidence.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t("confidence.valueText", { level: word, percent })}
      className={cn("inline-flex items-center gap-2 text-xs", className)}
    >
      <span aria-hidden="true" className="flex items-end gap-0.5">
        {Array.from({ length: BARS }, (_, index) => (
          <span
            key={index}
            className={cn("w-1 rounded-sm", index < lit ? LEVEL_COLOURS[level] : "bg-muted-foreground/20")}
            style={{ height: 5 + index * 2.5 }}
          />
        ))}
      </span>
      <span className="font-medium">{word}</span>
    </span>
  );
}
