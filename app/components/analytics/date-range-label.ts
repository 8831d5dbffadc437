import { useTranslation } from "react-i18next";
import type { DateRangePreset, ResolvedDateRange } from "#core/analytics/date-range.ts";
import { useMetricFormat } from "./use-metric-format.ts";

/** Each preset's name in the "analytics" catalog ("Last 30 days"). */
export const PRESET_LABEL_KEYS = {
  last_7_days: "presets.last_7_days",
  last_14_days: "presets.last_14_days",
  last_30_days: "presets.last_30_days",
  last_90_days: "presets.last_90_days",
  last_365_days: "presets.last_365_days",
  this_month: "presets.this_month",
  last_month: "presets.last_month",
  custom: "presets.custom",
} as const satisfies Record<DateRangePreset, string>;

/** A preset's name in the reader's language: "Last 30 days", "Letzte 30 Tage". */
export function usePresetLabel(): (preset: DateRangePreset) => string {
  const { t } = useTranslation("analytics");
  return (preset) => t(PRESET_LABEL_KEYS[preset]);
}

/** How a range is named in a sentence: its preset ("Last 30 days"), or its dates when custom. */
export function useRangeLabel(): (range: ResolvedDateRange) => string {
  const presetLabel = usePresetLabel();
  const format = useMetricFormat();
  return (range) => (range.preset === "custom" ? format.dateRange(range) : presetLabel(range.preset));
}
