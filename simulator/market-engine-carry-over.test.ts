/**
 * The market's answer to budget changes: carry-over spreads a change over the following days, and a
 * saturated campaign buys little with more budget. Two engines over fresh databases hold the same
 * market, so one is changed and the other is the control: same noise, same days, same everything else.
 */
import { describe, expect, it } from "vitest";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { addDays, findRunningCampaign, sum, TODAY, useMarketEngines } from "./market-engine-test-kit.ts";
import type { SimDailyMetric } from "./sandbox-kit.ts";

const setUp = useMarketEngines();
const TENANT = "org_carry";

async function twins(platform: AdPlatformId) {
  const changed = await setUp();
  const control = await setUp();
  const { account, campaign } = await findRunningCampaign(changed.engine, TENANT, platform, 14);
  /** The campaign's final rows of both markets over `from`…`to`, by date. */
  const rowsOf = async (from: string, to: string) => {
    const of = async (engine: typeof changed.engine) =>
      new Map(
        (await engine.dailyMetrics(TENANT, platform, account.id, { from, to }))
          .filter((row) => row.campaignId === campaign.id)
          .map((row): [string, SimDailyMetric] => [row.date, row]),
      );
    return { changed: await of(changed.engine), control: await of(control.engine) };
  };
  const advanceBoth = async (days: number) => {
    await changed.state.advanceClock(days);
    await control.state.advanceClock(days);
  };
  return { changed, account, campaign, rowsOf, advanceBoth };
}

describe("carry-over", () => {
  it("spreads one day's extra spend over the following days, fading to nothing after two weeks", async () => {
    const { changed, campaign, rowsOf, advanceBoth } = await twins("facebook-ads");
    // Three times the budget for one day (tomorrow), then back.
    await changed.engine.setCampaignDailyBudget(TENANT, "facebook-ads", campaign.id, campaign.dailyBudgetMinor * 3);
    await advanceBoth(1);
    await changed.engine.setCampaignDailyBudget(TENANT, "facebook-ads", campaign.id, campaign.dailyBudgetMinor);
    await advanceBoth(25);

    const pulse = addDays(TODAY, 1);
    const { changed: after, control } = await rowsOf(addDays(TODAY, -3), addDays(TODAY, 20));
    expect(after.size).toBe(24);
    const extra = (date: string) => after.get(date)!.conversions - control.get(date)!.conversions;
    // Before the pulse both markets agree; on it the spend triples and conversions rise.
    expect(after.get(TODAY)).toEqual(control.get(TODAY));
    expect(after.get(pulse)!.spendMinor).toBeGreaterThan(control.get(pulse)!.spendMinor * 2.9);
    expect(extra(pulse)).toBeGreaterThan(0);
    // The next days spend the same, yet convert more: the pulse's tail, fading.
    const tail = Array.from({ length: 13 }, (_, age) => addDays(pulse, age + 1));
    for (const date of tail) expect(after.get(date)!.spendMinor).toBe(control.get(date)!.spendMinor);
    expect(extra(tail[0]!)).toBeGreaterThan(0);
    expect(extra(tail[0]!)).toBeGreaterThan(extra(tail[6]!));
    for (const date of tail) expect(extra(date)).toBeGreaterThanOrEqual(0);
    // Part of the pulse's effect lands after its day.
    const tailExtra = tail.reduce((total, date) => total + extra(date), 0);
    expect(tailExtra / (tailExtra + extra(pulse))).toBeGreaterThan(0.15);
    // Two weeks after the pulse, nothing of it is left.
    for (let age = 14; age <= 19; age++)
      expect(after.get(addDays(pulse, age))).toEqual(control.get(addDays(pulse, age)));
  });

  it("restarts a paused campaign from nothing: it ramps up over its first days back", async () => {
    const { changed, campaign, rowsOf, advanceBoth } = await twins("linkedin-ads");
    await changed.engine.setCampaignStatus(TENANT, "linkedin-ads", campaign.id, "paused");
    await advanceBoth(20);
    await changed.engine.setCampaignStatus(TENANT, "linkedin-ads", campaign.id, "enabled");
    await advanceBoth(25);

    const resumed = addDays(TODAY, 21);
    const { changed: after, control } = await rowsOf(addDays(TODAY, 1), addDays(resumed, 20));
    expect([...after.keys()].filter((date) => date < resumed)).toEqual([]);
    const week = Array.from({ length: 7 }, (_, age) => addDays(resumed, age));
    for (const date of week) expect(after.get(date)!.spendMinor).toBe(control.get(date)!.spendMinor);
    const firstDays = sum(
      week.slice(0, 3).map((date) => after.get(date)!),
      (row) => row.conversions,
    );
    const controlDays = sum(
      week.slice(0, 3).map((date) => control.get(date)!),
      (row) => row.conversions,
    );
    expect(firstDays).toBeLessThan(controlDays * 0.9);
    for (let age = 14; age <= 20; age++)
      expect(after.get(addDays(resumed, age))).toEqual(control.get(addDays(resumed, age)));
  });

  it("follows a budget change over several days before it settles", async () => {
    const { changed, campaign, rowsOf, advanceBoth } = await twins("facebook-ads");
    await changed.engine.setCampaignDailyBudget(TENANT, "facebook-ads", campaign.id, campaign.dailyBudgetMinor * 2);
    await advanceBoth(30);
    const { changed: after, control } = await rowsOf(addDays(TODAY, 1), addDays(TODAY, 20));
    // The ratio of conversions to the control climbs over the first days, then holds.
    const ratio = (ages: number[]) =>
      sum(
        ages.map((age) => after.get(addDays(TODAY, age))!),
        (row) => row.conversions,
      ) /
      sum(
        ages.map((age) => control.get(addDays(TODAY, age))!),
        (row) => row.conversions,
      );
    const settled = ratio([14, 15, 16, 17, 18, 19, 20]);
    expect(ratio([1])).toBeLessThan(ratio([3, 4]));
    expect(ratio([1, 2]) - 1).toBeLessThan((settled - 1) * 0.85);
    expect(ratio([8, 9, 10, 11, 12, 13])).toBeCloseTo(settled, 1);
  });
});

