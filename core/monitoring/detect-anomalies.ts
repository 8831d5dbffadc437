/**
 * The anomaly detector: pure, numbers in and findings out. For one daily series (a campaign's, or
 * an organization's totals in one currency) it judges one day per metric against a day-of-week
 * baseline with a robust z-score:
 *
 *   1. History: the 28 days before the judged day that have a row (a paused day has none), and for
 *      the conversion-based metrics only the mature ones (their conversions are at least
 *      `matureCompleteness` complete, 90% by default, as the rules' lag model says).
 *   2. Weekday factors: the median of each weekday's values over the median of all (1 for a
 *      weekday seen fewer than twice). The level is the median of the values divided by their
 *      weekday's factor, so the expectation of a day is level × its weekday's factor.
 *   3. Scale: 1.4826 × the MAD (median absolute deviation) of the history's log residuals
 *      (ln(actual ÷ expected), each against weekday factors made without that day), the robust
 *      stand-in for a standard deviation. On a log scale, because the metrics are multiplicative:
 *      a Monday twice a Sunday's size swings twice as much, and a CPA that doubles is as far off
 *      as one that halves. Never below 0.1 (about 10%): a campaign whose spend is capped by its
 *      budget barely moves, and a deliberate 20% budget raise is no anomaly.
 *   4. z = ln(actual ÷ expected) ÷ scale. |z| ≥ 3.5 (Iglewicz and Hoaglin's cut-off for modified
 *      z-scores) in the metric's adverse direction is an anomaly: spend either way, CPA up, ROAS
 *      down, conversions down. The expected range is expected × e^(±3.5 × scale).
 *
 * Conversions of a day may still be arriving. Each day's conversions and value are divided by
 * the day's completeness (its estimated final numbers) before they are compared, and the alert
 * states the expectation as reported: a day that is 75% complete is expected to show 75% of its
 * conversions. A day below `minJudgeCompleteness` is not judged; the latest day that is complete
 * enough is judged instead.
 *
 * Floors keep noise out: at least 14 days of history; spend judged only when its median is at
 * least `minSpendMinor`; conversions, CPA and ROAS only when the median day has at least
 * `minConversions` conversions (and the spend floor).
 */

export const MONITORED_METRICS = ["spend", "cpa", "roas", "conversions"] as const;
export type MonitoredMetric = (typeof MONITORED_METRICS)[number];

export interface DailyPoint {
  /** YYYY-MM-DD. */
  date: string;
  spendMinor: number;
  conversions: number;
  conversionValueMinor: number;
}

export interface AnomalyOptions {
  /** The organization's today (YYYY-MM-DD): the latest complete day is the one before it. */
  today: string;
  /**
   * The share of a day's final conversions already reported at an age in days (1 = yesterday
   * seen today). The lag model's measured curve; `DEFAULT_COMPLETENESS` when none is measured.
   */
  completeness?: (ageDays: number) => number;
  /** Days at least this complete are mature (0.9). */
  matureCompleteness?: number;
  /** A conversion-based metric is judged on the latest day at least this complete (0.5). */
  minJudgeCompleteness?: number;
  /** Days of history (28). */
  lookbackDays?: number;
  /** Fewest days of history to judge on (14). */
  minHistoryDays?: number;
  /** |z| at or above this is an anomaly (3.5). */
  threshold?: number;
  /** Spend floor, in minor units of the series' currency, on the median day (1,000 = 10.00). */
  minSpendMinor?: number;
  /** Conversions floor on the median day (5). */
  minConversions?: number;
  /** The log scale is at least this (0.1, about 10% of the expectation). */
  minLogScale?: number;
}

export interface AnomalyFinding {
  metric: MonitoredMetric;
  /** The judged day. */
  date: string;
  direction: "up" | "down";
  /** As reported (money metrics in minor units, ROAS as a ratio, conversions as a count). */
  actual: number;
  expected: number;
  /** expected × e^(±threshold × scale). */
  low: number;
  high: number;
  z: number;
  /** How complete the day's conversions were when judged (1 for spend). */
  completeness: number;
  /** Days of history the baseline was made from. */
  historyDays: number;
}

