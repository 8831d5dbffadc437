/** The market engine's numbers: daily metrics and the store orders they convert into. */
import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import { addDays, findRunningCampaign, NOW, sum, TODAY, useMarketEngines } from "./market-engine-test-kit.ts";
import type { SimDailyMetric } from "./sandbox-kit.ts";

const setUp = useMarketEngines();

describe("daily metrics", () => {
  it("are a pure function of the inputs: two engines agree row for row", async () => {
    const first = await setUp();
    const second = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      const account = first.engine.listAccounts("org_a", platform)[0]!;
      const range = { from: addDays(TODAY, -20), to: TODAY };
      const rows = await first.engine.dailyMetrics("org_a", platform, account.id, range);
      expect(rows.length).toBeGreaterThan(0);
      expect(await second.engine.dailyMetrics("org_a", platform, account.id, range)).toEqual(rows);
      expect(await first.engine.dailyMetrics("org_a", platform, account.id, range)).toEqual(rows);
    }
  });

  it("follow the budget, in whole units, only on days a campaign ran and not past today", async () => {
    const { engine } = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of engine.listAccounts("org_a", platform)) {
        const campaigns = await engine.listCampaigns("org_a", platform, account.id);
        const rows = await engine.dailyMetrics("org_a", platform, account.id, {
          from: addDays(TODAY, -30),
          to: addDays(TODAY, 5),
        });
        for (const row of rows) {
          const campaign = campaigns.find((candidate) => candidate.id === row.campaignId)!;
          expect(row.date <= TODAY && row.date >= campaign.startDate).toBe(true);
          for (const count of [row.impressions, row.clicks, row.spendMinor, row.conversionValueMinor])
            expect(Number.isInteger(count) && count >= 0).toBe(true);
          expect(row.clicks).toBeLessThanOrEqual(row.impressions);
          expect(row.spendMinor).toBeGreaterThanOrEqual(Math.floor(campaign.dailyBudgetMinor * 0.85));
          expect(row.spendMinor).toBeLessThanOrEqual(campaign.dailyBudgetMinor);
          expect(Math.round(row.conversions * 100)).toBeCloseTo(row.conversions * 100, 6);
        }
        // A paused or removed campaign has stopped: no row today (it may have run earlier).
        for (const campaign of campaigns.filter((candidate) => candidate.status !== "enabled"))
          expect(rows.filter((row) => row.campaignId === campaign.id && row.date === TODAY)).toEqual([]);
      }
    }
  });

  it("show weekly seasonality: LinkedIn converts far better on weekdays than at weekends", async () => {
    const { engine } = await setUp();
    let weekday = 0;
    let weekend = 0;
    let weekdaySpend = 0;
    let weekendSpend = 0;
    for (const account of engine.listAccounts("org_a", "linkedin-ads")) {
      const rows = await engine.dailyMetrics("org_a", "linkedin-ads", account.id, {
        from: addDays(TODAY, -63),
        to: addDays(TODAY, -8),
      });
      for (const row of rows) {
        const dayOfWeek = new Date(`${row.date}T00:00:00Z`).getUTCDay();
        if (dayOfWeek === 0 || dayOfWeek === 6) {
          weekend += row.conversions;
          weekendSpend += row.spendMinor;
        } else if (dayOfWeek >= 2 && dayOfWeek <= 4) {
          weekday += row.conversions;
          weekdaySpend += row.spendMinor;
        }
      }
    }
    expect(weekday / weekdaySpend / (weekend / weekendSpend)).toBeGreaterThan(1.4);
  });

  it("report late conversions that grow as the clock moves, final from an age of 7 days", async () => {
    const { engine, state } = await setUp();
    const { account, campaign } = await findRunningCampaign(engine, "org_a", "google-ads", 12);
    const range = { from: addDays(TODAY, -10), to: TODAY };
    const of = async () =>
      new Map(
        (await engine.dailyMetrics("org_a", "google-ads", account.id, range))
          .filter((row) => row.campaignId === campaign.id)
          .map((row) => [row.date, row]),
      );
    const early = await of();
    await state.advanceClock(2);
    const later = await of();
    await state.advanceClock(8);
    const final = await of();
    const lagByAge = [0.55, 0.75, 0.85, 0.9, 0.94, 0.97, 0.99, 1, 1, 1, 1];
    for (let age = 0; age <= 10; age++) {
      const date = addDays(TODAY, -age);
      const [first, second, last] = [early.get(date)!, later.get(date)!, final.get(date)!];
      expect(second.spendMinor).toBe(first.spendMinor);
      expect(second.clicks).toBe(first.clicks);
      expect(first.conversions).toBeCloseTo(last.conversions * lagByAge[age]!, 1);
      expect(second.conversions).toBeGreaterThanOrEqual(first.conversions);
      if (age < 6 && last.conversions > 1) expect(second.conversions).toBeGreaterThan(first.conversions);
      if (age >= 7) expect(second.conversions).toBe(first.conversions);
      expect(second.conversionValueMinor).toBeGreaterThanOrEqual(first.conversionValueMinor);
    }
    expect(await engine.today()).toBe(addDays(TODAY, 10));
  });

  it("apply a budget or status change from the next day only", async () => {
    const { engine, state } = await setUp();
    const { account, campaign } = await findRunningCampaign(engine, "org_a", "facebook-ads", 5);
    const other = (await engine.listCampaigns("org_a", "facebook-ads", account.id)).find(
      (candidate) => candidate.id !== campaign.id && candidate.status === "enabled",
    );
    const range = { from: addDays(TODAY, -4), to: addDays(TODAY, 6) };
    const before = await engine.dailyMetrics("org_a", "facebook-ads", account.id, range);

    expect(
      await engine.setCampaignDailyBudget("org_a", "facebook-ads", campaign.id, campaign.dailyBudgetMinor * 3),
    ).toBe(true);
    const listed = (await engine.listCampaigns("org_a", "facebook-ads", account.id)).find((c) => c.id === campaign.id);
    expect(listed?.dailyBudgetMinor).toBe(campaign.dailyBudgetMinor * 3);
    // Today is unchanged, whatever was set during it.
    expect(await engine.dailyMetrics("org_a", "facebook-ads", account.id, range)).toEqual(before);

    await state.advanceClock(3);
    const after = await engine.dailyMetrics("org_a", "facebook-ads", account.id, range);
    const spendOn = (rows: SimDailyMetric[], date: string) =>
      rows.find((row) => row.campaignId === campaign.id && row.date === date)?.spendMinor;
    for (let age = 0; age <= 4; age++)
      expect(spendOn(after, addDays(TODAY, -age))).toBe(spendOn(before, addDays(TODAY, -age)));
    for (let ahead = 1; ahead <= 3; ahead++)
      expect(spendOn(after, addDays(TODAY, ahead))).toBeGreaterThan(campaign.dailyBudgetMinor * 3 * 0.84);
    if (other) {
      const otherRows = (rows: SimDailyMetric[]) =>
        rows.filter((row) => row.campaignId === other.id && row.date <= TODAY);
      expect(otherRows(after).map((row) => row.spendMinor)).toEqual(otherRows(before).map((row) => row.spendMinor));
    }

    expect(await engine.setCampaignStatus("org_a", "facebook-ads", campaign.id, "paused")).toBe(true);
    const paused = (await engine.listCampaigns("org_a", "facebook-ads", account.id)).find((c) => c.id === campaign.id);
    expect(paused?.status).toBe("paused");
    await state.advanceClock(2);
    const dates = (await engine.dailyMetrics("org_a", "facebook-ads", account.id, range))
      .filter((row) => row.campaignId === campaign.id)
      .map((row) => row.date);
    // Paused from the day after the change (today + 3 + 1) on.
    expect(dates.at(-1)).toBe(addDays(TODAY, 3));
    expect(dates).toContain(addDays(TODAY, -4));
  });

  it("saturate: doubling the budget buys more conversions, but fewer than twice as many", async () => {
    const { engine, state } = await setUp();
    const cases: { platform: AdPlatformId; accountId: string; campaignId: string }[] = [];
    for (const platform of ["google-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"] as const) {
      const { account, campaign } = await findRunningCampaign(engine, "org_s", platform, 14);
      expect(await engine.setCampaignDailyBudget("org_s", platform, campaign.id, campaign.dailyBudgetMinor * 2)).toBe(
        true,
      );
      cases.push({ platform, accountId: account.id, campaignId: campaign.id });
    }
    // Two full weeks before the change against two full weeks after it, all conversions final.
    await state.advanceClock(21);
    for (const { platform, accountId, campaignId } of cases) {
      const rows = (
        await engine.dailyMetrics("org_s", platform, accountId, { from: addDays(TODAY, -13), to: addDays(TODAY, 14) })
      ).filter((row) => row.campaignId === campaignId);
      const before = rows.filter((row) => row.date <= TODAY);
      const after = rows.filter((row) => row.date > TODAY);
      expect([before.length, after.length]).toEqual([14, 14]);
      const spendRatio = sum(after, (row) => row.spendMinor) / sum(before, (row) => row.spendMinor);
      expect(spendRatio).toBeGreaterThan(1.85);
      expect(spendRatio).toBeLessThan(2.15);
      const conversionRatio = sum(after, (row) => row.conversions) / sum(before, (row) => row.conversions);
      expect(conversionRatio, platform).toBeGreaterThan(1.05);
      expect(conversionRatio, platform).toBeLessThan(1.95);
    }
  });

  it("answer 12 campaigns × 90 days in milliseconds and 500 × 400 days well under 2 seconds", async () => {
    const { engine } = await setUp({
      shapeFor: (tenant) => ({ accounts: 1, campaignsPerAccount: tenant === "bench" ? 500 : 12 }),
    });
    const small = engine.listAccounts("org_a", "google-ads")[0]!;
    await engine.dailyMetrics("org_a", "google-ads", small.id, { from: addDays(TODAY, -89), to: TODAY });
    let started = performance.now();
    const rows = await engine.dailyMetrics("org_a", "google-ads", small.id, { from: addDays(TODAY, -89), to: TODAY });
    expect(performance.now() - started).toBeLessThan(100);
    expect(rows.length).toBeGreaterThan(12 * 30);

    const big = engine.listAccounts("bench", "google-ads")[0]!;
    started = performance.now();
    const bigRows = await engine.dailyMetrics("bench", "google-ads", big.id, { from: addDays(TODAY, -399), to: TODAY });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(bigRows.length).toBeGreaterThan(100_000);
  });

  it("returns false for an unknown campaign and nothing for an unknown account", async () => {
    const { engine } = await setUp();
    expect(await engine.setCampaignStatus("org_a", "google-ads", "123", "paused")).toBe(false);
    expect(await engine.setCampaignDailyBudget("org_a", "google-ads", "123", 1000)).toBe(false);
    expect(await engine.listCampaigns("org_a", "google-ads", "999")).toEqual([]);
    expect(await engine.dailyMetrics("org_a", "google-ads", "999", { from: TODAY, to: TODAY })).toEqual([]);
  });
});

