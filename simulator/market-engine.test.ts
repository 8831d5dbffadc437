import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../core/db/database.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "../core/shared/platforms.ts";
import { createTestDatabase } from "../tests/support/test-database.ts";
import { createMarketEngine, type MarketEngineOptions } from "./market-engine.ts";
import type { SimDailyMetric } from "./sandbox-kit.ts";
import { createSandboxStateRepository } from "./sandbox-state-repository.ts";

// Early March: no holiday season in the windows these tests compare.
const NOW = new Date("2026-03-02T12:00:00Z");
const TODAY = "2026-03-02";

const databases: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((database) => database.close()));
});

async function setUp(options: Partial<MarketEngineOptions> = {}) {
  const database = await createTestDatabase();
  databases.push(database);
  const state = createSandboxStateRepository(database.db);
  const engine = createMarketEngine({ state, now: () => NOW, ...options });
  return { state, engine, db: database.db };
}

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

function sum(rows: SimDailyMetric[], pick: (row: SimDailyMetric) => number): number {
  return rows.reduce((total, row) => total + pick(row), 0);
}

/** An enabled campaign that ran through the last `days` days, and its account. */
async function findRunningCampaign(
  engine: ReturnType<typeof createMarketEngine>,
  tenant: string,
  platform: AdPlatformId,
  days: number,
) {
  for (const account of engine.listAccounts(tenant, platform)) {
    const rows = await engine.dailyMetrics(tenant, platform, account.id, {
      from: addDays(TODAY, -(days - 1)),
      to: TODAY,
    });
    for (const campaign of await engine.listCampaigns(tenant, platform, account.id)) {
      const ran = rows.filter((row) => row.campaignId === campaign.id);
      if (campaign.status === "enabled" && ran.length === days) return { account, campaign };
    }
  }
  throw new Error(`no campaign ran the last ${days} days on ${platform}`);
}

