/**
 * The conversion lag model: for each ad platform, how complete a day's conversions are expected to
 * be `age` days later (age = today − the day), for ages 0 … 13; from age 14 on a day counts as
 * complete. Rules leave out of conversion metrics the days still below their completeness
 * threshold.
 *
 * Where each age's figure comes from, best first:
 * - "measured": the sync records each day's conversions as seen at each age
 *   (`conversion_lag_snapshots`); once a day is mature (14 days old) its stored total is the
 *   reference. completeness[age] = Σ snapshot(day, age) / Σ mature total(day) over the mature days
 *   that have a snapshot at that age, when at least MIN_MATCHED_DAYS days match.
 * - "conversion_rate": estimated from the current data: the conversions per click of the day that is
 *   `age` days old ÷ the conversions per click pooled over the mature days 14–42 days old, when both
 *   have clicks enough (MIN_DAY_CLICKS, MIN_MATURE_CLICKS, MIN_MATURE_CONVERSIONS).
 * - "default": DEFAULT_COMPLETENESS, a curve typical of the ad platforms' attribution delay (about
 *   60% on the day, 90% after three days, complete after a week).
 *
 * The curve is then made monotone non-decreasing (pool-adjacent-violators) and capped at 1.
 * Everything here is pure; the SQL that reads the snapshots is in rule-metrics-repository.ts.
 */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";

/** Ages 0 … LAG_AGES − 1 have a completeness below 1; a day LAG_AGES days old is mature. */
export const LAG_AGES = 14;
/** The measurement and the conversion-rate estimate look this far back for mature days. */
export const LAG_LOOKBACK_DAYS = 42;
export const MIN_MATCHED_DAYS = 7;
export const MIN_DAY_CLICKS = 200;
export const MIN_MATURE_CLICKS = 2_000;
export const MIN_MATURE_CONVERSIONS = 30;

/** Used when a platform has too little data for anything better (documented above). */
export const DEFAULT_COMPLETENESS: readonly number[] = [0.6, 0.8, 0.88, 0.93, 0.96, 0.98, 0.99, 1, 1, 1, 1, 1, 1, 1];

export type LagSource = "measured" | "conversion_rate" | "default";

export interface LagAge {
  age: number;
  completeness: number;
  source: LagSource;
  /** The days behind the figure: matched mature days (measured) or mature days pooled (conversion rate). */
  days: number;
}

export interface LagCurve {
  platform: AdPlatformId;
  /** completeness[age] for ages 0 … 13, monotone non-decreasing, at most 1. */
  completeness: number[];
  /** The weakest source among the ages (measured > conversion_rate > default), for the UI's one line. */
  source: LagSource;
  /** The fewest days behind any age of that source. */
  days: number;
  ages: LagAge[];
}

export type LagModel = Partial<Record<AdPlatformId, LagCurve>>;

/** A day's conversions as a sync saw them at an age. */
export interface LagSnapshotRow {
  platform: string;
  date: CalendarDate;
  ageDays: number;
  conversions: number;
}

/** A platform's stored totals for one day, as they are now. */
export interface PlatformDayRow {
  platform: string;
  date: CalendarDate;
  clicks: number;
  conversions: number;
}

export function defaultLagCurve(platform: AdPlatformId): LagCurve {
  const completeness = [...DEFAULT_COMPLETENESS];
  return {
    platform,
    completeness,
    source: "default",
    days: 0,
    ages: completeness.map((value, age) => ({ age, completeness: value, source: "default", days: 0 })),
  };
}

/** The platform's curve in a model, or the default curve. */
export function lagCurveOf(model: LagModel, platform: AdPlatformId): LagCurve {
  return model[platform] ?? defaultLagCurve(platform);
}

/** The expected completeness of a day `age` days old. */
export function completenessAt(curve: LagCurve, age: number): number {
  if (age >= LAG_AGES) return 1;
  return curve.completeness[Math.max(0, age)] ?? 1;
}

/**
 * How many of the most recent days are immature under `threshold`: the ages 0 … n − 1 are, since
 * the curve is monotone. 0 when even today is complete enough.
 */
export function immatureDays(curve: LagCurve, threshold: number): number {
  for (let age = 0; age < LAG_AGES; age += 1) if ((curve.completeness[age] ?? 1) >= threshold - 1e-12) return age;
  return LAG_AGES;
}

