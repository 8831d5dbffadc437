/**
 * optimizer_recommendations on an organization with 60 days of history: the optimizer page's open
 * recommendations, with their 80% intervals in the campaign's currency, and none of another
 * organization's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedOrganization } from "#core/campaigns/campaign-test-fixture.ts";
import { type OptimizerWorld, startOptimizerWorld } from "#core/optimizer/optimizer-test-kit.ts";

let kit: OptimizerWorld;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;

beforeAll(async () => {
  kit = await startOptimizerWorld();
  kit.services.optimizer = kit.optimizer;
  [ada, bo] = await Promise.all([
    kit.connectWithHistory(["google-ads"], "Ada"),
    kit.connectWithHistory(["google-ads"], "Bo"),
  ]);
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

describe("optimizer_recommendations", () => {
  it("lists the open recommendations with their intervals and a chart of the budgets", async () => {
    const { recommendations } = await kit.optimizer.recommendBudgets(ada.actor, { trigger: "page" });
    expect(recommendations.length).toBeGreaterThan(0);
    const tool = kit.services.assistant.tools.find("optimizer_recommendations")!;
    const result = await tool.run(ada.actor, {});
    const rows = (result.data as { recommendations: Array<Record<string, unknown>> }).recommendations;
    const open = await kit.services.optimizer.listRecommendations(ada.actor);
    expect(rows.map((row) => row.recommendationId)).toEqual(open.map((item) => item.id));
    const first = open[0]!;
    expect(rows[0]).toMatchObject({
      campaignId: first.campaignId,
      campaignName: first.campaignName,
      currentDailyBudget: first.currentBudgetMinor / 100,
      recommendedDailyBudget: first.recommendedBudgetMinor / 100,
      reasons: first.reasons.map((reason) => reason.code),
    });
    const delta = rows[0]!.predictedDailyChange as { mean: number; low80: number; high80: number };
    expect(delta.low80).toBeLessThanOrEqual(delta.mean);
    expect(delta.mean).toBeLessThanOrEqual(delta.high80);
    expect(result.citations?.[0]).toEqual({ label: "Optimizer", href: "/optimizer" });
    expect(result.chart).toMatchObject({ kind: "bar", series: [{ name: "current" }, { name: "recommended" }] });

    const boRows = ((await tool.run(bo.actor, {})).data as { recommendations: Array<{ campaignId: string }> })
      .recommendations;
    const adaCampaigns = ada.campaigns["google-ads"]!.map((campaign) => campaign.id);
    expect(boRows.some((row) => adaCampaigns.includes(row.campaignId))).toBe(false);
  });
});
