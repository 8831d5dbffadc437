import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import {
  dailySpend,
  fieldErrorsOfRefusal,
  newTeam,
  refusal,
  seedCampaigns,
  setBudget,
  type Team,
} from "./budgets-test-kit.ts";

// The budgets module as the server wires it, over a private database.
let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  objective: "revenue",
  revenueSource: "store",
  mode: "maximize",
  pacingCurve: "weekday",
  maxDailyChange: 0.2,
  explorationShare: 0.1,
  rebalanceDaily: true,
  autoApply: true,
  maxAutoChangesPerDay: 5,
  ...overrides,
});

const planOf = async (team: Team) => (await services.budgets.getBudgetPlan(team.owner)).plan;

describe("the budget plan", () => {
  it("counts revenue the way the organization's default attribution says until the plan is saved", async () => {
    const team = await newTeam(database.db);
    await database.db
      .updateTable("organization")
      .set({ default_attribution: "store" })
      .where("id", "=", team.organizationId)
      .execute();
    expect((await planOf(team)).revenueSource).toBe("store");
  });

  it("has the defaults and no budget before anything is set", async () => {
    const team = await newTeam(database.db);
    const view = await services.budgets.getBudgetPlan(team.member);
    expect(view.plan).toEqual({
      organizationId: team.organizationId,
      currency: null,
      monthlyBudgetMinor: null,
      objective: "conversions",
      revenueSource: "platform",
      mode: "maximize",
      target: null,
      pacingCurve: "even",
      maxDailyChange: 0.3,
      explorationShare: 0.05,
      rebalanceDaily: false,
      autoApply: false,
      maxAutoChangesPerDay: 10,
      groups: [],
      bounds: new Map(),
    });
    expect(view).toMatchObject({ campaigns: [], updatedByLabel: null, updatedAt: null });
    expect(
      (await services.budgets.getBudgetPacing(systemActor(team.organizationId, { id: "test", label: "Adhelm" }))).plan,
    ).toBeNull();
  });

  it("takes its monthly budget, currency and target from the organization's goal", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "9,000", { targetKind: "cpa", targetCpa: "25" });
    expect(await services.budgetsBackground.loadBudgetPlan(team.organizationId)).toMatchObject({
      currency: "USD",
      monthlyBudgetMinor: 900_000,
      target: { kind: "cpa", value: 2_500 },
    });
  });

  it("saves its settings, and says who did", async () => {
    const team = await newTeam(database.db);
    const saved = await services.budgets.saveBudgetPlanSettings(team.owner, settings());
    expect(saved).toMatchObject(settings());
    const view = await services.budgets.getBudgetPlan(team.member);
    expect(view.plan).toMatchObject(settings());
    expect(view.updatedByLabel).toBe("Ada");
    // Saved again: one plan per organization.
    await services.budgets.saveBudgetPlanSettings(team.owner, settings({ autoApply: false }));
    expect((await planOf(team)).autoApply).toBe(false);
  });

  it.each([
    ["a daily change under 5%", { maxDailyChange: 0.01 }, "maxDailyChange"],
    ["a daily change over 100%", { maxDailyChange: 1.5 }, "maxDailyChange"],
    ["an exploration share over 20%", { explorationShare: 0.5 }, "explorationShare"],
    ["no automatic changes a day", { maxAutoChangesPerDay: 0 }, "maxAutoChangesPerDay"],
    ["a fraction of a change", { maxAutoChangesPerDay: 2.5 }, "maxAutoChangesPerDay"],
    ["an unknown objective", { objective: "likes" }, "objective"],
    ["an unknown curve", { pacingCurve: "random" }, "pacingCurve"],
    ["a target mode without a target", { mode: "target" }, "mode"],
  ])("refuses %s and keeps what was saved", async (_, overrides, field) => {
    const team = await newTeam(database.db);
    const error = await refusal(services.budgets.saveBudgetPlanSettings(team.owner, settings(overrides)));
    expect(error.status).toBe(422);
    expect(Object.keys(fieldErrorsOfRefusal(error))).toEqual([field]);
    expect((await planOf(team)).objective).toBe("conversions");
  });

  it("aims for the goal's target once there is one", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "5000", { targetKind: "roas", targetRoas: "4" });
    const saved = await services.budgets.saveBudgetPlanSettings(team.owner, settings({ mode: "target" }));
    expect(saved).toMatchObject({ mode: "target", target: { kind: "roas", value: 4 } });
  });

  it("lets an analyst read the plan and its pacing but change nothing", async () => {
    const team = await newTeam(database.db);
    const [campaignId] = await seedCampaigns(database.db, team, "google-ads", [{}]);
    const writes = [
      services.budgets.saveBudgetPlanSettings(team.member, settings()),
      services.budgets.saveBudgetGroup(team.member, { name: "Search", kind: "platform", platform: "google-ads" }),
      services.budgets.deleteBudgetGroup(team.member, "anything"),
      services.budgets.setCampaignBudgetBounds(team.member, { bounds: [{ campaignId, minDaily: "10" }] }),
    ];
    for (const write of writes) expect((await refusal(write)).status).toBe(403);
    expect(await planOf(team)).toMatchObject({ objective: "conversions", groups: [], bounds: new Map() });
    await expect(services.budgets.getBudgetPacing(team.member)).resolves.toMatchObject({ plan: null });
  });
});

