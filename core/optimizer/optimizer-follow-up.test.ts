/**
 * Realised against predicted: the follow-up of applied recommendations once their outcome days are
 * mature, measured against the prediction for the spend that actually ran, and the calibration.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedOrganization } from "#core/campaigns/campaign-test-fixture.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type OptimizerWorld, startOptimizerWorld } from "./optimizer-test-kit.ts";
import type { Recommendation } from "./optimizer-types.ts";
import { optimizerActor } from "./run-daily-optimization.ts";

let kit: OptimizerWorld;
let bo: ConnectedOrganization;
let gil: ConnectedOrganization;

beforeAll(async () => {
  kit = await startOptimizerWorld();
  [bo, gil] = await Promise.all([
    kit.connectWithHistory(["google-ads"], "Bo"),
    kit.connectWithHistory(["google-ads"], "Gil"),
  ]);
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

describe("the follow-up of applied recommendations", () => {
  it("follows up an applied recommendation once its outcome days are mature, and reports the calibration", async () => {
    const { recommendations } = await kit.optimizer.recommendBudgets(bo.actor, { trigger: "page" });
    const [target] = recommendations;
    await kit.optimizer.applyRecommendations(bo.actor, { ids: [target!.id] });
    const today = new Date().toISOString().slice(0, 10);
    // Not mature yet: nothing to say.
    expect(await kit.optimizer.followUpRecommendations(optimizerActor(bo.organizationId))).toEqual({
      followedUp: 0,
      waiting: 0,
    });
    expect((await kit.optimizer.getCalibration(bo.actor)).pending).toBe(1);
    // As if it had been applied three weeks ago: its outcome days are synced and mature now.
    await kit.world.sandbox.db
      .updateTable("optimizer_recommendations")
      .set({ outcome_from: addDays(today, -20), outcome_to: addDays(today, -14) })
      .where("id", "=", target!.id)
      .execute();
    expect(await kit.optimizer.followUpRecommendations(optimizerActor(bo.organizationId))).toEqual({
      followedUp: 1,
      waiting: 0,
    });
    const followed = await kit.optimizer.getRecommendation(bo.actor, target!.id);
    const followUp = followed.followUp!;
    expect(followUp.realisedDelta).toEqual(expect.any(Number));
    // Measured against the prediction for the spends that ran on those days, which it shows.
    expect(followUp.spendBeforeMinor).toBeGreaterThan(0);
    expect(followUp.spendAfterMinor).toBeGreaterThan(0);
    const expected = followUp.expectedDelta!;
    expect(expected.low).toBeLessThanOrEqual(expected.mean);
    expect(expected.high).toBeGreaterThan(expected.low);
    expect(followUp.inside).toBe(followUp.realisedDelta! >= expected.low && followUp.realisedDelta! <= expected.high);
    // The recommendation's own prediction stays as it was made.
    expect(followed.predictedDelta).toEqual(target!.predictedDelta);
    const calibration = await kit.optimizer.getCalibration(bo.actor);
    expect(calibration).toMatchObject({ pending: 0, rows: [{ objective: "conversions", count: 1 }] });
    expect(calibration.rows[0]!.meanAbsoluteError).toBeCloseTo(Math.abs(followUp.realisedDelta! - expected.mean), 6);
    expect(calibration.rows[0]!.bias).toBeCloseTo(followUp.realisedDelta! - expected.mean, 6);
    // Gil's calibration knows nothing of Bo's.
    expect((await kit.optimizer.getCalibration(gil.actor)).rows).toEqual([]);
  });

  it("follows up along the spend that actually ran when the budget moved again within the outcome days", async () => {
    const org = gil;
    const { recommendations } = await kit.optimizer.recommendBudgets(org.actor, { trigger: "page" });
    const [held, movedAgain] = recommendations;
    await kit.optimizer.applyRecommendations(org.actor, { ids: [held!.id, movedAgain!.id] });
    const today = new Date().toISOString().slice(0, 10);
    const appliedOn = addDays(today, -21);
    /** As if applied three weeks ago, with these synced days: 7 before at `before`, then `after` a day. */
    const rewrite = async (item: Recommendation, spends: { before: number; after: number[] }) => {
      await kit.world.sandbox.db
        .updateTable("optimizer_recommendations")
        .set({ outcome_from: addDays(appliedOn, 1), outcome_to: addDays(appliedOn, 7) })
        .where("id", "=", item.id)
        .execute();
      await kit.world.sandbox.db
        .deleteFrom("campaign_daily_metrics")
        .where("campaign_id", "=", item.campaignId)
        .where("date", ">=", addDays(appliedOn, -7))
        .where("date", "<=", addDays(appliedOn, 7))
        .execute();
      const day = (date: string, spend: number, conversions: number) => ({
        campaign_id: item.campaignId,
        organization_id: org.organizationId,
        date,
        spend_minor: spend,
        conversions,
        currency: item.currency,
      });
      await kit.world.sandbox.db
        .insertInto("campaign_daily_metrics")
        .values([
          ...Array.from({ length: 7 }, (_, index) => day(addDays(appliedOn, index - 7), spends.before, 10)),
          ...spends.after.map((spend, index) => day(addDays(appliedOn, index + 1), spend, 12)),
        ])
        .execute();
    };
    // One held its recommended budget; the other's went back to where it was after a day.
    await rewrite(held!, {
      before: held!.currentBudgetMinor,
      after: Array.from({ length: 7 }, () => held!.recommendedBudgetMinor),
    });
    await rewrite(movedAgain!, {
      before: movedAgain!.currentBudgetMinor,
      after: [movedAgain!.recommendedBudgetMinor, ...Array.from({ length: 6 }, () => movedAgain!.currentBudgetMinor)],
    });
    expect(await kit.optimizer.followUpRecommendations(optimizerActor(org.organizationId))).toEqual({
      followedUp: 2,
      waiting: 0,
    });

    const heldUp = (await kit.optimizer.getRecommendation(org.actor, held!.id)).followUp!;
    expect(heldUp).toMatchObject({
      realisedDelta: 2,
      spendBeforeMinor: held!.currentBudgetMinor,
      spendAfterMinor: held!.recommendedBudgetMinor,
    });
    // The budget held: the path's prediction is the recommendation's own.
    for (const end of ["mean", "low", "high"] as const)
      expect(heldUp.expectedDelta![end]).toBeCloseTo(held!.predictedDelta[end], 9);

    const again = (await kit.optimizer.getRecommendation(org.actor, movedAgain!.id)).followUp!;
    const move = movedAgain!.recommendedBudgetMinor - movedAgain!.currentBudgetMinor;
    expect(again).toMatchObject({
      realisedDelta: 2,
      spendBeforeMinor: movedAgain!.currentBudgetMinor,
      spendAfterMinor: expect.closeTo(movedAgain!.currentBudgetMinor + move / 7, 6),
    });
    // A seventh of the move ran: the prediction it is measured against is a part of the recommendation's.
    const share = again.expectedDelta!.mean / movedAgain!.predictedDelta.mean;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    expect(again.inside).toBe(2 >= again.expectedDelta!.low && 2 <= again.expectedDelta!.high);
    // The recommendation keeps its own prediction; the calibration counts the paths'.
    expect((await kit.optimizer.getRecommendation(org.actor, movedAgain!.id)).predictedDelta).toEqual(
      movedAgain!.predictedDelta,
    );
    const calibration = await kit.optimizer.getCalibration(org.actor);
    expect(calibration.rows).toEqual([
      {
        objective: "conversions",
        count: 2,
        shareInside: [heldUp.inside, again.inside].filter(Boolean).length / 2,
        meanAbsoluteError: expect.closeTo(
          (Math.abs(2 - heldUp.expectedDelta!.mean) + Math.abs(2 - again.expectedDelta!.mean)) / 2,
          9,
        ),
        bias: expect.closeTo((2 - heldUp.expectedDelta!.mean + 2 - again.expectedDelta!.mean) / 2, 9),
      },
    ]);
  });
});
