import { describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import { evaluateRule, firedCampaigns } from "./evaluate-rule.ts";
import type { Condition, RuleDefinition } from "./rule-definition.ts";
import {
  campaign,
  condition,
  contextOf,
  day,
  everyDay,
  lagCurve,
  NO_LAG,
  ruleWith,
  TODAY,
} from "./rule-engine-test-kit.ts";
import { selectCampaignsInScope } from "./rule-scope.ts";

const YESTERDAY = addDays(TODAY, -1);

/** One campaign, judged by `definition`; its trace's first condition. */
function judge(definition: RuleDefinition, context = oneCampaign()) {
  const [result] = evaluateRule(definition, context, { trace: true }).campaigns;
  return { result: result!, condition: result!.trace!.groups[0]!.conditions[0]! };
}

/** Spend on each day = the day of the month × 100 (so a window's sum says which days it held). */
function oneCampaign(figures: Parameters<typeof everyDay>[3] = {}) {
  const metrics = [];
  for (let date = addDays(TODAY, -59); date <= TODAY; date = addDays(date, 1))
    metrics.push(day("c1", date, { spendMinor: Number(date.slice(8)) * 100, ...figures }));
  return contextOf({ campaigns: [campaign({ id: "c1" })], metrics });
}

describe("operators", () => {
  // Yesterday (the 19th) spent 1900.
  it.each([
    [">", 1899, true],
    [">", 1900, false],
    [">=", 1900, true],
    [">=", 1901, false],
    ["<", 1901, true],
    ["<", 1900, false],
    ["<=", 1900, true],
    ["<=", 1899, false],
    ["=", 1900, true],
    ["=", 1901, false],
    ["!=", 1901, true],
    ["!=", 1900, false],
  ] as const)("spend yesterday %s %d → %s", (operator, value, expected) => {
    const { result, condition: trace } = judge(ruleWith([condition("spend", operator, value)]));
    expect(result.fired).toBe(expected);
    expect(trace).toMatchObject({ value: 1900, result: String(expected), comparand: { kind: "value", value } });
  });
});

describe("windows, in the organization's calendar", () => {
  it.each([
    [{ kind: "today" } as const, 2000, TODAY, TODAY, 1],
    [{ kind: "yesterday" } as const, 1900, YESTERDAY, YESTERDAY, 1],
    // The N complete days before today.
    [{ kind: "last_days", days: 3 } as const, 1700 + 1800 + 1900, "2025-03-17", "2025-03-19", 3],
    // The 1st to today: 100 + 200 + … + 2000.
    [{ kind: "this_month" } as const, (20 * 21 * 100) / 2, "2025-03-01", TODAY, 20],
  ])("%o", (window, spend, from, to, dayCount) => {
    const { condition: trace } = judge(ruleWith([condition("spend", ">", 0, window)]));
    expect(trace.value).toBe(spend);
    expect(trace.window).toMatchObject({ kind: window.kind, from, to, dayCount, shiftedByDays: 0 });
  });
});

describe("metrics", () => {
  const context = () =>
    contextOf({
      campaigns: [campaign({ id: "c1", dailyBudgetMinor: 2_000 })],
      metrics: [
        ...everyDay("c1", "2025-03-01", TODAY, {
          impressions: 1000,
          clicks: 40,
          spendMinor: 2_000,
          conversions: 4,
          conversionValueMinor: 10_000,
        }),
      ],
      storeRevenue: everyDay("x", "2025-03-01", TODAY, {}).map((row) => ({
        date: row.date,
        currency: "USD",
        amountMinor: 6_000,
      })),
    });
  it.each([
    ["spend", 6_000],
    ["impressions", 3_000],
    ["clicks", 120],
    ["ctr", 0.04],
    ["cpc", 50],
    ["conversions", 12],
    ["cpa", 500],
    ["revenue", 30_000],
    ["roas", 5],
    ["blended_roas", 3],
    ["budget_utilisation", 1],
    // Month to date: 20 days × 2000 over a budget of 2000 × 20 days.
    ["mtd_pacing", 1],
  ] as const)("%s over the last 3 days", (metric, expected) => {
    const { condition: trace } = judge(
      ruleWith([condition(metric, ">", 0, { kind: "last_days", days: 3 })]),
      context(),
    );
    expect(trace.value).toBeCloseTo(expected, 9);
  });

  it("has no value when a ratio's denominator is 0, and does not fire", () => {
    const context = contextOf({
      campaigns: [campaign({ id: "c1", dailyBudgetMinor: null })],
      metrics: everyDay("c1", "2025-03-01", TODAY, { spendMinor: 500 }),
    });
    // (ROAS and blended ROAS have a value here: no revenue over some spend is 0.)
    for (const metric of ["ctr", "cpc", "cpa", "budget_utilisation", "mtd_pacing"] as const) {
      const { result, condition: trace } = judge(ruleWith([condition(metric, ">=", 0)]), context);
      expect(result.fired).toBe(false);
      expect(trace.result).toBe("no_value");
      expect(trace.value).toBeNull();
      expect(trace.noValueReason).toBe(
        metric === "budget_utilisation" || metric === "mtd_pacing" ? "no_daily_budget" : "zero_denominator",
      );
    }
  });
});

describe("comparing with another metric", () => {
  const context = (goals: Parameters<typeof contextOf>[0]["goals"]) =>
    contextOf({
      campaigns: [
        campaign({ id: "google", platform: "google-ads" }),
        campaign({ id: "meta", platform: "facebook-ads" }),
        campaign({ id: "euro", platform: "google-ads", currency: "EUR" }),
      ],
      metrics: ["google", "meta", "euro"].flatMap((id) =>
        everyDay(id, "2025-03-10", TODAY, {
          spendMinor: 3_000,
          conversions: 1,
          conversionValueMinor: 6_000,
          clicks: 100,
        }),
      ),
      goals,
    });
  const cpaRule = ruleWith([condition("cpa", ">", { factor: 1.5, metric: "target_cpa" })]);

  it("CPA > 1.5 × target CPA, with a platform's goal overriding the organization's", () => {
    const evaluation = evaluateRule(
      cpaRule,
      context([
        { scope: "organization", targetCpaMinor: 1_500, targetRoas: null, currency: "USD" },
        { scope: "facebook-ads", targetCpaMinor: 2_500, targetRoas: null, currency: "USD" },
      ]),
      { trace: true },
    );
    const byId = Object.fromEntries(evaluation.campaigns.map((entry) => [entry.campaignId, entry]));
    expect(byId.google!.fired).toBe(true);
    expect(byId.google!.trace!.groups[0]!.conditions[0]!.comparand).toEqual({
      kind: "metric",
      metric: "target_cpa",
      factor: 1.5,
      metricValue: 1_500,
      value: 2_250,
    });
    // 3000 is not above 1.5 × 2500.
    expect(byId.meta!.fired).toBe(false);
    // A target in another currency is no target for this campaign.
    expect(byId.euro!.fired).toBe(false);
    expect(byId.euro!.trace!.groups[0]!.conditions[0]).toMatchObject({
      result: "no_value",
      comparand: { metricValue: null, noValueReason: "target_cpa_in_other_currency" },
    });
  });

  it("has no value without a goal", () => {
    const { result, condition: trace } = judge(cpaRule, context([]));
    expect(result.fired).toBe(false);
    expect(trace).toMatchObject({ result: "no_value", comparand: { noValueReason: "no_target_cpa" } });
  });

  it("ROAS < 0.8 × blended ROAS, and ROAS against target ROAS", () => {
    const withStore = contextOf({
      campaigns: [campaign({ id: "c1" })],
      metrics: everyDay("c1", "2025-03-10", TODAY, { spendMinor: 1_000, conversionValueMinor: 1_500 }),
      storeRevenue: [{ date: YESTERDAY, currency: "USD", amountMinor: 2_500 }],
      goals: [{ scope: "organization", targetCpaMinor: null, targetRoas: 2, currency: "USD" }],
    });
    // Campaign ROAS 1.5 < 0.8 × 2.5 = 2.
    expect(
      judge(ruleWith([condition("roas", "<", { factor: 0.8, metric: "blended_roas" })]), withStore).result.fired,
    ).toBe(true);
    expect(
      judge(ruleWith([condition("roas", "<", { factor: 0.7, metric: "target_roas" })]), withStore).result.fired,
    ).toBe(false);
    expect(
      judge(ruleWith([condition("roas", "<", { factor: 0.8, metric: "target_roas" })]), withStore).result.fired,
    ).toBe(true);
  });
});

describe("the conversion lag model", () => {
  // Google's days are 55%, 75% and 85% complete at ages 0, 1 and 2; 90% from age 3.
  const lag = { ...NO_LAG, "google-ads": lagCurve("google-ads", [0.55, 0.75, 0.85, 0.9, 0.95]) };
  const context = () =>
    contextOf({
      campaigns: [campaign({ id: "c1" }), campaign({ id: "m1", platform: "facebook-ads" })],
      metrics: ["c1", "m1"].flatMap((id) => {
        const rows = [];
        for (let date = "2025-03-01"; date <= TODAY; date = addDays(date, 1)) {
          const dom = Number(date.slice(8));
          rows.push(day(id, date, { spendMinor: dom * 100, conversions: dom, clicks: 100 }));
        }
        return rows;
      }),
      lag,
    });
  const withLag = (conditions: Condition[]) =>
    ruleWith(conditions, { lag: { excludeImmatureDays: true, completenessThreshold: 0.9 } });

  it("moves a last-days window back to hold 3 mature days, for both sides of CPA, and says why", () => {
    const { condition: trace } = judge(withLag([condition("cpa", ">", 0, { kind: "last_days", days: 3 })]), context());
    // Ages 3 … 5: the 15th, 16th and 17th; spend (15+16+17)×100 over 48 conversions.
    expect(trace.window).toMatchObject({ from: "2025-03-15", to: "2025-03-17", dayCount: 3, shiftedByDays: 2 });
    expect(trace.value).toBe(100);
    expect(trace.lagApplied).toBe(true);
    expect(trace.excludedDays).toEqual([
      {
        date: "2025-03-18",
        ageDays: 2,
        expectedCompleteness: 0.85,
        threshold: 0.9,
        platform: "google-ads",
        source: "measured",
        sourceDays: 21,
      },
      {
        date: "2025-03-19",
        ageDays: 1,
        expectedCompleteness: 0.75,
        threshold: 0.9,
        platform: "google-ads",
        source: "measured",
        sourceDays: 21,
      },
    ]);
  });

  it("leaves non-conversion conditions alone, and a platform whose days are complete", () => {
    const evaluation = evaluateRule(withLag([condition("spend", ">", 0, { kind: "last_days", days: 3 })]), context(), {
      trace: true,
    });
    for (const entry of evaluation.campaigns)
      expect(entry.trace!.groups[0]!.conditions[0]!.window).toMatchObject({ from: "2025-03-17", shiftedByDays: 0 });
    const conversions = evaluateRule(
      withLag([condition("conversions", ">", 0, { kind: "last_days", days: 3 })]),
      context(),
      { trace: true },
    );
    const meta = conversions.campaigns.find((entry) => entry.campaignId === "m1")!;
    expect(meta.trace!.groups[0]!.conditions[0]!).toMatchObject({ excludedDays: [], window: { from: "2025-03-17" } });
  });

  it("uses the same mature days for conditions of a group over the same window", () => {
    const evaluation = evaluateRule(
      withLag([
        condition("conversions", ">", 0, { kind: "last_days", days: 3 }),
        condition("spend", ">", 0, { kind: "last_days", days: 3 }),
        condition("spend", ">", 0, { kind: "last_days", days: 7 }),
      ]),
      context(),
      { trace: true },
    );
    const [conversions, spend, spendWeek] = evaluation.campaigns[0]!.trace!.groups[0]!.conditions;
    expect(spend!.window).toEqual(conversions!.window);
    expect(spend!.value).toBe((15 + 16 + 17) * 100);
    expect(spendWeek!.window.shiftedByDays).toBe(0);
  });

  it("leaves immature days out of today, yesterday and this month; none left is insufficient data", () => {
    const today = judge(withLag([condition("conversions", ">=", 0, { kind: "today" })]), context());
    expect(today.result).toMatchObject({ fired: false, reason: "insufficient_data" });
    expect(today.condition).toMatchObject({ result: "insufficient_data", window: { from: null, dayCount: 0 } });
    expect(today.condition.excludedDays.map((excluded) => excluded.date)).toEqual([TODAY]);

    const yesterday = judge(withLag([condition("conversions", ">=", 0, { kind: "yesterday" })]), context());
    expect(yesterday.condition.result).toBe("insufficient_data");

    const month = judge(withLag([condition("conversions", ">", 0, { kind: "this_month" })]), context());
    expect(month.condition.window).toMatchObject({ from: "2025-03-01", to: "2025-03-17", dayCount: 17 });
    expect(month.condition.value).toBe((17 * 18) / 2);
    expect(month.condition.excludedDays.map((excluded) => excluded.ageDays)).toEqual([2, 1, 0]);
  });

  it("keeps every day when the rule does not exclude immature days", () => {
    const { condition: trace } = judge(ruleWith([condition("cpa", ">", 0, { kind: "last_days", days: 3 })]), context());
    expect(trace).toMatchObject({
      lagApplied: false,
      excludedDays: [],
      window: { from: "2025-03-17", to: "2025-03-19" },
    });
  });
});

describe("the minimum-data guard", () => {
  it("does not judge a campaign whose window holds too little", () => {
    const context = contextOf({
      campaigns: [campaign({ id: "c1" }), campaign({ id: "c2" })],
      metrics: [
        ...everyDay("c1", "2025-03-01", TODAY, { spendMinor: 1_000, clicks: 50 }),
        ...everyDay("c2", "2025-03-01", TODAY, { spendMinor: 1_000, clicks: 150 }),
      ],
    });
    const evaluation = evaluateRule(
      ruleWith([condition("cpc", ">", 1, { kind: "yesterday" })], {
        minimumData: [
          { metric: "spend", atLeast: 500 },
          { metric: "clicks", atLeast: 100 },
        ],
      }),
      context,
      { trace: true },
    );
    const [few, enough] = evaluation.campaigns;
    expect(few).toMatchObject({ fired: false, reason: "insufficient_data" });
    expect(few!.trace!.groups[0]!.conditions[0]!.guards).toEqual([
      { metric: "spend", atLeast: 500, actual: 1_000, passed: true },
      { metric: "clicks", atLeast: 100, actual: 50, passed: false },
    ]);
    expect(enough).toMatchObject({ fired: true, reason: "conditions_met" });
  });
});

describe("AND / OR", () => {
  const context = () =>
    contextOf({
      campaigns: [campaign({ id: "c1" })],
      // 1000 spend and 0 clicks yesterday: CPC has no value, and a clicks guard is not met.
      metrics: everyDay("c1", "2025-03-01", TODAY, { spendMinor: 1_000 }),
    });
  const isTrue = condition("spend", ">", 500);
  const isFalse = condition("spend", ">", 5_000);
  const noValue = condition("cpc", ">", 0);
  const groups = (match: "all" | "any", ...groupList: Array<{ match: "all" | "any"; conditions: Condition[] }>) =>
    ruleWith([isTrue], { conditions: { match, groups: groupList } });

  it.each([
    ["all of (true, true)", groups("all", { match: "all", conditions: [isTrue, isTrue] }), true],
    ["all of (true, false)", groups("all", { match: "all", conditions: [isTrue, isFalse] }), false],
    ["any of (false, true)", groups("all", { match: "any", conditions: [isFalse, isTrue] }), true],
    ["any of (false, no value)", groups("all", { match: "any", conditions: [isFalse, noValue] }), false],
    [
      "groups: all of [true] and [false]",
      groups("all", { match: "all", conditions: [isTrue] }, { match: "all", conditions: [isFalse] }),
      false,
    ],
    [
      "groups: any of [false] or [true]",
      groups("any", { match: "all", conditions: [isFalse] }, { match: "all", conditions: [isTrue] }),
      true,
    ],
  ])("%s", (_, definition, fired) => {
    expect(evaluateRule(definition, context()).campaigns[0]!.fired).toBe(fired);
  });

  it("acts on nothing it cannot judge, unless the rest decides alone", () => {
    const guarded = (definition: RuleDefinition) => ({
      ...definition,
      minimumData: [{ metric: "clicks" as const, atLeast: 1 }],
    });
    // With the guard failing everywhere, every condition is unknown.
    const unknownAll = evaluateRule(guarded(groups("all", { match: "all", conditions: [isTrue] })), context());
    expect(unknownAll.campaigns[0]).toMatchObject({ fired: false, reason: "insufficient_data" });
    // Unknown AND false is false; unknown OR true is true (three-valued logic).
    const mixed = contextOf({
      campaigns: [campaign({ id: "c1" })],
      metrics: [
        ...everyDay("c1", "2025-03-01", YESTERDAY, { spendMinor: 1_000, clicks: 10 }),
        day("c1", TODAY, { spendMinor: 1_000, clicks: 0 }),
      ],
    });
    const today = { kind: "today" } as const;
    const unknownToday = condition("spend", ">", 0, today);
    const rule = (match: "all" | "any", second: Condition) =>
      guarded(groups("all", { match, conditions: [unknownToday, second] }));
    expect(evaluateRule(rule("all", isFalse), mixed).campaigns[0]).toMatchObject({
      fired: false,
      reason: "conditions_not_met",
    });
    expect(evaluateRule(rule("any", isTrue), mixed).campaigns[0]).toMatchObject({ fired: true });
    expect(evaluateRule(rule("all", isTrue), mixed).campaigns[0]).toMatchObject({
      fired: false,
      reason: "insufficient_data",
    });
  });
});

describe("scope", () => {
  const campaigns = [
    campaign({ id: "a", name: "Brand – Search", platform: "google-ads", adAccountId: "g1", labels: ["Top"] }),
    campaign({ id: "b", name: "Prospecting", platform: "facebook-ads", adAccountId: "f1" }),
    campaign({
      id: "c",
      name: "brand video",
      platform: "tiktok-ads",
      adAccountId: "t1",
      labels: ["paused-by-stop-loss"],
    }),
    campaign({ id: "d", name: "Brand old", platform: "google-ads", adAccountId: "g2", status: "removed" }),
    campaign({ id: "e", name: "Retargeting", platform: "google-ads", adAccountId: "g2", status: "paused" }),
  ];
  const ids = (scope: RuleDefinition["scope"]) => selectCampaignsInScope(scope, campaigns).map((entry) => entry.id);
  const base = { platforms: [], adAccountIds: [] };

  it.each([
    ["all (removed never)", { ...base, campaigns: { kind: "all" } }, ["a", "b", "c", "e"]],
    ["platforms", { ...base, platforms: ["google-ads"], campaigns: { kind: "all" } }, ["a", "e"]],
    ["ad accounts", { ...base, adAccountIds: ["g2", "f1"], campaigns: { kind: "all" } }, ["b", "e"]],
    ["a list", { ...base, campaigns: { kind: "list", campaignIds: ["b", "d", "e"] } }, ["b", "e"]],
    ["name contains", { ...base, campaigns: { kind: "name", operator: "contains", text: "BRAND" } }, ["a", "c"]],
    [
      "name does not contain",
      { ...base, campaigns: { kind: "name", operator: "not_contains", text: "brand" } },
      ["b", "e"],
    ],
    ["labels", { ...base, campaigns: { kind: "label", labels: ["top", "Paused-By-Stop-Loss"] } }, ["a", "c"]],
  ] as const)("%s", (_, scope, expected) => {
    expect(ids(scope as RuleDefinition["scope"])).toEqual(expected);
  });
});

describe("the fast path", () => {
  it("fires on the same campaigns as the traced evaluation", () => {
    const campaigns = Array.from({ length: 60 }, (_, index) =>
      campaign({
        id: `c${index}`,
        platform: index % 2 ? "google-ads" : "facebook-ads",
        dailyBudgetMinor: 1_000 + index * 10,
      }),
    );
    const metrics = campaigns.flatMap((entry, index) =>
      everyDay(entry.id, "2025-02-01", TODAY, {
        spendMinor: 500 + ((index * 37) % 900),
        clicks: 10 + ((index * 13) % 40),
        impressions: 1_000,
        conversions: index % 5,
        conversionValueMinor: ((index * 53) % 7) * 400,
      }),
    );
    const context = contextOf({
      campaigns,
      metrics,
      lag: { ...NO_LAG, "google-ads": lagCurve("google-ads", [0.5, 0.8, 0.95]) },
      goals: [{ scope: "organization", targetCpaMinor: 900, targetRoas: 2, currency: "USD" }],
    });
    const definition = ruleWith([], {
      conditions: {
        match: "any",
        groups: [
          {
            match: "all",
            conditions: [
              condition("cpa", ">", { factor: 1.2, metric: "target_cpa" }, { kind: "last_days", days: 5 }),
              condition("ctr", "<", 0.03, { kind: "this_month" }),
            ],
          },
          {
            match: "any",
            conditions: [condition("roas", "<", { factor: 0.5, metric: "target_roas" }, { kind: "today" })],
          },
        ],
      },
      minimumData: [{ metric: "spend", atLeast: 2_000 }],
      lag: { excludeImmatureDays: true, completenessThreshold: 0.9 },
    });
    const traced = evaluateRule(definition, context, { trace: true });
    const fast = firedCampaigns(definition, context).map((entry) => entry.id);
    expect(fast).toEqual(traced.campaigns.filter((entry) => entry.fired).map((entry) => entry.campaignId));
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.length).toBeLessThan(60);
    expect(traced.campaigns.every((entry) => entry.fired === (entry.trace!.result === "true"))).toBe(true);
  });
});