describe("the plan's groups", () => {
  it("takes a platform's campaigns and a chosen set, with monthly bounds in the goal's currency", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "10000");
    const google = await seedCampaigns(database.db, team, "google-ads", [{}, {}]);
    const meta = await seedCampaigns(database.db, team, "facebook-ads", [{}, {}]);
    const platformGroup = await services.budgets.saveBudgetGroup(team.owner, {
      name: "Google",
      kind: "platform",
      platform: "google-ads",
      minMonthly: "1,000",
      maxMonthly: "6000.50",
    });
    expect(platformGroup).toMatchObject({
      kind: "platform",
      platform: "google-ads",
      campaignIds: google,
      minMonthlyMinor: 100_000,
      maxMonthlyMinor: 600_050,
    });
    const chosen = await services.budgets.saveBudgetGroup(team.owner, {
      name: "Prospecting",
      kind: "campaigns",
      campaignIds: [meta[1], meta[0], meta[1]],
      maxMonthly: "2000",
    });
    expect(chosen).toMatchObject({ campaignIds: [...(meta as string[])].sort(), minMonthlyMinor: null });
    expect((await planOf(team)).groups.map((group) => group.name)).toEqual(["Google", "Prospecting"]);

    // Edited: fewer campaigns and a new name; then deleted.
    const edited = await services.budgets.saveBudgetGroup(team.owner, {
      id: chosen.id,
      name: "Prospecting EU",
      kind: "campaigns",
      campaignIds: [meta[0]],
    });
    expect(edited).toMatchObject({
      id: chosen.id,
      name: "Prospecting EU",
      campaignIds: [meta[0]],
      maxMonthlyMinor: null,
    });
    await services.budgets.deleteBudgetGroup(team.owner, chosen.id);
    expect((await planOf(team)).groups.map((group) => group.id)).toEqual([platformGroup.id]);
  });

  it("refuses a minimum over the maximum, a platform twice, a campaign in two groups and minimums over the budget", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "3000");
    const [first, second] = await seedCampaigns(database.db, team, "tiktok-ads", [{}, {}]);
    await services.budgets.saveBudgetGroup(team.owner, { name: "TikTok", kind: "platform", platform: "tiktok-ads" });
    await services.budgets.saveBudgetGroup(team.owner, {
      name: "Hero",
      kind: "campaigns",
      campaignIds: [first],
      minMonthly: "2000",
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: "Upside down", kind: "campaigns", campaignIds: [second], minMonthly: "50", maxMonthly: "10" },
        "minMonthly",
      ],
      [{ name: "Again", kind: "platform", platform: "tiktok-ads" }, "platform"],
      [{ name: "Overlap", kind: "campaigns", campaignIds: [first, second] }, "campaignIds"],
      [{ name: "Greedy", kind: "campaigns", campaignIds: [second], minMonthly: "1500" }, "minMonthly"],
      [{ name: "", kind: "campaigns", campaignIds: [second] }, "name"],
      [{ name: "Nothing", kind: "campaigns", campaignIds: [] }, "campaignIds"],
      [{ name: "Nowhere", kind: "platform", platform: "myspace" }, "platform"],
      [{ name: "Words", kind: "campaigns", campaignIds: [second], maxMonthly: "lots" }, "maxMonthly"],
    ];
    for (const [form, field] of cases) {
      const error = await refusal(services.budgets.saveBudgetGroup(team.owner, form));
      expect({ form, status: error.status, fields: Object.keys(fieldErrorsOfRefusal(error)) }).toEqual({
        form,
        status: 422,
        fields: [field],
      });
    }
    expect((await planOf(team)).groups).toHaveLength(2);
  });

  it("needs the goal's currency before a group has amounts", async () => {
    const team = await newTeam(database.db);
    const error = await refusal(
      services.budgets.saveBudgetGroup(team.owner, {
        name: "Google",
        kind: "platform",
        platform: "google-ads",
        minMonthly: "100",
      }),
    );
    expect(fieldErrorsOfRefusal(error)).toEqual({
      minMonthly: "Set a monthly budget in Goals first: group amounts are in its currency.",
    });
  });
});

