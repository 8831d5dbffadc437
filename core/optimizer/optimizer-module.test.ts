import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, apiKeyActor, userActor } from "#core/access/actor.ts";
import type { ConnectedOrganization } from "#core/campaigns/campaign-test-fixture.ts";
import { createOptimizerModule } from "./optimizer-module.ts";
import { type OptimizerWorld, startOptimizerWorld } from "./optimizer-test-kit.ts";
import type { OptimizerRun, Recommendation } from "./optimizer-types.ts";
import { optimizerActor } from "./run-daily-optimization.ts";

let kit: OptimizerWorld;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;

beforeAll(async () => {
  kit = await startOptimizerWorld();
  [ada, bo] = await Promise.all([
    kit.connectWithHistory(["google-ads", "facebook-ads"], "Ada"),
    kit.connectWithHistory(["google-ads"], "Bo"),
  ]);
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

const plan = {
  objective: "conversions",
  revenueSource: "platform",
  mode: "maximize",
  pacingCurve: "even",
  maxDailyChange: 0.3,
  explorationShare: 0.05,
  rebalanceDaily: false,
  autoApply: false,
  maxAutoChangesPerDay: 10,
};

async function platformBudget(organization: ConnectedOrganization, campaignId: string) {
  for (const platform of ["google-ads", "facebook-ads"] as const) {
    const found = organization.campaigns[platform]?.find((campaign) => campaign.id === campaignId);
    if (found) return (await kit.world.platformCampaign(organization, platform, found.externalId))?.dailyBudgetMinor;
  }
  throw new Error(`campaign ${campaignId} is not the organization's`);
}

/** As if today's scheduled run had been asked for by a person: the daily run may run again. */
async function forgetTodaysScheduledRun(organization: ConnectedOrganization) {
  await kit.world.sandbox.db
    .updateTable("optimizer_runs")
    .set({ trigger: "page" })
    .where("organization_id", "=", organization.organizationId)
    .execute();
}

/** The daily total once every recommendation of `run` is applied: the run's total, less than a unit under it. */
function expectTotalAfter(run: OptimizerRun, recommendations: Recommendation[]) {
  expect(recommendations.every((item) => item.runId === run.id)).toBe(true);
  const moved = recommendations.reduce((sum, item) => sum + item.recommendedBudgetMinor - item.currentBudgetMinor, 0);
  const total = run.summary.currentBudgetMinor + moved;
  expect(total).toBeLessThanOrEqual(run.dailyBudgetMinor);
  expect(total).toBeGreaterThan(run.dailyBudgetMinor - 100);
}

function member(organization: ConnectedOrganization): Actor {
  return userActor({ userId: "member-1", name: "Max", organizationId: organization.organizationId, role: "manager" });
}

describe("the optimizer on a synced sandbox organization", () => {
  it("recommends budget moves with an 80% interval, a confidence and reasons, and summarises the run", async () => {
    const { run, readiness, recommendations } = await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" });
    expect(readiness).toBe("ready");
    expect(run).toMatchObject({ trigger: "page", actorLabel: "Ada", objective: "conversions", currency: "USD" });
    expect(run!.summary.considered).toBeGreaterThan(1);
    expect(run!.summary.predictedAfter.mean).toBeGreaterThanOrEqual(run!.summary.predictedBefore.mean * 0.95);
    expect(recommendations.length).toBeGreaterThan(0);
    for (const item of recommendations) {
      const { predictedDelta } = item;
      expect(predictedDelta.low).toBeLessThanOrEqual(predictedDelta.mean);
      expect(predictedDelta.high).toBeGreaterThanOrEqual(predictedDelta.mean);
      expect(predictedDelta.high).toBeGreaterThan(predictedDelta.low);
      expect(item.confidence).toBeGreaterThanOrEqual(0);
      expect(item.confidence).toBeLessThanOrEqual(1);
      expect(item.reasons.length).toBeGreaterThan(0);
      const move = Math.abs(item.recommendedBudgetMinor - item.currentBudgetMinor);
      expect(move).toBeGreaterThanOrEqual(item.currentBudgetMinor * 0.05);
      // Within the plan's ±30% a day (and a currency unit of rounding).
      expect(move).toBeLessThanOrEqual(item.currentBudgetMinor * 0.3 + 100);
      expect(item.efficiency.metric).toBe("cpa");
    }
    const cut = recommendations.find((item) => item.recommendedBudgetMinor < item.currentBudgetMinor);
    if (cut) expect(cut.reasons.map((reason) => reason.code)).toEqual(expect.arrayContaining(["saturated"]));

    const overview = await kit.optimizer.getOptimizerOverview(ada.actor);
    expect(overview).toMatchObject({ readiness: "ready", automationPaused: false, history: [] });
    expect(overview.lastRun?.id).toBe(run!.id);
    expect(overview.open.map((item) => item.id).sort()).toEqual(recommendations.map((item) => item.id).sort());

    // A second run supersedes the first run's open recommendations.
    const again = await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" });
    const open = await kit.optimizer.listRecommendations(ada.actor);
    expect(open.map((item) => item.runId)).toEqual(again.recommendations.map(() => again.run!.id));
  });

  it("spreads today's total between the campaigns and marks only the moves made to learn as exploration", async () => {
    const { run, recommendations } = await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" });
    // No monthly budget: the run moves money between the campaigns, the total stays today's.
    expect(run!.summary.notes).toContain("budget_from_campaigns");
    expect(run!.dailyBudgetMinor).toBe(run!.summary.currentBudgetMinor);
    // The kept moves carry what the small and rounded ones leave: applied, the total holds.
    expectTotalAfter(run!, recommendations);
    expect(recommendations.some((item) => item.recommendedBudgetMinor < item.currentBudgetMinor)).toBe(true);
    expect(recommendations.some((item) => item.recommendedBudgetMinor > item.currentBudgetMinor)).toBe(true);
    // Exploration is a few nudges, never the whole run; each says it is learning.
    expect(recommendations.filter((item) => item.exploration).length).toBeLessThan(recommendations.length);
    for (const item of recommendations)
      expect(item.reasons.some((reason) => reason.code === "learning")).toBe(item.exploration);
  });

  it("caps the total at the month's budget left, and spreads pacing's suggestion only on the daily rebalance", async () => {
    const org = await kit.connectWithHistory(["google-ads", "facebook-ads"], "Ed");
    const setMonthlyBudget = (major: number) =>
      kit.services.goals.setGoals(org.actor, {
        currency: "USD",
        form: { currency: "USD", goals: [{ scope: "organization", monthlyBudget: String(major), targetKind: "none" }] },
      });
    // A monthly budget well above today's pace: today's total is spread as it is.
    await setMonthlyBudget(10_000_000);
    await kit.services.budgets.saveBudgetPlanSettings(org.actor, { ...plan, rebalanceDaily: true });
    const roomy = await kit.optimizer.recommendBudgets(org.actor, { trigger: "page" });
    expect(roomy.run!.summary.notes).toContain("budget_from_campaigns");
    const todayTotal = roomy.run!.summary.currentBudgetMinor;

    const before = await kit.services.budgets.getBudgetPacing(org.actor);
    const spentBeforeToday = before.daysElapsed > 1 ? before.plan!.days[before.daysElapsed - 2]!.actualMinor! : 0;
    const daysLeft = before.daysInMonth - before.daysElapsed + 1;
    const monthlyFor = (dailyMinor: number) => Math.round((spentBeforeToday + dailyMinor * daysLeft) / 100) * 100;
    // A cap just under today's total: each campaign's share of the cut is too small to be a move of
    // its own, yet applying the run's moves brings the total down to it.
    await setMonthlyBudget(monthlyFor(todayTotal * 0.97) / 100);
    const slight = await kit.optimizer.recommendBudgets(org.actor, { trigger: "page" });
    expect(slight.run!.summary.notes).toContain("budget_capped_by_plan");
    expectTotalAfter(slight.run!, slight.recommendations);

    // One that leaves half of today's total a day for the rest of the month: that caps it.
    const monthlyMinor = monthlyFor(todayTotal / 2);
    await setMonthlyBudget(monthlyMinor / 100);
    const pacing = await kit.services.budgets.getBudgetPacing(org.actor);
    const { run } = await kit.optimizer.recommendBudgets(org.actor, { trigger: "page" });
    expect(run!.summary.notes).toContain("budget_capped_by_plan");
    expect(run!.dailyBudgetMinor).toBeLessThan(todayTotal * 0.51);
    expectTotalAfter(run!, await kit.optimizer.listRecommendations(org.actor));
    // At that total from today on, the month stays within its budget.
    expect(spentBeforeToday + run!.dailyBudgetMinor * daysLeft).toBeLessThanOrEqual(monthlyMinor);

    // The what-if centres on the same total and marks today's allocation.
    const { whatIf, curves } = await kit.optimizer.getOptimizerInsights(org.actor);
    expect(whatIf).toMatchObject({ budgetMinor: run!.dailyBudgetMinor, budgetBasis: "capped" });
    expect(whatIf.current?.budgetMinor).toBe(run!.summary.currentBudgetMinor);
    expect(curves.campaigns.length).toBe(run!.summary.considered);

    // The daily rebalance spreads what pacing suggests for today.
    const daily = await kit.optimizer.runDailyOptimization(optimizerActor(org.organizationId));
    expect(daily.outcome).toBe("recommended");
    const overview = await kit.optimizer.getOptimizerOverview(org.actor);
    expect(overview.lastRun).toMatchObject({
      trigger: "rebalance",
      dailyBudgetMinor: pacing.plan!.suggestedDailyBudgetMinor,
    });
    expect(overview.lastRun!.summary.notes).toContain("budget_from_pacing");

    // Applying all of the rebalance's moves sets the daily total to the run's, within a currency unit.
    const open = await kit.optimizer.listRecommendations(org.actor);
    expectTotalAfter(overview.lastRun!, open);
    const applied = await kit.optimizer.applyRecommendations(org.actor, { ids: open.map((item) => item.id) });
    expect(applied).toMatchObject({ applied: open.length, failed: 0 });
    const next = await kit.optimizer.recommendBudgets(org.actor, { trigger: "page" });
    expect(next.run!.summary.currentBudgetMinor).toBeLessThanOrEqual(overview.lastRun!.dailyBudgetMinor);
    expect(next.run!.summary.currentBudgetMinor).toBeGreaterThan(overview.lastRun!.dailyBudgetMinor - 100);
  });

  it("answers the what-if and draws each campaign's response curve from one fit", async () => {
    const { whatIf, curves } = await kit.optimizer.getOptimizerInsights(ada.actor);
    expect(whatIf.points).toHaveLength(13);
    expect(whatIf.points[0]!.ratio).toBe(0.5);
    expect(whatIf.points.at(-1)!.ratio).toBe(2);
    for (const point of whatIf.points) expect(point.predicted.low).toBeLessThanOrEqual(point.predicted.high);
    // More budget never buys less when it is allocated best.
    expect(whatIf.points.at(-1)!.predicted.mean).toBeGreaterThanOrEqual(whatIf.points[0]!.predicted.mean);
    // Without a monthly budget the centre is today's total, where today's allocation sits.
    expect(whatIf.budgetBasis).toBe("campaigns");
    expect(whatIf.current).toMatchObject({ ratio: 1, budgetMinor: whatIf.budgetMinor });
    expect(whatIf.points.find((point) => point.ratio === 1)!.predicted.mean).toBeGreaterThanOrEqual(
      whatIf.current!.predicted.mean * 0.999,
    );

    expect(curves.campaigns.length).toBeGreaterThan(1);
    const [first] = curves.campaigns;
    expect(first!.curve).toHaveLength(30);
    expect(first!.curve[0]!.spendMinor).toBe(0);
    expect(first!.observed.length).toBeGreaterThan(30);
    expect(first!.historyDays).toBeGreaterThan(30);
  });

  it("applies a recommendation on the platform as the optimizer, logs it, and undo restores the budget", async () => {
    const [target] = (await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" })).recommendations;
    const applied = await kit.optimizer.applyRecommendations(member(ada), { ids: [target!.id] });
    expect(applied).toMatchObject({ applied: 1, failed: 0 });
    const [result] = applied.results;
    expect(result!.recommendation).toMatchObject({ status: "applied", appliedByLabel: "Max" });
    expect(result!.recommendation.followUp?.from).toBeTruthy();
    expect(await platformBudget(ada, target!.campaignId)).toBe(target!.recommendedBudgetMinor);

    const log = await kit.world.campaigns.listChangeLog(ada.actor, { campaignId: target!.campaignId });
    const entry = log.entries.find((item) => item.id === result!.changeLogId)!;
    expect(entry).toMatchObject({ source: "optimizer", action: "set_budget", canUndo: true });
    expect(entry.after.dailyBudgetMinor).toBe(target!.recommendedBudgetMinor);

    // Applying again sends nothing twice.
    const twice = await kit.optimizer.applyRecommendations(ada.actor, { ids: [target!.id] });
    expect(twice.results[0]!.changeLogId).toBe(result!.changeLogId);
    const pushed = await kit.world.sandbox.db
      .selectFrom("change_log")
      .select("id")
      .where("campaign_id", "=", target!.campaignId)
      .where("source", "=", "optimizer")
      .execute();
    expect(pushed).toHaveLength(1);

    await kit.world.campaigns.undoCampaignChange(ada.actor, { changeId: result!.changeLogId! });
    expect(await platformBudget(ada, target!.campaignId)).toBe(target!.currentBudgetMinor);
    // The recommendation says it was undone, in the history too, and cannot be applied again.
    const undone = await kit.optimizer.getRecommendation(ada.actor, target!.id);
    expect(undone).toMatchObject({ status: "undone", undoneAt: expect.any(String) });
    const overview = await kit.optimizer.getOptimizerOverview(ada.actor);
    expect(overview.history.find((item) => item.id === target!.id)?.status).toBe("undone");
    await expect(kit.optimizer.applyRecommendations(ada.actor, { ids: [target!.id] })).rejects.toMatchObject({
      code: "conflict",
    });
    // Undone changes are not followed up: nothing waits to be measured.
    expect((await kit.optimizer.getCalibration(ada.actor)).pending).toBe(0);
  });

  it("dismisses, and keeps each organization's recommendations, runs and history to itself", async () => {
    const { recommendations } = await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" });
    const [first, second] = recommendations;
    const boRun = await kit.optimizer.recommendBudgets(bo.actor, { trigger: "page" });
    expect((await kit.optimizer.listRecommendations(bo.actor)).map((item) => item.id)).not.toContain(first!.id);
    expect((await kit.optimizer.getOptimizerOverview(bo.actor)).lastRun?.id).toBe(boRun.run?.id);
    for (const attempt of [
      () => kit.optimizer.applyRecommendations(bo.actor, { ids: [first!.id] }),
      () => kit.optimizer.dismissRecommendation(bo.actor, { id: first!.id }),
      () => kit.optimizer.getRecommendation(bo.actor, first!.id),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "not_found" });
    expect((await kit.optimizer.getRecommendation(ada.actor, first!.id)).status).toBe("open");

    const readOnlyKey = apiKeyActor({
      apiKeyId: "k1",
      keyName: "Dashboards",
      organizationId: ada.organizationId,
      scope: "read",
      creatorRole: "owner",
    });
    await expect(kit.optimizer.applyRecommendations(readOnlyKey, { ids: [first!.id] })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(kit.optimizer.recommendBudgets(readOnlyKey, { trigger: "api" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await kit.optimizer.listRecommendations(readOnlyKey)).length).toBe(recommendations.length);

    const dismissed = await kit.optimizer.dismissRecommendation(member(ada), { id: second!.id });
    expect(dismissed).toMatchObject({ status: "dismissed" });
    await expect(kit.optimizer.applyRecommendations(ada.actor, { ids: [second!.id] })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await kit.optimizer.listRecommendations(ada.actor)).map((item) => item.id)).not.toContain(second!.id);
  });

  it("auto-applies on its daily run within the most changes per day, and waits while automation is paused", async () => {
    const org = await kit.connectWithHistory(["google-ads", "facebook-ads"], "Cy");
    await kit.services.budgets.saveBudgetPlanSettings(org.actor, {
      ...plan,
      autoApply: true,
      maxAutoChangesPerDay: 2,
    });
    const actor = optimizerActor(org.organizationId);

    await kit.services.rules.setAutomationPaused(org.actor, true);
    const heldBack = await kit.optimizer.runDailyOptimization(actor);
    expect(heldBack).toMatchObject({ outcome: "held_back", applied: 0 });
    expect(heldBack.recommendations).toBeGreaterThan(2);
    const inbox = await kit.services.notifications.listNotifications(org.actor, {});
    expect(inbox.items[0]).toMatchObject({ kind: "campaign", link: "/optimizer" });
    expect(inbox.items[0]!.title).toContain("automation is paused");
    // Once a day: the same day's run is not made again.
    expect(await kit.optimizer.runDailyOptimization(actor)).toMatchObject({ outcome: "skipped" });

    await kit.services.rules.setAutomationPaused(org.actor, false);
    await forgetTodaysScheduledRun(org);
    const ran = await kit.optimizer.runDailyOptimization(actor);
    expect(ran).toMatchObject({ outcome: "applied", applied: 2, failed: 0 });
    const changes = await kit.world.sandbox.db
      .selectFrom("change_log")
      .select(["actor_label", "source"])
      .where("organization_id", "=", org.organizationId)
      .where("source", "=", "optimizer")
      .execute();
    expect(changes).toEqual([
      { actor_label: "Adhelm optimizer", source: "optimizer" },
      { actor_label: "Adhelm optimizer", source: "optimizer" },
    ]);
    const told = await kit.services.notifications.listNotifications(org.actor, {});
    expect(told.items[0]!.title).toBe("The optimizer changed 2 daily budgets");

    // Today's two changes used the day's allowance: a later run today applies nothing more.
    await forgetTodaysScheduledRun(org);
    expect(await kit.optimizer.runDailyOptimization(actor)).toMatchObject({ outcome: "held_back", applied: 0 });
  });

  it("says what is missing when an organization has no campaigns to optimize", async () => {
    const empty = createOptimizerModule(kit.dependencies);
    const viewer = await kit.world.connectOrganization([], "Di");
    expect(await empty.recommendBudgets(viewer.actor, { trigger: "page" })).toEqual({
      readiness: "no_campaigns",
      run: null,
      recommendations: [],
    });
    const insights = await empty.getOptimizerInsights(viewer.actor);
    expect(insights.whatIf.points).toEqual([]);
    expect(insights.curves).toMatchObject({ readiness: "no_campaigns", campaigns: [] });
  });
});
