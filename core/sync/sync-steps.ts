import { addDays } from "#core/dates/calendar-date.ts";
import type { DateRange } from "#core/shared/connector-port.ts";

/** One resumable piece of a sync: done steps are recorded by key and skipped when a run resumes. */
export interface Step {
  key: string;
  /** Runs before every other step of its level (an account's campaign list, which its metrics attach to). */
  isPrerequisite?: boolean;
  /** Ad-level steps run after every campaign-level step, so a throttled ad level never holds up the campaign data. */
  isAdLevel?: boolean;
  /**
   * Runs the step. `isFailed` (ad-level steps only) means the step gave up without failing the
   * run: it is not recorded as done, so a resumed run tries it again.
   */
  run: () => Promise<StepCounts>;
}

export interface StepCounts {
  campaigns: number;
  rows: number;
  isFailed?: boolean;
}

/** One platform request covers at most this many days (TikTok's daily reports allow 30). */
export const CHUNK_DAYS = 30;

/** Conversions keep arriving for about a week, so every incremental run fetches these days again. */
export const LATE_CONVERSION_DAYS = 7;

/** The chunks of a window, newest first, so the dashboard's recent days fill in first. */
export function chunkWindow(window: DateRange, days: number): DateRange[] {
  const chunks: DateRange[] = [];
  for (let to = window.to; to >= window.from; to = addDays(to, -days)) {
    const from = addDays(to, -(days - 1));
    chunks.push({ from: from < window.from ? window.from : from, to });
  }
  return chunks;
}

/** The late-conversion window, stretched back to the last sync when that is older; at most a backfill. */
export function incrementalDaysSince(lastSynced: Date, now: Date, backfillDays: number): number {
  const daysSince = Math.ceil((now.getTime() - lastSynced.getTime()) / 86_400_000);
  return Math.min(backfillDays, Math.max(LATE_CONVERSION_DAYS, daysSince + LATE_CONVERSION_DAYS));
}
