/**
 * Realised against predicted. Each applied recommendation is followed up once its outcome days
 * (the OUTCOME_DAYS days after the day it was applied) are mature for its platform's conversion lag
 * (the last one at least MATURE_COMPLETENESS complete).
 *
 * The method:
 * - realised Δ = the campaign's mean daily outcome over the outcome days − its mean daily outcome
 *   over the OUTCOME_DAYS days before the day it was applied (a missing day counts as 0). Whole
 *   weeks on both sides, so the weekday pattern cancels; the day of the change itself, half at each
 *   budget, is left out. Revenue is the platform-reported value.
 * - expected Δ: the budget rarely holds for the whole outcome days (the next day's run moves it
 *   again, a person edits it, the platform under-delivers), so the realised Δ is compared with the
 *   prediction for the path that actually ran, not for the recommended budget: the mean daily spend
 *   over the same two windows goes through the curve stored with the recommendation (its response
 *   table, recommendation-details.ts), curve(spend after) − curve(spend before), linear between the
 *   table's spends. Its 80% interval has the recommendation's two parts: the model's, from the
 *   table's bounds (their quantiles subtracted), and the noise of two 7-day means from the
 *   campaign's stored residual noise (deltaInterval). A recommendation stored without a table is
 *   compared with its own prediction.
 * - inside: the realised Δ falls within the expected Δ's 80% interval. The spends and the expected Δ
 *   are stored with the follow-up; the recommendation's own prediction stays as it was made.
 *
 * Calibration, per objective: the share inside (ideal ≈ 0.8), the mean absolute error and the bias
 * (mean of realised − expected) of the point predictions.
 */
import type { Actor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { Calibration, CalibrationRow, OptimizerObjective } from "./optimizer-types.ts";
import { OUTCOME_DAYS, pathDelta } from "./recommendation-details.ts";

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
    const meanOver = (from: string, to: string, value: (day: (typeof days)[number]) => number) =>
      days.filter((day) => day.date >= from && day.date <= to).reduce((sum, day) => sum + value(day), 0) / OUTCOME_DAYS;
    const baselineTo = addDays(appliedOn, -1);
    const realisedDelta =
      meanOver(candidate.outcomeFrom, candidate.outcomeTo, outcome) - meanOver(baselineFrom, baselineTo, outcome);
    const spendBeforeMinor = meanOver(baselineFrom, baselineTo, (day) => day.spendMinor);
    const spendAfterMinor = meanOver(candidate.outcomeFrom, candidate.outcomeTo, (day) => day.spendMinor);
    const expected = candidate.response
      ? pathDelta(candidate.response, spendBeforeMinor, spendAfterMinor)
      : candidate.predicted;
    await deps.optimizer.saveFollowUp(organizationId, candidate.id, {
      realisedDelta,
      inside: realisedDelta >= expected.low && realisedDelta <= expected.high,
      comparison: { spendBeforeMinor, spendAfterMinor, expected },
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
