import { describe, expect, it } from "vitest";
import { addDays, findRunningCampaign, TODAY, useMarketEngines } from "./market-engine-test-kit.ts";

const setUp = useMarketEngines();
const TENANT = "org_issues";

describe("campaigns a platform stopped", () => {
  it("shows the issue at once, delivers nothing from the next day on, and runs again once cleared", async () => {
    const { engine, state } = await setUp();
    const { account, campaign } = await findRunningCampaign(engine, TENANT, "tiktok-ads", 7);
    const metricsOf = async (from: string, to: string) =>
      (await engine.dailyMetrics(TENANT, "tiktok-ads", account.id, { from, to })).filter(
        (row) => row.campaignId === campaign.id,
      );
    const before = await metricsOf(addDays(TODAY, -6), TODAY);
    const others = (await engine.dailyMetrics(TENANT, "tiktok-ads", account.id, { from: TODAY, to: TODAY })).filter(
      (row) => row.campaignId !== campaign.id,
    );

    expect(await engine.setCampaignIssue(TENANT, "tiktok-ads", campaign.id, "budget_exhausted")).toBe(true);
    const listed = await engine.listCampaigns(TENANT, "tiktok-ads", account.id);
    expect(listed.find((entry) => entry.id === campaign.id)).toMatchObject({
      status: "enabled",
      issue: "budget_exhausted",
    });
    expect(listed.filter((entry) => entry.issue)).toHaveLength(1);
    // Today and the days before keep their numbers.
    expect(await metricsOf(addDays(TODAY, -6), TODAY)).toEqual(before);

    await state.advanceClock(2);
    const stoppedDays = await metricsOf(addDays(TODAY, 1), addDays(TODAY, 2));
    expect(stoppedDays).toEqual([]);
    // The other campaigns of the account run on as before.
    const othersToday = (
      await engine.dailyMetrics(TENANT, "tiktok-ads", account.id, { from: TODAY, to: TODAY })
    ).filter((row) => row.campaignId !== campaign.id);
    expect(othersToday.map((row) => row.spendMinor)).toEqual(others.map((row) => row.spendMinor));

    expect(await engine.setCampaignIssue(TENANT, "tiktok-ads", campaign.id, null)).toBe(true);
    expect(
      (await engine.listCampaigns(TENANT, "tiktok-ads", account.id)).find((entry) => entry.id === campaign.id)?.issue,
    ).toBeUndefined();
    await state.advanceClock(1);
    expect(await metricsOf(addDays(TODAY, 3), addDays(TODAY, 3))).toHaveLength(1);
  });

  it("refuses a campaign the tenant's platform does not have", async () => {
    const { engine } = await setUp();
    expect(await engine.setCampaignIssue(TENANT, "tiktok-ads", "1", "disapproved")).toBe(false);
  });
});
