import { describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import { backtestRule } from "./backtest-rule.ts";
import { ruleDefinitionSchema } from "./rule-definition.ts";
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
import { ruleTemplate, STOP_LOSS_LABEL } from "./rule-templates.ts";
import { RULE_TEMPLATE_IDS } from "./rule-types.ts";

/** Two campaigns over 60 days: "bad" turns expensive from the 10th (CPA 4000), "good" stays at CPA 500. */
function history() {
  const metrics = [];
  for (let date = addDays(TODAY, -59); date <= TODAY; date = addDays(date, 1)) {
    const isBad = date >= "2025-03-10";
    metrics.push(
      day("bad", date, { spendMinor: 4_000, clicks: 100, conversions: isBad ? 1 : 8, conversionValueMinor: 5_000 }),
    );
    metrics.push(day("good", date, { spendMinor: 4_000, clicks: 100, conversions: 8, conversionValueMinor: 20_000 }));
  }
  return contextOf({
    campaigns: [campaign({ id: "bad", dailyBudgetMinor: 4_000 }), campaign({ id: "good", dailyBudgetMinor: 4_000 })],
    metrics,
    goals: [{ scope: "organization", targetCpaMinor: 1_000, targetRoas: 3, currency: "USD" }],
    lag: { ...NO_LAG, "google-ads": lagCurve("google-ads", [0.55, 0.75, 0.85]) },
  });
}

describe("backtest", () => {
  const stopLoss = ruleTemplate("stop_loss", { minimumSpendMinor: 5_000 }).definition;

  it("pauses the campaign that went bad once 3 mature days show it, and estimates what it saved", () => {
    const result = backtestRule(stopLoss, history(), { days: 30 });
    expect(result.from).toBe(addDays(TODAY, -30));
    expect(result.to).toBe(addDays(TODAY, -1));
    const acted = result.days.filter((entry) => entry.acted.length > 0);
    // Bad from the 10th; with ages 0 … 2 immature, the 3 mature days 10–12 are last seen on the 15th.
    expect(acted.map((entry) => entry.date)).toEqual(["2025-03-15"]);
    expect(acted[0]!.acted).toMatchObject([
      {
        campaignId: "bad",
        actions: [{ kind: "pause" }, { kind: "add_label", label: STOP_LOSS_LABEL }, { kind: "notify" }],
      },
    ]);
    // Paused from the 16th to the 19th: 4 recorded days of 4000 spend, 1 conversion and 5000 revenue.
    expect(result.estimate).toEqual({
      isEstimate: true,
      effects: [
        {
          currency: "USD",
          spendSavedMinor: 16_000,
          spendAddedMinor: 0,
          conversionsLost: 4,
          conversionsAdded: 0,
          revenueLostMinor: 20_000,
          revenueAddedMinor: 0,
        },
      ],
    });
    expect(result.totals).toEqual({ daysActed: 1, campaignsActed: 1, firings: 1 });
  });

  it("is deterministic: the same history gives the same result", () => {
    const scale = ruleTemplate("scale_winners").definition;
    expect(backtestRule(scale, history(), { days: 45 })).toEqual(backtestRule(scale, history(), { days: 45 }));
    expect(backtestRule(stopLoss, history(), { days: 45 })).toEqual(backtestRule(stopLoss, history(), { days: 45 }));
  });

  it("respects the cooldown and the daily budget cap, and counts added spend at most once over", () => {
    const raise = ruleWith([condition("spend", ">", 0, { kind: "yesterday" })], {
      actions: [{ kind: "change_budget", percent: 50, floorMinor: null, ceilingMinor: 9_000 }],
      guardrails: {
        cooldownHours: 48,
        maxActionsPerRun: 10,
        maxActionsPerDay: 10,
        maxBudgetChangePercentPerDay: 25,
        maxBudgetChangeMinorPerDay: null,
      },
      scope: { platforms: [], adAccountIds: [], campaigns: { kind: "list", campaignIds: ["good"] } },
    });
    const result = backtestRule(raise, history(), { days: 10 });
    const changes = result.days.flatMap((entry) => entry.acted.map((acted) => [entry.date, acted.actions[0]]));
    // Every other day (48 h), 25% at most, up to the ceiling.
    expect(changes).toEqual(
      [
        [
          "2025-03-10",
          { kind: "change_budget", fromMinor: 4_000, requestedMinor: 6_000, toMinor: 5_000, cappedBy: "daily_percent" },
        ],
        [
          "2025-03-12",
          { kind: "change_budget", fromMinor: 5_000, requestedMinor: 7_500, toMinor: 6_250, cappedBy: "daily_percent" },
        ],
        [
          "2025-03-14",
          { kind: "change_budget", fromMinor: 6_250, requestedMinor: 9_375, toMinor: 7_812, cappedBy: "daily_percent" },
        ],
        [
          "2025-03-16",
          { kind: "change_budget", fromMinor: 7_812, requestedMinor: 11_718, toMinor: 9_000, cappedBy: "ceiling" },
        ],
        [
          "2025-03-18",
          { kind: "change_budget", fromMinor: 9_000, requestedMinor: 13_500, toMinor: 9_000, cappedBy: "ceiling" },
        ],
      ].slice(0, 4),
    );
    expect(result.days.find((entry) => entry.date === "2025-03-11")!.skipped).toEqual({ cooldown: 1 });
    const [effect] = result.estimate.effects;
    // Budget ×1.25 on the 11th–12th, ×1.5625 on the 13th–14th, ×1.953 on the 15th–16th, ×2.25 (capped at ×2) after.
    expect(effect!.spendAddedMinor).toBe(Math.round(4_000 * (0.25 * 2 + 0.5625 * 2 + (7_812 / 4_000 - 1) * 2 + 1 * 3)));
    expect(effect!.spendSavedMinor).toBe(0);
  });

  it("follows labels it adds and removes: revive after stop-loss", () => {
    const context = contextOf({
      campaigns: [campaign({ id: "c1", labels: [STOP_LOSS_LABEL], status: "paused" })],
      metrics: everyDay("c1", addDays(TODAY, -59), TODAY, { spendMinor: 1_000, conversions: 2, clicks: 50 }),
      goals: [{ scope: "organization", targetCpaMinor: 1_000, targetRoas: null, currency: "USD" }],
    });
    const revive = ruleTemplate("revive").definition;
    const result = backtestRule(revive, context, { days: 5 });
    // Enabled and unlabelled on the first day; out of scope from then on.
    expect(result.days.map((entry) => [entry.inScope, entry.acted.length])).toEqual([
      [1, 1],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });
});

describe("templates", () => {
  it.each(RULE_TEMPLATE_IDS)("%s is a valid rule", (id) => {
    const template = ruleTemplate(id);
    expect(template.id).toBe(id);
    expect(template.name.length).toBeGreaterThan(0);
    expect(ruleDefinitionSchema.safeParse(template.definition).success).toBe(true);
  });
});