/** Weighted pool-adjacent-violators: the closest non-decreasing sequence; then capped to [0, 1]. */
export function monotoneCurve(values: readonly number[], weights?: readonly number[]): number[] {
  const blocks: Array<{ value: number; weight: number; count: number }> = [];
  values.forEach((value, index) => {
    blocks.push({ value, weight: Math.max(weights?.[index] ?? 1, 1e-9), count: 1 });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const before = blocks[blocks.length - 2]!;
      if (before.value <= last.value) break;
      const weight = before.weight + last.weight;
      blocks.splice(blocks.length - 2, 2, {
        value: (before.value * before.weight + last.value * last.weight) / weight,
        weight,
        count: before.count + last.count,
      });
    }
  });
  return blocks.flatMap((block) => Array.from({ length: block.count }, () => Math.min(1, Math.max(0, block.value))));
}

const SOURCE_RANK: Record<LagSource, number> = { measured: 2, conversion_rate: 1, default: 0 };

/**
 * The lag model from the snapshots of days now mature and the platforms' stored daily totals over
 * the last LAG_AGES + LAG_LOOKBACK_DAYS days. Platforms without any data get the default curve.
 */
export function computeLagModel(input: {
  today: CalendarDate;
  snapshots: readonly LagSnapshotRow[];
  days: readonly PlatformDayRow[];
  platforms?: readonly AdPlatformId[];
}): LagModel {
  const matureBefore = addDays(input.today, -(LAG_AGES - 1));
  const model: LagModel = {};
  for (const platform of input.platforms ?? AD_PLATFORM_IDS) {
    const days = input.days.filter((row) => row.platform === platform);
    const totals = new Map(days.map((row) => [row.date, row]));
    // Measured: snapshots of mature days against their stored totals.
    const seen = Array.from({ length: LAG_AGES }, () => ({ snapshot: 0, total: 0, days: 0 }));
    for (const row of input.snapshots) {
      if (row.platform !== platform || row.date >= matureBefore || row.ageDays < 0 || row.ageDays >= LAG_AGES) continue;
      const total = totals.get(row.date)?.conversions ?? 0;
      if (total <= 0) continue;
      const bucket = seen[row.ageDays]!;
      bucket.snapshot += row.conversions;
      bucket.total += total;
      bucket.days += 1;
    }
    // The conversion-rate estimate's reference: mature days 14–42 days old.
    let matureClicks = 0;
    let matureConversions = 0;
    let matureDays = 0;
    const oldest = addDays(input.today, -LAG_LOOKBACK_DAYS);
    for (const row of days)
      if (row.date < matureBefore && row.date >= oldest) {
        matureClicks += row.clicks;
        matureConversions += row.conversions;
        matureDays += 1;
      }
    const hasRateReference = matureClicks >= MIN_MATURE_CLICKS && matureConversions >= MIN_MATURE_CONVERSIONS;
    const matureRate = hasRateReference ? matureConversions / matureClicks : 0;

    const raw: LagAge[] = seen.map((bucket, age) => {
      if (bucket.days >= MIN_MATCHED_DAYS && bucket.total > 0)
        return { age, completeness: bucket.snapshot / bucket.total, source: "measured", days: bucket.days };
      const day = totals.get(addDays(input.today, -age));
      if (hasRateReference && day && day.clicks >= MIN_DAY_CLICKS)
        return {
          age,
          completeness: day.conversions / day.clicks / matureRate,
          source: "conversion_rate",
          days: matureDays,
        };
      return { age, completeness: DEFAULT_COMPLETENESS[age] ?? 1, source: "default", days: 0 };
    });
    if (days.length === 0 && raw.every((age) => age.source === "default")) continue;
    const completeness = monotoneCurve(
      raw.map((age) => age.completeness),
      raw.map((age) => Math.max(1, age.days)),
    );
    const ages = raw.map((age, index) => ({ ...age, completeness: completeness[index]! }));
    const weakest = ages.reduce(
      (worst, age) => (SOURCE_RANK[age.source] < SOURCE_RANK[worst] ? age.source : worst),
      "measured" as LagSource,
    );
    const days_ = ages
      .filter((age) => age.source === weakest)
      .reduce((least, age) => Math.min(least, age.days), Number.POSITIVE_INFINITY);
    model[platform] = { platform, completeness, source: weakest, days: Number.isFinite(days_) ? days_ : 0, ages };
  }
  return model;
}
