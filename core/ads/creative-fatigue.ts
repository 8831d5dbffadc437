/**
 * Creative fatigue (issue 20 §2): a creative is "tired" when its click-through rate over the recent
 * days has fallen significantly against its own first days, while the people seeing it see it more
 * often (frequency = impressions ÷ reach) or it spends more a day. Pure: it reads a daily series
 * and returns the verdict with the evidence, so a screen can show why.
 */
import { addDays } from "#core/dates/calendar-date.ts";
import type { DateRange } from "#core/shared/connector-port.ts";

/** The creative's first days with delivery: what it is measured against. */
export const FATIGUE_FIRST_DAYS = 7;
/** The recent days, ending at the range's last day. */
export const FATIGUE_RECENT_DAYS = 7;
/** Each window needs this many impressions before a CTR is worth comparing. */
export const FATIGUE_MIN_WINDOW_IMPRESSIONS = 1_000;
/** The recent CTR must be at least this much lower than the first days' (relative: 0.2 = 20% lower)… */
export const FATIGUE_CTR_DROP = 0.2;
/** …and the fall significant: a two-proportion z-test's z at least this (≈ 95%, one-sided 97.5%). */
export const FATIGUE_CTR_Z = 1.96;
/** Frequency risen by at least this much (relative) counts as the audience seeing it more often. */
export const FATIGUE_FREQUENCY_RISE = 0.15;
/** Average daily spend risen by at least this much (relative) counts as pushing it harder. */
export const FATIGUE_SPEND_RISE = 0.2;

export interface FatigueDay {
  date: string;
  impressions: number;
  clicks: number;
  /** null where the platform does not report reach. */
  reach: number | null;
  spendMinor: number;
}

export type FatigueReason = "ctr_fell" | "frequency_rose" | "spend_rose";

export interface FatigueWindowFacts {
  window: DateRange;
  impressions: number;
  clicks: number;
  /** clicks ÷ impressions; null without impressions. */
  ctr: number | null;
  /** impressions ÷ reach over the days with reach; null without reach. */
  frequency: number | null;
  /** Spend per calendar day of the window, minor units. */
  dailySpendMinor: number;
}

export interface FatigueEvidence {
  first: FatigueWindowFacts;
  recent: FatigueWindowFacts;
  /** (recent − first) ÷ first, e.g. −0.35 for a CTR 35% lower; null when the first is 0 or missing. */
  ctrChange: number | null;
  /** The z of the CTR's fall (positive = fell). */
  ctrFallZ: number | null;
  frequencyChange: number | null;
  spendChange: number | null;
  /** What held: every reason needed for "tired" is listed when it is tired. */
  reasons: FatigueReason[];
}

export type FatigueVerdict =
  | { status: "tired" | "healthy"; evidence: FatigueEvidence }
  /** Too little history (the windows would overlap) or too few impressions in a window. */
  | { status: "insufficient_data"; evidence: FatigueEvidence | null };

const change = (first: number | null, recent: number | null): number | null =>
  first === null || recent === null || first === 0 ? null : (recent - first) / first;

function factsOf(days: readonly FatigueDay[], window: DateRange, length: number): FatigueWindowFacts {
  let impressions = 0;
  let clicks = 0;
  let spendMinor = 0;
  let reachedImpressions = 0;
  let reach = 0;
  for (const day of days) {
    if (day.date < window.from || day.date > window.to) continue;
    impressions += day.impressions;
    clicks += day.clicks;
    spendMinor += day.spendMinor;
    if (day.reach !== null && day.reach > 0) {
      reach += day.reach;
      reachedImpressions += day.impressions;
    }
  }
  return {
    window,
    impressions,
    clicks,
    ctr: impressions === 0 ? null : clicks / impressions,
    frequency: reach === 0 ? null : reachedImpressions / reach,
    dailySpendMinor: spendMinor / length,
  };
}

/** z of a fall from p1 (first) to p2 (recent), pooled two-proportion test; null when undefined. */
function fallZ(first: FatigueWindowFacts, recent: FatigueWindowFacts): number | null {
  if (first.impressions === 0 || recent.impressions === 0) return null;
  const pooled = (first.clicks + recent.clicks) / (first.impressions + recent.impressions);
  const variance = pooled * (1 - pooled) * (1 / first.impressions + 1 / recent.impressions);
  if (variance <= 0) return null;
  return ((first.ctr ?? 0) - (recent.ctr ?? 0)) / Math.sqrt(variance);
}

/**
 * The verdict for one creative's daily series (any order; days without rows count as no delivery)
 * as of `asOf`, the last day of the chosen range. The first window starts at the first day with
 * impressions; the recent one ends at `asOf`.
 */
export function assessCreativeFatigue(days: readonly FatigueDay[], asOf: string): FatigueVerdict {
  const delivered = days.filter((day) => day.impressions > 0 && day.date <= asOf);
  if (delivered.length === 0) return { status: "insufficient_data", evidence: null };
  const launch = delivered.reduce((first, day) => (day.date < first ? day.date : first), asOf);
  const firstWindow = { from: launch, to: addDays(launch, FATIGUE_FIRST_DAYS - 1) };
  const recentWindow = { from: addDays(asOf, -(FATIGUE_RECENT_DAYS - 1)), to: asOf };
  if (recentWindow.from <= firstWindow.to) return { status: "insufficient_data", evidence: null };

  const first = factsOf(delivered, firstWindow, FATIGUE_FIRST_DAYS);
  const recent = factsOf(delivered, recentWindow, FATIGUE_RECENT_DAYS);
  const ctrChange = change(first.ctr, recent.ctr);
  const ctrFallZ = fallZ(first, recent);
  const frequencyChange = change(first.frequency, recent.frequency);
  const spendChange = change(first.dailySpendMinor, recent.dailySpendMinor);
  const reasons: FatigueReason[] = [];
  if (ctrChange !== null && ctrChange <= -FATIGUE_CTR_DROP && ctrFallZ !== null && ctrFallZ >= FATIGUE_CTR_Z)
    reasons.push("ctr_fell");
  if (frequencyChange !== null && frequencyChange >= FATIGUE_FREQUENCY_RISE) reasons.push("frequency_rose");
  if (spendChange !== null && spendChange >= FATIGUE_SPEND_RISE) reasons.push("spend_rose");
  const evidence = { first, recent, ctrChange, ctrFallZ, frequencyChange, spendChange, reasons };

  if (first.impressions < FATIGUE_MIN_WINDOW_IMPRESSIONS || recent.impressions < FATIGUE_MIN_WINDOW_IMPRESSIONS)
    return { status: "insufficient_data", evidence };
  const isTired =
    reasons.includes("ctr_fell") && (reasons.includes("frequency_rose") || reasons.includes("spend_rose"));
  return { status: isTired ? "tired" : "healthy", evidence };
}
