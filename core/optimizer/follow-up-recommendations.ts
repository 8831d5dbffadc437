/**
 * Realised against predicted. Each applied recommendation is followed up once its outcome days
 * (the OUTCOME_DAYS days after the day it was applied) are mature for its platform's conversion lag
 * (the last one at least MATURE_COMPLETENESS complete).
 *
 * The method: realised Δ = the campaign's mean daily outcome over the outcome days − its mean daily
 * outcome over the OUTCOME_DAYS days before the day it was applied (a missing day counts as 0).
 * Whole weeks on both sides, so the weekday pattern cancels; the day of the change itself, half at
 * each budget, is left out. It is inside when it falls within the stored 80% interval, which was
 * built for this very comparison (recommendation-details.ts). Revenue is the platform-reported value.
 *
 * Calibration, per objective: the share inside (ideal ≈ 0.8), the mean absolute error and the bias
 * (mean of realised − predicted) of the point predictions.
 */
import type { Actor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { Calibration, CalibrationRow, OptimizerObjective } from "./optimizer-types.ts";
import { OUTCOME_DAYS } from "./recommendation-details.ts";

/** A day counts as mature once its conversions are expected this complete. */
export const MATURE_COMPLETENESS = 0.95;

const DAY_MS = 86_400_000;

export async function followUpRecommendations(
  deps: Pick<OptimizerDependencies, "optimizer" | "clock" | "timeZoneOf" | "conversionCompleteness" | "now">,
  actor: Actor,
): Promise<{ followedUp: number; waiting: number }> {
  const { organizationId } = actor;
  const today = calendarDateIn(await deps.timeZoneOf(organizationId), await deps.clock.now());
  const candidates = await deps.optimizer.listFollowUpCandidates(organizationId, today);
  if (candidates.length === 0) return { followedUp: 0, waiting: 0 };
  const completenessOf = await deps.conversionCompleteness(organizationId);
  let followedUp = 0;
  let waiting = 0;
  for (const candidate of candidates) {
    const age = Math.round((Date.parse(today) - Date.parse(candidate.outcomeTo)) / DAY_MS);
    if (completenessOf(candidate.platform)(age) < MATURE_COMPLETENESS) {
      waiting += 1;
      continue;
    }
    const appliedOn = addDays(candidate.outcomeFrom, -1);
    const baselineFrom = addDays(appliedOn, -OUTCOME_DAYS);
    const days = await deps.optimizer.listDailyMetrics(
      organizationId,
      [candidate.campaignId],
      baselineFrom,
      candidate.outcomeTo,
    );
    const outcome = (day: (typeof days)[number]) =>
      candidate.objective === "conversions" ? day.conversions : day.revenueMinor;
    const sumOver = (from: string, to: string) =>
      days.filter((day) => day.date >= from && day.date <= to).reduce((sum, day) => sum + outcome(day), 0);
    const before = sumOver(baselineFrom, addDays(appliedOn, -1)) / OUTCOME_DAYS;
    const after = sumOver(candidate.outcomeFrom, candidate.outcomeTo) / OUTCOME_DAYS;
    const realisedDelta = after - before;
    await deps.optimizer.saveFollowUp(organizationId, candidate.id, {
      realisedDelta,
      inside: realisedDelta >= candidate.predicted.low && realisedDelta <= candidate.predicted.high,
      at: deps.now?.() ?? new Date(),
    });
    followedUp += 1;
  }
  return { followedUp, waiting };
}

export async function getCalibration(
  deps: Pick<OptimizerDependencies, "optimizer">,
  organizationId: string,
): Promise<Calibration> {
  const { done, pending } = await deps.optimizer.listFollowedUp(organizationId);
  const rows: CalibrationRow[] = (["conversions", "revenue"] as OptimizerObjective[])
    .map((objective) => {
      const items = done.filter((item) => item.objective === objective);
      const count = items.length;
      const mean = (values: number[]) => (count > 0 ? values.reduce((sum, value) => sum + value, 0) / count : null);
      return {
        objective,
        count,
        shareInside: mean(items.map((item) => (item.inside ? 1 : 0))),
        meanAbsoluteError: mean(items.map((item) => Math.abs(item.realised - item.predicted))),
        bias: mean(items.map((item) => item.realised - item.predicted)),
      };
    })
    .filter((row) => row.count > 0);
  return { rows, pending };
}