describe("saturation", () => {
  it("doubling a saturated campaign's budget buys far fewer than twice the conversions", async () => {
    const changed = await setUp();
    const control = await setUp();
    // Brand search saturates early: its budget sits past the curve's knee.
    let found: { accountId: string; campaignId: string; dailyBudgetMinor: number } | undefined;
    for (const account of changed.engine.listAccounts(TENANT, "google-ads")) {
      const rows = await changed.engine.dailyMetrics(TENANT, "google-ads", account.id, {
        from: addDays(TODAY, -13),
        to: TODAY,
      });
      for (const campaign of await changed.engine.listCampaigns(TENANT, "google-ads", account.id)) {
        const ran = rows.filter((row) => row.campaignId === campaign.id).length === 14;
        if (!found && ran && campaign.status === "enabled" && campaign.name.startsWith("Brand")) {
          found = { accountId: account.id, campaignId: campaign.id, dailyBudgetMinor: campaign.dailyBudgetMinor };
        }
      }
    }
    expect(found, "a running Brand Search campaign").toBeDefined();
    const { accountId, campaignId, dailyBudgetMinor } = found!;
    await changed.engine.setCampaignDailyBudget(TENANT, "google-ads", campaignId, dailyBudgetMinor * 2);
    await changed.state.advanceClock(40);
    await control.state.advanceClock(40);
    // Settled weeks only: from two weeks after the change, four full weeks, all conversions final.
    const range = { from: addDays(TODAY, 15), to: addDays(TODAY, 42 - 10) };
    const of = async (engine: typeof changed.engine) =>
      (await engine.dailyMetrics(TENANT, "google-ads", accountId, range)).filter(
        (row) => row.campaignId === campaignId,
      );
    const [after, before] = [await of(changed.engine), await of(control.engine)];
    expect(after.length).toBe(before.length);
    expect(after.length).toBeGreaterThanOrEqual(14);
    const spendRatio = sum(after, (row) => row.spendMinor) / sum(before, (row) => row.spendMinor);
    const conversionRatio = sum(after, (row) => row.conversions) / sum(before, (row) => row.conversions);
    expect(spendRatio).toBeCloseTo(2, 1);
    expect(conversionRatio).toBeGreaterThan(1);
    expect(conversionRatio).toBeLessThan(1.45);
  });
});