describe("campaign bounds", () => {
  it("are kept in each campaign's currency, and cleared when both are empty", async () => {
    const team = await newTeam(database.db);
    const [dollars] = await seedCampaigns(database.db, team, "google-ads", [{}]);
    const [yen] = await seedCampaigns(database.db, team, "linkedin-ads", [{}], "JPY");
    const saved = await services.budgets.setCampaignBudgetBounds(team.owner, {
      bounds: [
        { campaignId: dollars, minDaily: "12.50", maxDaily: "100" },
        { campaignId: yen, minDaily: "", maxDaily: "5000" },
      ],
    });
    expect(new Map(saved.map((entry) => [entry.campaignId, entry]))).toEqual(
      new Map([
        [dollars, { campaignId: dollars, minDailyMinor: 1_250, maxDailyMinor: 10_000 }],
        [yen, { campaignId: yen, minDailyMinor: null, maxDailyMinor: 5_000 }],
      ]),
    );
    expect((await planOf(team)).bounds.get(dollars as string)).toEqual({ minDailyMinor: 1_250, maxDailyMinor: 10_000 });
    await services.budgets.setCampaignBudgetBounds(team.owner, { bounds: [{ campaignId: dollars, minDaily: "" }] });
    expect([...(await planOf(team)).bounds.keys()]).toEqual([yen]);
  });

  it("refuses a minimum over the maximum, and changes nothing when one entry is wrong", async () => {
    const team = await newTeam(database.db);
    const [first, second] = await seedCampaigns(database.db, team, "google-ads", [{}, {}]);
    const error = await refusal(
      services.budgets.setCampaignBudgetBounds(team.owner, {
        bounds: [
          { campaignId: first, minDaily: "10" },
          { campaignId: second, minDaily: "90", maxDaily: "30" },
        ],
      }),
    );
    expect(fieldErrorsOfRefusal(error)).toEqual({
      "bounds.1.minDaily": "The minimum cannot be more than the maximum.",
    });
    expect((await planOf(team)).bounds.size).toBe(0);
  });
});

describe("tenant isolation", () => {
  it("keeps one organization's plan, groups and bounds from another", async () => {
    const alpha = await newTeam(database.db);
    const beta = await newTeam(database.db);
    await setBudget(services, alpha, "10000");
    await setBudget(services, beta, "10000");
    const [alphaCampaign] = await seedCampaigns(database.db, alpha, "google-ads", [{}]);
    await seedCampaigns(database.db, beta, "google-ads", [{}]);
    await services.budgets.saveBudgetPlanSettings(alpha.owner, settings());
    const group = await services.budgets.saveBudgetGroup(alpha.owner, {
      name: "Alpha's",
      kind: "campaigns",
      campaignIds: [alphaCampaign],
    });
    await services.budgets.setCampaignBudgetBounds(alpha.owner, {
      bounds: [{ campaignId: alphaCampaign, minDaily: "5" }],
    });

    const betaView = await services.budgets.getBudgetPlan(beta.owner);
    expect(betaView.plan).toMatchObject({ objective: "conversions", groups: [], bounds: new Map() });
    expect(betaView.campaigns.map((campaign) => campaign.id)).not.toContain(alphaCampaign);

    // Beta cannot name Alpha's campaigns, nor edit or delete Alpha's group.
    const foreignGroup = await refusal(
      services.budgets.saveBudgetGroup(beta.owner, { name: "Stolen", kind: "campaigns", campaignIds: [alphaCampaign] }),
    );
    expect(fieldErrorsOfRefusal(foreignGroup)).toEqual({ campaignIds: "Choose campaigns of your organization." });
    const foreignBounds = await refusal(
      services.budgets.setCampaignBudgetBounds(beta.owner, { bounds: [{ campaignId: alphaCampaign, maxDaily: "1" }] }),
    );
    expect(fieldErrorsOfRefusal(foreignBounds)).toEqual({
      "bounds.0.campaignId": "Choose a campaign of your organization.",
    });
    expect(
      (
        await refusal(
          services.budgets.saveBudgetGroup(beta.owner, {
            id: group.id,
            name: "Mine",
            kind: "platform",
            platform: "google-ads",
          }),
        )
      ).status,
    ).toBe(404);
    expect((await refusal(services.budgets.deleteBudgetGroup(beta.owner, group.id))).status).toBe(404);

    expect(await planOf(alpha)).toMatchObject({
      objective: "revenue",
      groups: [{ id: group.id, name: "Alpha's", campaignIds: [alphaCampaign] }],
      bounds: new Map([[alphaCampaign, { minDailyMinor: 500, maxDailyMinor: null }]]),
    });
  });
});

