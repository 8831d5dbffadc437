/**
 * The sandbox bench through the product's own path: the optimizer slice's use cases composed as
 * server/services.ts composes them (the real services for goals, rules and notifications; the
 * budgets slice, the campaigns slice and the optimizer on the bench's ads clock), over the world's
 * database and sandbox. The budget plan is saved through the budgets slice as the owner; each day
 * Adhelm asks for recommendations and applies every open one, and follows up the mature ones.
 */
import { type Actor, systemActor } from "#core/access/actor.ts";
import { createAnalyticsModule } from "#core/analytics/analytics-module.ts";
import { createBudgetsBackground, createBudgetsModule } from "#core/budgets/budgets-module.ts";
import { createCampaignsModule } from "#core/campaigns/campaigns-module.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { monthBudgetOf } from "#core/optimizer/month-budget.ts";
import { createOptimizerModule, type OptimizerModuleDependencies } from "#core/optimizer/optimizer-module.ts";
import type { Calibration, OptimizerObjective } from "#core/optimizer/optimizer-types.ts";
import { OUTCOME_DAYS } from "#core/optimizer/recommendation-details.ts";
import { optimizerActor } from "#core/optimizer/run-daily-optimization.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createConversionCompleteness } from "#core/rules/conversion-completeness.ts";
import { createServices } from "#server/services.ts";
import { testEnv } from "#tests/support/test-env.ts";
import type { SandboxWorld } from "./optimizer-sandbox-types.ts";

export interface SlicePlan {
  objective: OptimizerObjective;
  /** The plan's largest daily change, 0.05–1. */
  maxDailyChange: number;
  /** The plan's exploration share, 0–0.2. */
  explorationShare: number;
}

export interface SliceDay {
  readiness: string;
  recommendations: number;
  exploring: number;
  applied: number;
  failed: string[];
  /** The run's predicted daily outcome after its moves against before (means). */
  predictedGain: number;
  recommendMs: number;
  applyMs: number;
}

/** Beyond the slice's calibration rows: what the follow-ups measured, and how clean they were. */
export interface CalibrationDetail {
  followedUp: number;
  meanAbsPredicted: number;
  meanAbsRealised: number;
  meanIntervalWidth: number;
  /** Pearson correlation of predicted and realised Δ. */
  correlation: number | null;
  /** Follow-ups with no other applied change to the campaign over their baseline and outcome days. */
  clean: { count: number; shareInside: number | null; meanAbsoluteError: number | null; bias: number | null };
}

export interface OptimizerSlice {
  /** Adhelm asks for recommendations and applies every open one. */
  decide(): Promise<SliceDay>;
  /** Adhelm follows up the applied recommendations whose outcome days are mature. */
  followUp(): Promise<{ followedUp: number; waiting: number }>;
  /** The slice's calibration, as /optimizer shows it. */
  calibration(): Promise<Calibration>;
  calibrationDetail(): Promise<CalibrationDetail>;
  close(): Promise<void>;
}

/** At most this many ids in one apply (the use case's own limit). */
const APPLY_AT_ONCE = 100;

