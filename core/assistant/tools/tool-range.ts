/**
 * The date range a tool reads: a named preset ("last_7_days", "yesterday"…) or explicit dates, in
 * the organization's time zone, relative to today on the ads clock (the same "today" the pages use).
 */
import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import {
  calendarDateSchema,
  DATE_RANGE_PRESETS,
  dateRangeToSearchParams,
  type ResolvedDateRange,
  resolveDateRange,
} from "#core/analytics/date-range.ts";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";

const NAMED_PRESETS = DATE_RANGE_PRESETS.filter((preset) => preset !== "custom");
export const TOOL_RANGE_PRESETS = ["today", "yesterday", ...NAMED_PRESETS] as const;
export type ToolRangePreset = (typeof TOOL_RANGE_PRESETS)[number];

export const toolRangeSchema = z
  .object({
    preset: z
      .enum(TOOL_RANGE_PRESETS)
      .optional()
      .describe("A named range in the organization's time zone. Ignored when from and to are given."),
    from: calendarDateSchema.optional().describe("First day, YYYY-MM-DD (with to)."),
    to: calendarDateSchema.optional().describe("Last day, YYYY-MM-DD, included (with from)."),
  })
  .strict();
export type ToolRangeInput = z.infer<typeof toolRangeSchema>;

export interface ToolRange extends DateRange {
  /** The preset the range came from, or "custom". */
  preset: ToolRangePreset | "custom";
  today: CalendarDate;
  timeZone: string;
}

/** The range asked for (or `fallback`), resolved on the organization's today. Bad dates throw 422. */
export async function resolveToolRange(
  deps: AssistantToolDeps,
  actor: Actor,
  input: ToolRangeInput | undefined,
  fallback: ToolRangePreset,
): Promise<ToolRange> {
  const timeZone = await deps.timeZoneOf(actor.organizationId);
  const { today } = await deps
    .modules()
    .analytics.resolveDateRange(actor, { timeZone, searchParams: new URLSearchParams() });
  const hasDates = Boolean(input?.from || input?.to);
  const preset = hasDates ? undefined : (input?.preset ?? fallback);
  if (preset === "today") return { preset, from: today, to: today, today, timeZone };
  if (preset === "yesterday") {
    const day = addDays(today, -1);
    return { preset, from: day, to: day, today, timeZone };
  }
  const resolved = resolveDateRange(
    hasDates ? { preset: "custom", from: input?.from, to: input?.to } : { preset },
    today,
  );
  return { ...resolved, today, timeZone };
}

/** The query string that opens a page on this range (`?range=last_7_days` or `?from=…&to=…`). */
export function rangeQuery(range: ToolRange): string {
  const named = (DATE_RANGE_PRESETS as readonly string[]).includes(range.preset) ? range.preset : "custom";
  return dateRangeToSearchParams({ ...range, preset: named as ResolvedDateRange["preset"] }).toString();
}

/** How a citation names the range: "2026-11-20 to 2026-11-26" or one day. */
export function rangeLabel(range: DateRange): string {
  return range.from === range.to ? range.from : `${range.from} to ${range.to}`;
}