describe("pacing", () => {
  it("counts the plan currency's spend, by group, and names the currencies it leaves out", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "3000");
    const [google] = await seedCampaigns(database.db, team, "google-ads", [
      { spend: dailySpend(6_000, 30, { today: 1_000 }) },
    ]);
    await seedCampaigns(database.db, team, "facebook-ads", [{ spend: dailySpend(4_000, 30) }]);
    await seedCampaigns(database.db, team, "linkedin-ads", [{ spend: dailySpend(9_999, 30, { today: 5 }) }], "EUR");
    await services.budgets.saveBudgetGroup(team.owner, {
      name: "Google",
      kind: "campaigns",
      campaignIds: [google],
      maxMonthly: "1000",
    });
    const pacing = await services.budgets.getBudgetPacing(team.member);
    const dayOfMonth = Number(pacing.today.slice(8));
    expect(pacing).toMatchObject({ currency: "USD", uncountedCurrencies: ["EUR"], daysElapsed: dayOfMonth });
    // 10,000 a day before today, 1,000 so far today.
    expect(pacing.plan?.spentMinor).toBe((dayOfMonth - 1) * 10_000 + 1_000);
    expect(pacing.plan?.projection.meanMinor).toBe(pacing.daysInMonth * 10_000);
    expect(pacing.plan?.status).toBe("on_track");
    expect(pacing.plan?.days).toHaveLength(pacing.daysInMonth);
    expect(pacing.groups).toEqual([
      expect.objectContaining({
        group: expect.objectContaining({ name: "Google" }),
        pacing: expect.objectContaining({
          spentMinor: (dayOfMonth - 1) * 6_000 + 1_000,
          maxMonthlyMinor: 100_000,
          status: pacing.daysInMonth * 6_000 > 110_000 ? "over" : "on_track",
        }),
      }),
    ]);
    // Today's share of what is left: 300,000 less what the days before today spent, over the days left.
    const left = pacing.daysInMonth - dayOfMonth + 1;
    expect(
      (await services.budgets.getBudgetPacing(systemActor(team.organizationId, { id: "test", label: "Adhelm" }))).plan
        ?.suggestedDailyBudgetMinor,
    ).toBe(Math.round(Math.max(0, 300_000 - (dayOfMonth - 1) * 10_000) / left));
  });
});

describe("pacing alerts", () => {
  it("notify the team once a day when the month will clearly miss its budget", async () => {
    const team = await newTeam(database.db);
    await setBudget(services, team, "100000");
    await seedCampaigns(database.db, team, "google-ads", [{ spend: dailySpend(10_000, 30) }]);
    const first = await services.budgetsBackground.checkBudgetPacing(team.organizationId);
    expect(first.sent).toBe("under");
    const again = await services.budgetsBackground.checkBudgetPacing(team.organizationId);
    expect(again.sent).toBeNull();
    const { items } = await services.notifications.listNotifications(team.member, { kind: "pacing" });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      severity: "warning",
      title: "Ad spend is pacing under this month's budget",
      link: "/optimizer/plan",
    });
    expect(items[0]?.body).toContain("$100,000.00");
    const french = await services.notifications.listNotifications(team.member, { kind: "pacing", language: "fr" });
    expect(french.items[0]?.title).toBe("Les dépenses publicitaires sont en dessous du budget du mois");
  });

  it("stay quiet on plan, without a budget, and without enough history", async () => {
    const onPlan = await newTeam(database.db);
    await setBudget(services, onPlan, "3000");
    await seedCampaigns(database.db, onPlan, "google-ads", [{ spend: dailySpend(10_000, 30) }]);
    const noBudget = await newTeam(database.db);
    await seedCampaigns(database.db, noBudget, "google-ads", [{ spend: dailySpend(10_000, 30) }]);
    const young = await newTeam(database.db);
    await setBudget(services, young, "100000");
    await seedCampaigns(database.db, young, "google-ads", [{ spend: dailySpend(10_000, 2) }]);
    for (const team of [onPlan, noBudget, young]) {
      expect((await services.budgetsBackground.checkBudgetPacing(team.organizationId)).sent).toBeNull();
      const { items } = await services.notifications.listNotifications(team.owner, { kind: "pacing" });
      expect(items).toEqual([]);
    }
  });
});