describe("store orders", () => {
  it("match the ad platforms' final conversions per campaign and day, plus organic orders", async () => {
    const { engine } = await setUp();
    const from = addDays(TODAY, -14);
    const to = addDays(TODAY, -8);
    const store = engine.describeStore("org_a", "shopify");
    const orders = await engine.listOrders("org_a", "shopify", {
      from: `${from}T00:00:00Z`,
      to: `${addDays(to, 1)}T00:00:00Z`,
    });
    const rate: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 };

    let expectedCount = 0;
    let expectedValue = 0;
    const expectedByKey = new Map<string, number>();
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of engine.listAccounts("org_a", platform)) {
        const campaigns = await engine.listCampaigns("org_a", platform, account.id);
        for (const row of await engine.dailyMetrics("org_a", platform, account.id, { from, to })) {
          const name = campaigns.find((campaign) => campaign.id === row.campaignId)!.name;
          const count = Math.round(row.conversions * 0.9);
          expectedCount += count;
          if (count > 0) expectedValue += row.conversionValueMinor * rate[account.currency]!;
          const key = `${platform}|${name}|${row.date}`;
          expectedByKey.set(key, (expectedByKey.get(key) ?? 0) + count);
        }
      }
    }
    const sourceOf: Record<string, AdPlatformId> = {
      google: "google-ads",
      bing: "microsoft-ads",
      facebook: "facebook-ads",
      tiktok: "tiktok-ads",
      linkedin: "linkedin-ads",
    };
    const paid = orders.filter((order) => order.utmSource !== null);
    const actualByKey = new Map<string, number>();
    for (const order of paid) {
      const key = `${sourceOf[order.utmSource!]}|${order.utmCampaign}|${order.createdAt.slice(0, 10)}`;
      actualByKey.set(key, (actualByKey.get(key) ?? 0) + 1);
      expect(order.utmMedium).toBe(["google", "bing"].includes(order.utmSource!) ? "cpc" : "paid_social");
    }
    for (const [key, count] of actualByKey) expect(expectedByKey.get(key), key).toBe(count);
    expect(paid.length).toBe(expectedCount);
    const paidValue = paid.reduce((total, order) => total + order.totalMinor, 0);
    expect(Math.abs(paidValue - expectedValue) / expectedValue).toBeLessThan(0.02);

    const organic = orders.filter((order) => order.utmSource === null);
    expect(organic.length).toBeGreaterThan(0);
    expect(organic.every((order) => order.utmMedium === null && order.utmCampaign === null)).toBe(true);
    expect(orders.every((order) => order.currency === store.currency && /^\d+$/.test(order.id))).toBe(true);
    expect(orders.some((order) => order.refundedMinor > 0 && order.refundedMinor < order.totalMinor)).toBe(true);
  });

  it("are numbered in sequence, keep their ids whatever the range, and stop at the sandbox's now", async () => {
    const { engine, state } = await setUp();
    const range = { from: `${addDays(TODAY, -3)}T00:00:00Z`, to: `${addDays(TODAY, 2)}T00:00:00Z` };
    const orders = await engine.listOrders("org_a", "shopify", range);
    for (let index = 1; index < orders.length; index++) {
      expect(orders[index]!.number).toBe(orders[index - 1]!.number + 1);
      expect(orders[index]!.createdAt >= orders[index - 1]!.createdAt).toBe(true);
    }
    expect(new Set(orders.map((order) => order.id)).size).toBe(orders.length);
    expect(orders.at(-1)!.createdAt <= NOW.toISOString()).toBe(true);
    expect(orders.some((order) => order.createdAt.startsWith(TODAY))).toBe(true);

    const middle = await engine.listOrders("org_a", "shopify", {
      from: `${addDays(TODAY, -2)}T06:00:00Z`,
      to: `${addDays(TODAY, -1)}T00:00:00Z`,
    });
    expect(middle.length).toBeGreaterThan(0);
    const byId = new Map(orders.map((order) => [order.id, order]));
    for (const order of middle) expect(byId.get(order.id)).toEqual(order);

    await state.advanceClock(1);
    const later = await engine.listOrders("org_a", "shopify", range);
    expect(later.length).toBeGreaterThan(orders.length);
    expect(later.slice(0, orders.length)).toEqual(orders);
  });

  it("take a 60-day range well under a second", async () => {
    const { engine } = await setUp();
    const started = performance.now();
    const orders = await engine.listOrders("org_a", "woocommerce", {
      from: `${addDays(TODAY, -60)}T00:00:00Z`,
      to: `${TODAY}T23:59:59Z`,
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(orders.length).toBeGreaterThan(60 * 20);
    expect(orders.every((order) => order.id === String(order.number))).toBe(true);
  });
});
