/**
 * Date ranges for the analytics: named presets ("last 30 days", "last month"…), custom ranges, the
 * period just before a range, and reading a range from a page's query string. "Today" always comes
 * from the caller: the ads clock's date in the viewer's time zone.
 */
import { z } from "zod";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "./analytics-types.ts";

export const DATE_RANGE_PRESETS = [
  "last_7_days",
  "last_14_days",
  "last_30_days",
  "last_90_days",
  "last_365_days",
  "this_month",
  "last_month",
  "custom",
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
export const DEFAULT_DATE_RANGE_PRESET: DateRangePreset = "last_30_days";

/** The longest range anyone may ask for, both ends included. */
export const MAX_RANGE_DAYS = 1_000;

/** A range together with the preset it came from ("custom" for explicit dates). */
export interface ResolvedDateRange extends DateRange {
  preset: DateRangePreset;
}

const DAY_MS = 86_400_000;

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export const calendarDateSchema = z.string().superRefine((value, context) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    context.addIssue({ code: "custom", message: "Dates are written YYYY-MM-DD." });
  else if (!isRealDate(value)) context.addIssue({ code: "custom", message: "That date does not exist." });
});

/** Days from `from` to `to`, both included (1 for a single day). */
export function countDays(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every date of the range in order, for zero-filled daily series. */
export function listDays(range: DateRange): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The same number of days, ending the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(countDays(range) - 1)), to };
}

/** The dates a named preset covers on `today` (which is always included in the "last N days"). */
export function presetRange(preset: Exclude<DateRangePreset, "custom">, today: CalendarDate): DateRange {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case "last_7_days":
      return { from: addDays(today, -6), to: today };
    case "last_14_days":
      return { from: addDays(today, -13), to: today };
    case "last_30_days":
      return { from: addDays(today, -29), to: today };
    case "last_90_days":
      return { from: addDays(today, -89), to: today };
    case "last_365_days":
      return { from: addDays(today, -364), to: today };
    case "this_month":
      return { from: firstOfMonth, to: today };
    case "last_month": {
      const lastDay = addDays(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
  }
}

/** What a form, the API or a page may send: a preset, or explicit dates (then the preset is "custom"). */
export const dateRangeInputSchema = z
  .object({
    preset: z.enum(DATE_RANGE_PRESETS).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .superRefine((input, context) => {
    const isCustom = input.preset === "custom" || (input.preset === undefined && (input.from || input.to));
    if (!isCustom) return;
    if (!input.from || !input.to) {
      context.addIssue({ code: "custom", message: "A custom range needs both a start and an end date." });
      return;
    }
    if (input.from > input.to) {
      context.addIssue({ code: "custom", path: ["from"], message: "The start date must not be after the end date." });
      return;
    }
    if (countDays({ from: input.from, to: input.to }) > MAX_RANGE_DAYS)
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `A range covers at most ${MAX_RANGE_DAYS.toLocaleString("en-US")} days.`,
      });
  });
export type DateRangeInput = z.input<typeof dateRangeInputSchema>;

/**
 * The range asked for: a preset relative to `today`, or explicit dates. Nothing at all means the
 * default (last 30 days). Bad input throws `unprocessable_entity` with a message a person can act on.
 */
export function resolveDateRange(input: DateRangeInput, today: CalendarDate): ResolvedDateRange {
  const parsed = dateRangeInputSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", parsed.error.issues.map((issue) => issue.message).join(" "));
  const { preset, from, to } = parsed.data;
  if (from && to && (preset === undefined || preset === "custom")) return { preset: "custom", from, to };
  const named = preset === undefined || preset === "custom" ? DEFAULT_DATE_RANGE_PRESET : preset;
  return { preset: named, ...presetRange(named as Exclude<DateRangePreset, "custom">, today) };
}

/**
 * The range a page shows: `?range=last_90_days` or `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Anything it
 * cannot use (an unknown preset, a reversed or too long range) falls back to the default, because a
 * hand-edited or stale link should still open the page.
 */
export function dateRangeFromSearchParams(params: URLSearchParams, today: CalendarDate): ResolvedDateRange {
  const from = params.get("from") ?? undefined;
  const to = params.get("to") ?? undefined;
  const preset = params.get("range") ?? undefined;
  const candidates: DateRangeInput[] = [];
  if (from && to && (preset === undefined || preset === "custom")) candidates.push({ preset: "custom", from, to });
  if (preset && preset !== "custom" && (DATE_RANGE_PRESETS as readonly string[]).includes(preset))
    candidates.push({ preset: preset as DateRangePreset });
  for (const candidate of candidates) {
    try {
      return resolveDateRange(candidate, today);
    } catch {
      // Try the next reading, then the default.
    }
  }
  return resolveDateRange({}, today);
}

/** The query string that reopens a page on `range` (the inverse of dateRangeFromSearchParams). */
export function dateRangeToSearchParams(range: ResolvedDateRange): URLSearchParams {
  return range.preset === "custom"
    ? new URLSearchParams({ from: range.from, to: range.to })
    : new URLSearchParams({ range: range.preset });
}
