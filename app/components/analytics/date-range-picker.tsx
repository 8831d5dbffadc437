/**
 * The date-range picker of the analytics pages, driven by the URL: presets write `?range=<preset>`,
 * a custom range writes `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Other search params are kept, except
 * those in `resetParams` (a table's `page`, which means nothing in another range).
 *
 * Props:
 * - `range`: the range the loader resolved (`dateRangeFromSearchParams` in
 *   `core/analytics/date-range.ts`), with its preset ("custom" for explicit dates).
 * - `previousRange`: the period it is compared with; shown as "vs Sep 23 – Oct 22".
 * - `resetParams`: search params to drop when the range changes (default `["page"]`).
 * - `className`: extra classes on the wrapper.
 *
 * The trigger's accessible name starts with "Date range:" (then the preset and the dates), in the
 * reader's language; dates read in the reader's locale.
 * The loader reads the same params, so a reload or a shared link opens the same range. While the
 * new range loads, the trigger shows a spinner (the page dims its own content).
 */
import { CalendarDays, Check, ChevronDown, Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import {
  DATE_RANGE_PRESETS,
  type DateRangePreset,
  dateRangeInputSchema,
  dateRangeToSearchParams,
  MAX_RANGE_DAYS,
  type ResolvedDateRange,
} from "#core/analytics/date-range.ts";
import { usePresetLabel } from "./date-range-label.ts";
import { useMetricFormat } from "./use-metric-format.ts";

const RANGE_PARAMS = ["range", "from", "to"];
const NAMED_PRESETS = DATE_RANGE_PRESETS.filter(
  (preset): preset is Exclude<DateRangePreset, "custom"> => preset !== "custom",
);

export interface DateRangePickerProps {
  range: ResolvedDateRange;
  previousRange: DateRange;
  resetParams?: string[];
  className?: string;
}

/** The current query string with the range replaced (and `resetParams` dropped). */
export function searchWithRange(search: string, range: ResolvedDateRange, resetParams: string[] = ["page"]): string {
  const params = new URLSearchParams(search);
  for (const name of [...RANGE_PARAMS, ...resetParams]) params.delete(name);
  for (const [name, value] of dateRangeToSearchParams(range)) params.set(name, value);
  return `?${params.toString()}`;
}

export function DateRangePicker({ range, previousRange, resetParams = ["page"], className }: DateRangePickerProps) {
  const { t } = useTranslation("analytics");
  const presetLabel = usePresetLabel();
  const format = useMetricFormat();
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isLoading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search;

  const go = (next: ResolvedDateRange) => {
    setIsOpen(false);
    navigate({ search: searchWithRange(location.search, next, resetParams) }, { preventScrollReset: true });
  };

  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-1", className)}>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" className="h-9 max-w-full justify-start gap-2 font-normal">
            {isLoading ? (
              <Loader2 aria-hidden="true" className="animate-spin text-muted-foreground" />
            ) : (
              <CalendarDays aria-hidden="true" className="text-muted-foreground" />
            )}
            <span className="sr-only">{t("picker.dateRange")} </span>
            <span className="font-medium">{presetLabel(range.preset)}</span>
            <span className="hidden truncate text-muted-foreground tabular-nums sm:inline">
              {format.dateRange(range)}
            </span>
            <ChevronDown aria-hidden="true" className="ml-auto text-muted-foreground" />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-[min(calc(100vw-2rem),34rem)] p-0">
          <div className="flex flex-col sm:flex-row">
            <ul
              aria-label={t("picker.presets")}
              className="flex flex-col gap-0.5 border-b p-2 sm:w-48 sm:border-r sm:border-b-0"
            >
              {NAMED_PRESETS.map((preset) => {
                const isSelected = range.preset === preset;
                return (
                  <li key={preset}>
                    <button
                      type="button"
                      aria-current={isSelected ? "true" : undefined}
                      onClick={() => go({ preset, from: range.from, to: range.to })}
                      className={cn(
                        "flex h-8 w-full items-center gap-2 rounded-md px-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                        isSelected && "bg-accent font-medium",
                      )}
                    >
                      {presetLabel(preset)}
                      {isSelected ? <Check aria-hidden="true" className="ml-auto size-4" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            <CustomRangeForm range={range} onApply={go} />
          </div>
        </PopoverContent>
      </Popover>
      <p className="text-muted-foreground text-xs tabular-nums">
        <span className="sm:hidden">{format.dateRange(range)} · </span>
        {t("compare.previousPeriod")} <span className="whitespace-nowrap">({format.dateRange(previousRange)})</span>
      </p>
    </div>
  );
}

/** The range schema's messages (core keeps them in English for the API), in the "analytics" catalog. */
const RANGE_ERROR_KEYS = new Map<string, string>([
  ["A custom range needs both a start and an end date.", "picker.errors.bothDates"],
  ["The start date must not be after the end date.", "picker.errors.startAfterEnd"],
  [`A range covers at most ${MAX_RANGE_DAYS.toLocaleString("en-US")} days.`, "picker.errors.tooLong"],
  ["Dates are written YYYY-MM-DD.", "picker.errors.dateFormat"],
  ["That date does not exist.", "picker.errors.noSuchDate"],
]);

function CustomRangeForm({ range, onApply }: { range: DateRange; onApply: (range: ResolvedDateRange) => void }) {
  const { t } = useTranslation("analytics");
  const format = useMetricFormat();
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = dateRangeInputSchema.safeParse({
      preset: "custom",
      from: String(form.get("from") ?? ""),
      to: String(form.get("to") ?? ""),
    });
    if (!parsed.success || !parsed.data.from || !parsed.data.to) {
      const key = RANGE_ERROR_KEYS.get(parsed.error?.issues[0]?.message ?? "") ?? "picker.errors.chooseDates";
      setError(t(key, { days: format.number(MAX_RANGE_DAYS) }));
      return;
    }
    setError(null);
    onApply({ preset: "custom", from: parsed.data.from, to: parsed.data.to });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-1 flex-col gap-3 p-4" aria-label={t("picker.customRange")}>
      <p className="font-medium text-sm">{t("picker.customRange")}</p>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>{t("picker.from")}</Label>
          <Input
            id={`${id}-from`}
            name="from"
            type="date"
            defaultValue={range.from}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>{t("picker.to")}</Label>
          <Input
            id={`${id}-to`}
            name="to"
            type="date"
            defaultValue={range.to}
            aria-invalid={error ? true : undefined}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="self-end">
        {t("picker.apply")}
      </Button>
    </form>
  );
}
