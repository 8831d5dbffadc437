import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import { createMarketEngine } from "./market-engine.ts";
import { addDays, findRunningCampaign, NOW, TODAY, useMarketEngines } from "./market-engine-test-kit.ts";
import type { SimDailyMetric } from "./sandbox-kit.ts";
import { createSandboxStateRepository } from "./sandbox-state-repository.ts";

const setUp = useMarketEngines();

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

  it("names a pinned tenant's accounts and store after its company, after a restart too, with the same numbers", async () => {
    const { engine, state } = await setUp();
    const before = engine.listAccounts("org_a", "google-ads");
    const [account] = before;
    const range = { from: addDays(TODAY, -7), to: TODAY };
    const rowsBefore = await engine.dailyMetrics("org_a", "google-ads", account!.id, range);
    await engine.pinBrand("org_a", "Northwind Outdoor");
    const pinned = engine.listAccounts("org_a", "google-ads");
    expect(pinned.map((row) => row.name.split(" – ")[0])).toEqual(before.map(() => "Northwind Outdoor"));
    expect(pinned.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(engine.describeStore("org_a", "shopify").name).toBe("Northwind Outdoor");
    expect(await engine.dailyMetrics("org_a", "google-ads", account!.id, range)).toEqual(rowsBefore);
    expect(engine.describeStore("org_b", "shopify").name).not.toBe("Northwind Outdoor");

    // Another process over the same state reads the pin before it answers.
    const restarted = createMarketEngine({ state, now: () => NOW });
    await restarted.load();
    expect(restarted.describeStore("org_a", "shopify").name).toBe("Northwind Outdoor");
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