describe("the market's structure", () => {
  const idFormats: [AdPlatformId, RegExp, RegExp][] = [
    ["google-ads", /^[1-9]\d{9}$/, /^\d{11}$/],
    ["microsoft-ads", /^\d{9}$/, /^\d{9}$/],
    ["facebook-ads", /^[1-9]\d{14}$/, /^\d{18}$/],
    ["tiktok-ads", /^\d{19}$/, /^\d{19}$/],
    ["linkedin-ads", /^\d{9}$/, /^\d{9}$/],
  ];

  it.each(idFormats)(
    "gives %s 2–3 accounts of 3–12 campaigns in its own id style",
    async (platform, accountId, campaignId) => {
      const { engine } = await setUp();
      for (const tenant of ["org_a", "org_b", "org_c"]) {
        const accounts = engine.listAccounts(tenant, platform);
        expect(accounts.length).toBeGreaterThanOrEqual(2);
        expect(accounts.length).toBeLessThanOrEqual(3);
        const campaignIds = new Set<string>();
        const names = new Set<string>();
        for (const account of accounts) {
          expect(account.id).toMatch(accountId);
          expect(account.name.length).toBeGreaterThan(3);
          expect(() => new Intl.DateTimeFormat("en", { timeZone: account.timeZone })).not.toThrow();
          expect(["USD", "EUR", "GBP"]).toContain(account.currency);
          if (platform === "microsoft-ads") expect(account.customerId).toMatch(/^\d{9}$/);
          const campaigns = await engine.listCampaigns(tenant, platform, account.id);
          expect(campaigns.length).toBeGreaterThanOrEqual(3);
          expect(campaigns.length).toBeLessThanOrEqual(12);
          for (const campaign of campaigns) {
            expect(campaign.id).toMatch(campaignId);
            expect(campaign.accountId).toBe(account.id);
            expect(Number.isInteger(campaign.dailyBudgetMinor) && campaign.dailyBudgetMinor > 0).toBe(true);
            expect(campaign.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            campaignIds.add(campaign.id);
            names.add(campaign.name);
          }
          expect(campaigns.some((campaign) => campaign.status === "enabled")).toBe(true);
        }
        const total = (
          await Promise.all(accounts.map((account) => engine.listCampaigns(tenant, platform, account.id)))
        ).flat().length;
        expect(campaignIds.size).toBe(total);
        // Orders name their campaign, so names are unique within the platform too.
        expect(names.size).toBe(total);
      }
    },
  );

  it("mixes currencies, mostly enabled campaigns and mostly old ones, per tenant", async () => {
    const { engine } = await setUp();
    for (const tenant of ["org_a", "org_b", "org_c", "org_d"]) {
      const accounts = AD_PLATFORM_IDS.flatMap((platform) => engine.listAccounts(tenant, platform));
      const currencies = accounts.map((account) => account.currency);
      expect(currencies.filter((currency) => currency === "USD").length).toBe(accounts.length - 1);
      expect(currencies.some((currency) => currency === "EUR" || currency === "GBP")).toBe(true);
    }
    const campaigns = [];
    for (const tenant of ["org_a", "org_b", "org_c", "org_d"])
      for (const platform of AD_PLATFORM_IDS)
        for (const account of engine.listAccounts(tenant, platform))
          campaigns.push(...(await engine.listCampaigns(tenant, platform, account.id)));
    const share = (count: number) => count / campaigns.length;
    expect(share(campaigns.filter((campaign) => campaign.status === "enabled").length)).toBeGreaterThan(0.7);
    expect(campaigns.some((campaign) => campaign.status === "paused")).toBe(true);
    const old = campaigns.filter((campaign) => campaign.startDate <= addDays(TODAY, -400));
    expect(share(old.length)).toBeGreaterThan(0.5);
    expect(campaigns.some((campaign) => campaign.startDate > addDays(TODAY, -400))).toBe(true);
  });

  it("is the same market for the same tenant in every engine, and another for another tenant", async () => {
    const first = await setUp();
    const second = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      expect(second.engine.listAccounts("org_a", platform)).toEqual(first.engine.listAccounts("org_a", platform));
      expect(first.engine.listAccounts("org_b", platform)).not.toEqual(first.engine.listAccounts("org_a", platform));
    }
    expect(second.engine.describeStore("org_a", "shopify")).toEqual(first.engine.describeStore("org_a", "shopify"));
  });

  it("takes the shape from shapeFor when it gives one", async () => {
    const { engine } = await setUp({
      shapeFor: (tenant, platform) =>
        tenant === "bench" && platform === "google-ads" ? { accounts: 1, campaignsPerAccount: 500 } : undefined,
    });
    const [account, ...others] = engine.listAccounts("bench", "google-ads");
    expect(others).toEqual([]);
    const campaigns = await engine.listCampaigns("bench", "google-ads", account!.id);
    expect(campaigns).toHaveLength(500);
    expect(new Set(campaigns.map((campaign) => campaign.id)).size).toBe(500);
    expect(new Set(campaigns.map((campaign) => campaign.name)).size).toBe(500);
    expect(engine.listAccounts("bench", "facebook-ads").length).toBeGreaterThanOrEqual(2);
  });
});

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

