/** The sandbox bench's printout: outcome against unchanged and the oracle, calibration, timings. */
import type { OptimizerObjective } from "#core/optimizer/engine-types.ts";
import type { Calibration } from "#core/optimizer/optimizer-types.ts";
import type { CalibrationDetail } from "./optimizer-sandbox-slice.ts";
import type { BenchCampaign, Outcome } from "./optimizer-sandbox-types.ts";

export interface DayTiming {
  syncMs: number;
  decideMs: number;
  applyMs: number;
  followUpMs: number;
  clockMs: number;
}

export interface BenchResult {
  path: "slice" | "engine";
  objective: OptimizerObjective;
  days: number;
  currency: string;
  campaigns: BenchCampaign[];
  optimized: Outcome;
  unchanged: Outcome;
  oracle: Outcome;
  /** The unchanged budgets and the oracle scaled to the optimized side's spend (when it drifted). */
  atOptimizedSpend?: { scale: number; unchanged: Outcome; oracle: Outcome };
  timings: DayTiming[];
  changesPushed: number;
  failures: string[];
  span: [string, string];
  seconds: number;
  /** Each campaign's daily budget at the start of the run and at its end. */
  startBudgets: Map<string, number>;
  endBudgets: Map<string, number>;
  /** The total daily budget after each day's decisions. */
  totals: number[];
  calibration?: { slice: Calibration; detail: CalibrationDetail; tailDays: number };
}

export function printReport(result: BenchResult): void {
  const { objective, optimized, unchanged, oracle, timings, currency } = result;
  const percent = (a: number, b: number) => (b === 0 ? "n/a" : `${((a / b - 1) * 100).toFixed(1)}%`);
  const efficiency = (outcome: Outcome) =>
    objective === "conversions"
      ? money(outcome.spendMinor / Math.max(outcome.conversions, 1e-9), currency)
      : (outcome.revenueMinor / Math.max(outcome.spendMinor, 1)).toFixed(2);
  console.log("");
  console.log(`Outcome over ${result.span[0]} … ${result.span[1]} (${result.days} days, all conversions final):`);
  const line = (label: string, outcome: Outcome) => [
    label,
    outcome.conversions.toFixed(1),
    money(outcome.revenueMinor, currency),
    money(outcome.spendMinor, currency),
    efficiency(outcome),
  ];
  const rows = [
    ["", "conversions", "revenue", "spend", objective === "conversions" ? "CPA" : "ROAS"],
    line("optimized", optimized),
    line("unchanged", unchanged),
    line("oracle", oracle),
    ...(result.atOptimizedSpend
      ? [
          line("unchanged, same spend", result.atOptimizedSpend.unchanged),
          line("oracle, same spend", result.atOptimizedSpend.oracle),
        ]
      : []),
    [
      "uplift",
      percent(optimized.conversions, unchanged.conversions),
      percent(optimized.revenueMinor, unchanged.revenueMinor),
      percent(optimized.spendMinor, unchanged.spendMinor),
      "",
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("   ")}`,
    );

  const goal = (outcome: Outcome) => (objective === "conversions" ? outcome.conversions : outcome.revenueMinor);
  const gain = goal(oracle) - goal(unchanged);
  console.log(
    `  ${objective} as a share of the oracle's (the best fixed budgets knowing the hidden curves): optimized ${((goal(optimized) / goal(oracle)) * 100).toFixed(1)}%, unchanged ${((goal(unchanged) / goal(oracle)) * 100).toFixed(1)}%; the optimizer took ${gain > 0 ? `${(((goal(optimized) - goal(unchanged)) / gain) * 100).toFixed(0)}%` : "n/a"} of the oracle's gain over unchanged.`,
  );

  // The uplift by stretch of the run: the optimizer learns, so later stretches should gain more.
  const dates = [...unchanged.byDate.keys()].sort();
  const stretch = Math.max(1, Math.ceil(dates.length / 6));
  const pick = (outcome: Outcome, slice: string[]) =>
    slice.reduce(
      (sum, date) =>
        sum +
        (objective === "conversions"
          ? (outcome.byDate.get(date)?.conversions ?? 0)
          : (outcome.byDate.get(date)?.revenueMinor ?? 0)),
      0,
    );
  const stretches: string[] = [];
  for (let start = 0; start < dates.length; start += stretch) {
    const slice = dates.slice(start, start + stretch);
    stretches.push(
      `days ${start + 1}–${start + slice.length} ${percent(pick(optimized, slice), pick(unchanged, slice))}`,
    );
  }
  const same = result.atOptimizedSpend;
  if (same) {
    const sameGain = goal(same.oracle) - goal(same.unchanged);
    console.log(
      `  at equal spend (unchanged budgets and oracle × ${same.scale.toFixed(3)}): ${objective} uplift ${percent(goal(optimized), goal(same.unchanged))}; optimized ${((goal(optimized) / goal(same.oracle)) * 100).toFixed(1)}% of the oracle, unchanged ${((goal(same.unchanged) / goal(same.oracle)) * 100).toFixed(1)}%; ${sameGain > 0 ? `${(((goal(optimized) - goal(same.unchanged)) / sameGain) * 100).toFixed(0)}%` : "n/a"} of the oracle's gain.`,
    );
  }
  console.log(`  ${objective} uplift by stretch: ${stretches.join(", ")}`);

  // Where the budget went: by platform, at the end against the start.
  const byPlatform = new Map<string, { before: number; after: number }>();
  for (const campaign of result.campaigns) {
    const entry = byPlatform.get(campaign.platform) ?? { before: 0, after: 0 };
    entry.before += result.startBudgets.get(campaign.id) ?? 0;
    entry.after += result.endBudgets.get(campaign.id) ?? 0;
    byPlatform.set(campaign.platform, entry);
  }
  console.log(
    `  daily budget by platform, start → end: ${[...byPlatform].map(([platform, { before, after }]) => `${platform} ${money(before, currency)} → ${money(after, currency)}`).join(", ")}`,
  );
  if (result.totals.length > 0)
    console.log(
      `  total daily budget: ${money(sumOf(result.startBudgets), currency)} at the start, ${money(Math.min(...result.totals), currency)}–${money(Math.max(...result.totals), currency)} over the run, ${money(result.totals.at(-1)!, currency)} at the end.`,
    );

  if (result.calibration) printCalibration(result.calibration, objective, currency);

  const totals = timings.map(totalOf);
  const part = (pick: (timing: DayTiming) => number) => ms(mean(timings.map(pick)));
  console.log(
    `Time per simulated day: ${(mean(totals) / 1000).toFixed(2)} s mean, ${(quantile(totals, 0.95) / 1000).toFixed(2)} s p95 — sync ${part((t) => t.syncMs)}, ${result.path === "slice" ? "recommend (fit, allocate, store)" : "fit + allocate"} ${part((t) => t.decideMs)} (p95 ${ms(
      quantile(
        timings.map((t) => t.decideMs),
        0.95,
      ),
    )}), apply ${part((t) => t.applyMs)}, follow-up ${part((t) => t.followUpMs)}, clock ${part((t) => t.clockMs)}.`,
  );
  console.log(
    `${result.changesPushed} budget changes pushed through the change use case${result.failures.length ? `, ${result.failures.length} failed` : ""}; whole run ${result.seconds.toFixed(1)} s.`,
  );
  for (const failure of result.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
}

