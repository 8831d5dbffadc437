/** The market engine's conversion actions and their per-action daily counts. */
import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { addDays, TODAY, useMarketEngines } from "../market-engine-test-kit.ts";
import type { SimConversionDaily, SimDailyMetric } from "../sandbox-kit.ts";

const setUp = useMarketEngines();

const cents = (value: number) => Math.round(value * 100);

/** Sums the counted actions' rows per campaign-day. */
function countedByDay(rows: SimConversionDaily[], counted: Set<string>) {
  const totals = new Map<string, { cents: number; value: number }>();
  for (const row of rows) {
    if (!counted.has(row.actionId)) continue;
    const key = `${row.campaignId}|${row.date}`;
    const total = totals.get(key) ?? { cents: 0, value: 0 };
    total.cents += cents(row.conversions);
    total.value += row.conversionValueMinor;
    totals.set(key, total);
  }
  return totals;
}

function expectCountedSumsEqual(daily: SimDailyMetric[], rows: SimConversionDaily[], counted: Set<string>) {
  const totals = countedByDay(rows, counted);
  for (const day of daily) {
    const total = totals.get(`${day.campaignId}|${day.date}`) ?? { cents: 0, value: 0 };
    expect(total).toEqual({ cents: cents(day.conversions), value: day.conversionValueMinor });
  }
  // No counted conversions on days the campaign did not report.
  const reported = new Set(daily.map((day) => `${day.campaignId}|${day.date}`));
  for (const key of totals.keys()) expect(reported.has(key)).toBe(true);
}

describe("the engine's conversions", () => {
  it("list at least one counted action per account, the same on every engine", async () => {
    const first = await setUp();
    const second = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of first.engine.listAccounts("org_a", platform)) {
        const actions = await first.engine.listConversionActions("org_a", platform, account.id);
        expect(actions.some((action) => action.counted)).toBe(true);
        expect(await second.engine.listConversionActions("org_a", platform, account.id)).toEqual(actions);
      }
    }
    expect(await first.engine.listConversionActions("org_a", "google-ads", "0000000000")).toEqual([]);
  });

  it("split every campaign-day's conversions and value exactly over the counted actions, lag included", async () => {
    const { engine } = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of engine.listAccounts("org_a", platform)) {
        // The last days are still maturing (lagged): they must add up all the same.
        const range = { from: addDays(TODAY, -20), to: TODAY };
        const daily = await engine.dailyMetrics("org_a", platform, account.id, range);
        const rows = await engine.conversionDailyMetrics("org_a", platform, account.id, range);
        const actions = await engine.listConversionActions("org_a", platform, account.id);
        const counted = new Set(actions.filter((action) => action.counted).map((action) => action.id));
        expectCountedSumsEqual(daily, rows, counted);
        for (const row of rows) expect(actions.some((action) => action.id === row.actionId)).toBe(true);
        expect(await engine.conversionDailyMetrics("org_a", platform, account.id, range)).toEqual(rows);
      }
    }
  });

  it("follow an injected conversion drop like the campaign rows do", async () => {
    const { engine, state } = await setUp();
    const account = engine.listAccounts("org_a", "google-ads")[0]!;
    const range = { from: addDays(TODAY, -10), to: TODAY };
    const before = await engine.conversionDailyMetrics("org_a", "google-ads", account.id, range);
    await state.addAnomaly({
      tenant: "org_a",
      platform: "google-ads",
      kind: "conversion_drop",
      factor: 0.3,
      fromDate: addDays(TODAY, -3),
    });
    const daily = await engine.dailyMetrics("org_a", "google-ads", account.id, range);
    const after = await engine.conversionDailyMetrics("org_a", "google-ads", account.id, range);
    const actions = await engine.listConversionActions("org_a", "google-ads", account.id);
    expectCountedSumsEqual(daily, after, new Set(actions.filter((a) => a.counted).map((a) => a.id)));
    const total = (rows: SimConversionDaily[]) =>
      rows.filter((row) => row.date >= addDays(TODAY, -3)).reduce((sum, row) => sum + row.conversions, 0);
    expect(total(after)).toBeLessThan(total(before) * 0.5);
  });

  it("report secondary actions on top of the counted ones", async () => {
    const { engine } = await setUp();
    const account = engine.listAccounts("org_a", "google-ads")[0]!;
    const actions = await engine.listConversionActions("org_a", "google-ads", account.id);
    const cart = actions.find((action) => action.category === "add_to_cart")!;
    expect(cart.counted).toBe(false);
    const rows = await engine.conversionDailyMetrics("org_a", "google-ads", account.id, {
      from: addDays(TODAY, -30),
      to: TODAY,
    });
    expect(rows.some((row) => row.actionId === cart.id && row.conversions > 0)).toBe(true);
  });
});