describe("campaigns created and renamed through the APIs", () => {
  it("run from the day they were created with their own budget, like any other campaign", async () => {
    const { engine, state, db } = await setUp();
    const [account] = engine.listAccounts("org_a", "google-ads");
    const id = await engine.newCampaignId("org_a", "google-ads");
    expect(id).toMatch(/^2\d{10}$/);
    const running = await engine.createCampaign("org_a", "google-ads", account!.id, {
      id,
      name: "Launch – Search",
      status: "enabled",
      dailyBudgetMinor: 40_000,
    });
    expect(running).toEqual({
      id,
      accountId: account!.id,
      name: "Launch – Search",
      status: "enabled",
      dailyBudgetMinor: 40_000,
      startDate: TODAY,
    });
    const held = await engine.createCampaign("org_a", "google-ads", account!.id, {
      name: "Launch – Held",
      status: "paused",
      dailyBudgetMinor: 20_000,
    });
    expect(held?.id).toMatch(/^2\d{10}$/);
    const listed = await engine.listCampaigns("org_a", "google-ads", account!.id);
    expect(listed.slice(-2)).toEqual([running, held]);

    await state.advanceClock(3);
    const range = { from: addDays(TODAY, -2), to: addDays(TODAY, 3) };
    const rows = await engine.dailyMetrics("org_a", "google-ads", account!.id, range);
    const own = rows.filter((row) => row.campaignId === id);
    expect(own.map((row) => row.date)).toEqual([0, 1, 2, 3].map((days) => addDays(TODAY, days)));
    for (const row of own) expect(row.spendMinor).toBeGreaterThan(40_000 * 0.84);
    expect(rows.some((row) => row.campaignId === held!.id)).toBe(false);

    // Another engine on the same database (another node, a restart) simulates the same campaign.
    const other = createMarketEngine({ state: createSandboxStateRepository(db), now: () => NOW });
    expect(await other.dailyMetrics("org_a", "google-ads", account!.id, range)).toEqual(rows);

    // Its conversions reach the store as orders tagged with its name.
    const orders = await engine.listOrders("org_a", "shopify", {
      from: `${TODAY}T00:00:00Z`,
      to: `${addDays(TODAY, 3)}T00:00:00Z`,
    });
    expect(orders.some((order) => order.utmCampaign === "Launch – Search")).toBe(true);

    // A paused one starts the day after it is enabled.
    expect(await engine.setCampaignStatus("org_a", "google-ads", held!.id, "enabled")).toBe(true);
    await state.advanceClock(2);
    const later = await engine.dailyMetrics("org_a", "google-ads", account!.id, {
      from: TODAY,
      to: addDays(TODAY, 5),
    });
    expect(later.filter((row) => row.campaignId === held!.id).map((row) => row.date)).toEqual([
      addDays(TODAY, 4),
      addDays(TODAY, 5),
    ]);
  });

  it("show a rename at once in listings and leave the numbers alone", async () => {
    const { engine, state } = await setUp();
    const { account, campaign } = await findRunningCampaign(engine, "org_a", "tiktok-ads", 5);
    const range = { from: addDays(TODAY, -4), to: addDays(TODAY, 2) };
    const before = await engine.dailyMetrics("org_a", "tiktok-ads", account.id, range);

    expect(await engine.setCampaignName("org_a", "tiktok-ads", campaign.id, "Evergreen – Prospecting")).toBe(true);
    const listed = await engine.listCampaigns("org_a", "tiktok-ads", account.id);
    expect(listed.find((candidate) => candidate.id === campaign.id)).toEqual({
      ...campaign,
      name: "Evergreen – Prospecting",
    });
    await state.advanceClock(2);
    const after = await engine.dailyMetrics("org_a", "tiktok-ads", account.id, range);
    // Only late conversions move on days already past.
    const delivery = (rows: SimDailyMetric[]) =>
      rows.filter((row) => row.date <= TODAY).map((row) => [row.campaignId, row.date, row.spendMinor, row.clicks]);
    expect(delivery(after)).toEqual(delivery(before));
    expect(after.filter((row) => row.campaignId === campaign.id).map((row) => row.date)).toContain(addDays(TODAY, 2));
    expect(await engine.setCampaignName("org_a", "tiktok-ads", "123", "Nobody")).toBe(false);
  });

  it("refuse an unknown account, an empty name and a budget that is not a positive whole amount", async () => {
    const { engine } = await setUp();
    const [account] = engine.listAccounts("org_a", "linkedin-ads");
    const campaign = { name: "New", status: "enabled" as const, dailyBudgetMinor: 5000 };
    expect(await engine.createCampaign("org_a", "linkedin-ads", "999", campaign)).toBeNull();
    await expect(
      engine.createCampaign("org_a", "linkedin-ads", account!.id, { ...campaign, name: " " }),
    ).rejects.toThrow(RangeError);
    for (const dailyBudgetMinor of [0, -100, 12.5])
      await expect(
        engine.createCampaign("org_a", "linkedin-ads", account!.id, { ...campaign, dailyBudgetMinor }),
      ).rejects.toThrow(RangeError);
    const [existing] = await engine.listCampaigns("org_a", "linkedin-ads", account!.id);
    await expect(
      engine.createCampaign("org_a", "linkedin-ads", account!.id, { ...campaign, id: existing!.id }),
    ).rejects.toThrow(RangeError);
    expect(await engine.listCampaigns("org_a", "linkedin-ads", account!.id)).not.toContainEqual(
      expect.objectContaining({ name: "New" }),
    );
  });
});

describe("the sandbox clock", () => {
  it("is today's UTC date plus the stored offset", async () => {
    const { engine, state } = await setUp();
    expect(await engine.today()).toBe(TODAY);
    expect(await state.advanceClock(3)).toBe(3);
    expect(await engine.today()).toBe("2026-03-05");
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