function printCalibration(
  calibration: NonNullable<BenchResult["calibration"]>,
  objective: OptimizerObjective,
  currency: string,
): void {
  // Revenue deltas are minor units a day; conversions a day.
  const amount = (value: number | null) =>
    value === null ? "n/a" : objective === "revenue" ? money(value, currency, 2) : value.toFixed(2);
  const share = (value: number | null) => (value === null ? "n/a" : `${(value * 100).toFixed(0)}%`);
  const { slice, detail } = calibration;
  console.log(
    `Calibration (the slice's follow-up, Δ ${objective} a day over 7 days after against 7 before; ${calibration.tailDays} more days synced after the run to let them mature):`,
  );
  if (slice.rows.length === 0) console.log("  nothing followed up.");
  for (const row of slice.rows)
    console.log(
      `  ${row.objective}: ${row.count} followed up (${slice.pending} pending), ${share(row.shareInside)} inside the 80% interval, mean absolute error ${amount(row.meanAbsoluteError)}, bias ${amount(row.bias)} (realised − predicted).`,
    );
  console.log(
    `  for scale: mean |predicted Δ| ${amount(detail.meanAbsPredicted)}, mean |realised Δ| ${amount(detail.meanAbsRealised)}, mean interval width ${amount(detail.meanIntervalWidth)}, correlation predicted/realised ${detail.correlation === null ? "n/a" : detail.correlation.toFixed(2)}.`,
  );
  console.log(
    `  clean follow-ups (no other change to the campaign over its 14 days): ${detail.clean.count}, ${share(detail.clean.shareInside)} inside, mean absolute error ${amount(detail.clean.meanAbsoluteError)}, bias ${amount(detail.clean.bias)}.`,
  );
}

const totalOf = (timing: DayTiming) =>
  timing.syncMs + timing.decideMs + timing.applyMs + timing.followUpMs + timing.clockMs;
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
export const meanDaySeconds = (timings: DayTiming[]) => mean(timings.map(totalOf)) / 1000;
const ms = (value: number) => `${Math.round(value)} ms`;
const sumOf = (values: Map<string, number>) => [...values.values()].reduce((a, b) => a + b, 0);

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function money(minor: number, currency: string, digits = 0): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}