export async function createOptimizerSlice(world: SandboxWorld, plan: SlicePlan): Promise<OptimizerSlice> {
  const { db, clock, owner, openAdPlatform, minimumDailyBudgetMinor, dataDir, now } = world.host;
  const { silentLogger } = await import("#tests/support/integration-fixture.ts");
  const services = createServices({
    env: testEnv({ APP_URL: "http://app.test", DATA_DIR: dataDir }),
    database: { db, dialect: "sqlite", location: "optimizer sandbox bench", close: async () => {} },
    logger: silentLogger,
  });
  const notify: OptimizerModuleDependencies["notify"] = (notification) => services.notifications.notify(notification);
  const budgetsDependencies = {
    db,
    clock,
    getGoals: (actor: Actor) => services.goals.getGoals(actor),
    notify,
    timeZoneOf: (organizationId: string) => organizationTimeZone(db, organizationId),
  };
  const budgets = createBudgetsModule(budgetsDependencies);
  const budgetsBackground = createBudgetsBackground({ ...budgetsDependencies, jobs: services.jobs });
  // Adhelm's changes go through a campaigns module of their own, as the server's rules and optimizer do.
  const campaigns = createCampaignsModule({ db, openAdPlatform, analytics: createAnalyticsModule({ db, clock }) });
  const optimizer = createOptimizerModule({
    db,
    clock,
    now,
    timeZoneOf: (organizationId) => organizationTimeZone(db, organizationId),
    loadPlan: (organizationId) => budgetsBackground.loadBudgetPlan(organizationId),
    monthBudget: async (organizationId) => monthBudgetOf(await budgets.getBudgetPacing(optimizerActor(organizationId))),
    conversionCompleteness: createConversionCompleteness({ db, clock }),
    minimumDailyBudgetMinor,
    applyCampaignChanges: (actor, input) => campaigns.applyCampaignChanges(actor, input),
    isAutomationPaused: async (organizationId) =>
      (await services.rules.getAutomationSettings(optimizerActor(organizationId))).paused,
    notify,
  });

  await budgets.saveBudgetPlanSettings(owner, {
    objective: plan.objective,
    revenueSource: "platform",
    mode: "maximize",
    pacingCurve: "even",
    maxDailyChange: plan.maxDailyChange,
    explorationShare: plan.explorationShare,
    rebalanceDaily: false,
    autoApply: false,
    maxAutoChangesPerDay: 100,
  });
  const adhelm = optimizerActor(world.organizationId);

  return {
    async decide() {
      const started = performance.now();
      const { readiness, run, recommendations } = await optimizer.recommendBudgets(adhelm, { trigger: "auto_apply" });
      const day: SliceDay = {
        readiness,
        recommendations: recommendations.length,
        exploring: recommendations.filter((item) => item.exploration).length,
        applied: 0,
        failed: [],
        predictedGain: run ? run.summary.predictedAfter.mean - run.summary.predictedBefore.mean : 0,
        recommendMs: performance.now() - started,
        applyMs: 0,
      };
      const open = (await optimizer.listRecommendations(adhelm)).map((item) => item.id);
      for (let start = 0; start < open.length; start += APPLY_AT_ONCE) {
        const result = await optimizer.applyRecommendations(adhelm, { ids: open.slice(start, start + APPLY_AT_ONCE) });
        day.applied += result.applied;
        for (const item of result.results)
          if (item.outcome === "failed") day.failed.push(`${item.recommendation.campaignName}: ${item.message}`);
      }
      day.applyMs = performance.now() - started - day.recommendMs;
      return day;
    },

    followUp: () => optimizer.followUpRecommendations(adhelm),

    calibration: () => optimizer.getCalibration(systemActor(world.organizationId, { id: "bench", label: "Bench" })),

    async calibrationDetail() {
      const rows = await db
        .selectFrom("optimizer_recommendations")
        .where("organization_id", "=", world.organizationId)
        .where("outcome_from", "is not", null)
        .select([
          "campaign_id",
          "status",
          "outcome_from",
          "outcome_to",
          "predicted_delta",
          "predicted_low",
          "predicted_high",
          "realised_delta",
          "realised_inside",
          "details_json",
        ])
        .execute();
      // What the follow-up compared with: the prediction for the budgets that actually ran, when stored.
      const expectedOf = (row: (typeof rows)[number]): number => {
        const details = JSON.parse(row.details_json) as { followUp?: { expected?: { mean: number } } };
        return details.followUp?.expected?.mean ?? Number(row.predicted_delta);
      };
      const appliedOn = (row: (typeof rows)[number]) => addDays(row.outcome_from!, -1);
      const changesOf = new Map<string, string[]>();
      for (const row of rows)
        if (row.status === "applied")
          changesOf.set(row.campaign_id, [...(changesOf.get(row.campaign_id) ?? []), appliedOn(row)]);
      const done = rows.filter((row) => row.realised_delta != null);
      const isClean = (row: (typeof rows)[number]) => {
        const from = addDays(appliedOn(row), -OUTCOME_DAYS);
        const own = appliedOn(row);
        return (changesOf.get(row.campaign_id) ?? []).every(
          (date) => date === own || date < from || date > row.outcome_to!,
        );
      };
      const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
      const predicted = done.map(expectedOf);
      const realised = done.map((row) => Number(row.realised_delta));
      const clean = done.filter(isClean);
      return {
        followedUp: done.length,
        meanAbsPredicted: mean(predicted.map(Math.abs)) ?? 0,
        meanAbsRealised: mean(realised.map(Math.abs)) ?? 0,
        meanIntervalWidth: mean(done.map((row) => Number(row.predicted_high) - Number(row.predicted_low))) ?? 0,
        correlation: correlation(predicted, realised),
        clean: {
          count: clean.length,
          shareInside: mean(clean.map((row) => (row.realised_inside ? 1 : 0))),
          meanAbsoluteError: mean(clean.map((row) => Math.abs(Number(row.realised_delta) - expectedOf(row)))),
          bias: mean(clean.map((row) => Number(row.realised_delta) - expectedOf(row))),
        },
      };
    },

    async close() {
      await services.publicApi.stop();
    },
  };
}

function correlation(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 3) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}