/** Used when no lag model is measured: most conversions arrive within a week. */
export const DEFAULT_COMPLETENESS: readonly number[] = [0.55, 0.75, 0.85, 0.9, 0.94, 0.97, 0.99];

export function defaultCompleteness(ageDays: number): number {
  if (ageDays < 0) return 0;
  return ageDays < DEFAULT_COMPLETENESS.length ? DEFAULT_COMPLETENESS[ageDays]! : 1;
}

const ADVERSE: Record<MonitoredMetric, "both" | "up" | "down"> = {
  spend: "both",
  cpa: "up",
  roas: "down",
  conversions: "down",
};

const DAY_MS = 86_400_000;

/** Every metric's anomaly on its judged day, in MONITORED_METRICS order; none when all look normal. */
export function detectAnomalies(series: readonly DailyPoint[], options: AnomalyOptions): AnomalyFinding[] {
  const findings: AnomalyFinding[] = [];
  for (const metric of MONITORED_METRICS) {
    const finding = judgeMetric(series, metric, options);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The anomaly of one metric, or null when its day looks normal or cannot be judged. */
export function judgeMetric(
  series: readonly DailyPoint[],
  metric: MonitoredMetric,
  options: AnomalyOptions,
): AnomalyFinding | null {
  const settings = settingsOf(options);
  const byDate = new Map(series.map((point) => [point.date, point]));
  const isConversionBased = metric !== "spend";
  const todayNumber = dayNumber(options.today);
  const completenessAt = (number: number) =>
    isConversionBased ? Math.min(1, Math.max(0, settings.completeness(todayNumber - number))) : 1;

  // The judged day: yesterday, or for conversions the latest day complete enough to judge.
  let judgedNumber = todayNumber - 1;
  while (completenessAt(judgedNumber) < settings.minJudgeCompleteness && todayNumber - judgedNumber < 60)
    judgedNumber -= 1;
  const judged = byDate.get(dateOf(judgedNumber));
  if (!judged) return null;
  const completeness = completenessAt(judgedNumber);

  // History as final numbers: a mature day's last few late conversions are added by its completeness.
  const history: Array<{ weekday: number; point: DailyPoint }> = [];
  for (let number = judgedNumber - settings.lookbackDays; number < judgedNumber; number++) {
    const share = completenessAt(number);
    if (share < settings.matureCompleteness) continue;
    const point = byDate.get(dateOf(number));
    if (point) history.push({ weekday: weekdayOf(number), point: asFinal(point, share) });
  }
  if (history.length < settings.minHistoryDays) return null;

  // Floors on the median day.
  if (median(history.map(({ point }) => point.spendMinor)) < settings.minSpendMinor) return null;
  if (isConversionBased && median(history.map(({ point }) => point.conversions)) < settings.minConversions) return null;

  const values = history.flatMap(({ weekday, point }) => {
    const value = metricValue(metric, point);
    return value === null ? [] : [{ weekday, value }];
  });
  if (values.length < settings.minHistoryDays) return null;
  const actual = metricValue(metric, judged);
  const final = metricValue(metric, asFinal(judged, completeness));
  if (actual === null || final === null) return null;

  const baseline = weekdayBaseline(values);
  const expectedFinal = baseline.expectedOn(weekdayOf(judgedNumber));
  if (expectedFinal <= 0) return null;
  const scale = Math.max(baseline.logScale, settings.minLogScale);
  const z = logRatio(final, expectedFinal) / scale;
  const adverse = ADVERSE[metric];
  const isAnomaly =
    Math.abs(z) >= settings.threshold &&
    (adverse === "both" || (adverse === "up" && z > 0) || (adverse === "down" && z < 0));
  if (!isAnomaly) return null;
  // Stated as reported: a day 75% complete is expected to show 75% of its conversions (and a CPA
  // a third higher).
  const reported = actual / final;
  const expected = expectedFinal * (Number.isFinite(reported) ? reported : 1);
  return {
    metric,
    date: judged.date,
    direction: z > 0 ? "up" : "down",
    actual,
    expected,
    low: expected * Math.exp(-settings.threshold * scale),
    high: expected * Math.exp(settings.threshold * scale),
    z,
    completeness,
    historyDays: values.length,
  };
}

/** The day's final numbers, estimated from what had arrived (`share` of its conversions). */
function asFinal(point: DailyPoint, share: number): DailyPoint {
  if (share >= 1 || share <= 0) return point;
  return {
    ...point,
    conversions: point.conversions / share,
    conversionValueMinor: point.conversionValueMinor / share,
  };
}

function settingsOf(options: AnomalyOptions) {
  return {
    completeness: options.completeness ?? defaultCompleteness,
    matureCompleteness: options.matureCompleteness ?? 0.9,
    minJudgeCompleteness: options.minJudgeCompleteness ?? 0.5,
    lookbackDays: options.lookbackDays ?? 28,
    minHistoryDays: options.minHistoryDays ?? 14,
    threshold: options.threshold ?? 3.5,
    minSpendMinor: options.minSpendMinor ?? 1_000,
    minConversions: options.minConversions ?? 5,
    minLogScale: options.minLogScale ?? 0.1,
  };
}

/** A metric's value on a day; null where it is undefined (CPA without conversions, ROAS without spend). */
function metricValue(metric: MonitoredMetric, point: DailyPoint): number | null {
  switch (metric) {
    case "spend":
      return point.spendMinor;
    case "conversions":
      return point.conversions;
    case "cpa":
      return point.conversions > 0 ? point.spendMinor / point.conversions : null;
    case "roas":
      return point.spendMinor > 0 ? point.conversionValueMinor / point.spendMinor : null;
  }
}

/**
 * The day-of-week baseline on a log scale: a level and a factor per weekday, and the robust scale
 * of the history's residuals.
 *
 * A weekday's factor is the median of its three or four days against the median of all, shrunk
 * towards 1 as much as noise alone would explain the factors' spread (a James–Stein-style weight:
 * 1 − the variance a median of n noisy days has ÷ the factors' variance). A strong weekly pattern
 * keeps its factors; a flat but noisy campaign gets next to none, instead of chasing four draws.
 * Each history day's residual is taken against factors made without that day, so the scale also
 * carries the error of the weekday medians.
 */
function weekdayBaseline(values: Array<{ weekday: number; value: number }>) {
  const overall = median(values.map(({ value }) => value));
  const floor = Math.max(overall, Number.EPSILON) * 0.01;
  const logs = values.map(({ weekday, value }) => ({ weekday, log: Math.log(Math.max(value, floor)) }));
  const center = median(logs.map(({ log }) => log));
  const rawFactor = (weekday: number, without?: number) => {
    const same = logs.filter((entry, index) => entry.weekday === weekday && index !== without).map((e) => e.log);
    return same.length < 2 ? 0 : median(same) - center;
  };
  const raw = Array.from({ length: 7 }, (_unused, weekday) => rawFactor(weekday));
  const residualsAgainst = (factorOf: (weekday: number, index: number) => number, level: number) =>
    logs.map(({ weekday, log }, index) => log - level - factorOf(weekday, index));
  const noise = robustScale(residualsAgainst((weekday, index) => rawFactor(weekday, index), center));
  const seen = raw.filter((_factor, weekday) => logs.some((entry) => entry.weekday === weekday));
  const spread = seen.reduce((sum, factor) => sum + factor * factor, 0) / Math.max(seen.length, 1);
  const perWeekday = logs.length / Math.max(seen.length, 1);
  const medianNoise = ((Math.PI / 2) * noise * noise) / perWeekday;
  const weight = spread > 0 ? Math.min(1, Math.max(0, 1 - medianNoise / spread)) : 0;
  const level = median(logs.map(({ weekday, log }) => log - weight * raw[weekday]!));
  const scale = robustScale(residualsAgainst((weekday, index) => weight * rawFactor(weekday, index), level));
  return { expectedOn: (weekday: number) => Math.exp(level + weight * raw[weekday]!), logScale: scale };
}

/** 1.4826 × the median absolute deviation: a standard deviation that a few outliers do not move. */
function robustScale(values: number[]): number {
  const center = median(values);
  return 1.4826 * median(values.map((value) => Math.abs(value - center)));
}

/** ln(value ÷ expected), with a day at nothing counted as a hundredth of the expectation. */
function logRatio(value: number, expected: number): number {
  return Math.log(Math.max(value / expected, 0.01));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday. */
function weekdayOf(number: number): number {
  return (number + 4) % 7;
}
