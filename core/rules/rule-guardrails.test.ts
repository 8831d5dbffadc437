import { describe, expect, it } from "vitest";
import { DEFAULT_GUARDRAILS, type Guardrails, type RuleAction } from "./rule-definition.ts";
import { type CampaignState, type PastCampaignAction, planRuleActions, requestedBudget } from "./rule-guardrails.ts";

const NOW = new Date("2025-03-20T15:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const state = (campaignId: string, overrides: Partial<CampaignState> = {}): CampaignState => ({
  campaignId,
  status: "enabled",
  dailyBudgetMinor: 10_000,
  labels: [],
  ...overrides,
});

function plan(
  actions: RuleAction[],
  fired: CampaignState[],
  options: { guardrails?: Partial<Guardrails>; history?: PastCampaignAction[]; timeZone?: string } = {},
) {
  return planRuleActions({
    actions,
    guardrails: { ...DEFAULT_GUARDRAILS, ...options.guardrails },
    now: NOW,
    timeZone: options.timeZone ?? "UTC",
    fired,
    history: options.history ?? [],
  });
}

describe("cooldown", () => {
  it("skips a campaign the rule acted on within the cooldown, and says until when", () => {
    const [recent, old] = plan([{ kind: "pause" }], [state("a"), state("b")], {
      guardrails: { cooldownHours: 24 },
      history: [
        { campaignId: "a", at: hoursAgo(23) },
        { campaignId: "b", at: hoursAgo(25) },
      ],
    });
    expect(recent).toMatchObject({
      decision: "skip",
      skipReason: "cooldown",
      cooldownUntil: "2025-03-20T16:00:00.000Z",
    });
    expect(old).toMatchObject({ decision: "act", actions: [{ kind: "pause", from: "enabled", to: "paused" }] });
  });

  it("has none at 0 hours", () => {
    const [only] = plan([{ kind: "pause" }], [state("a")], {
      guardrails: { cooldownHours: 0 },
      history: [{ campaignId: "a", at: hoursAgo(0) }],
    });
    expect(only!.decision).toBe("act");
  });
});

describe("limits per run and per day", () => {
  it("acts on at most maxActionsPerRun campaigns, in the order given", () => {
    const plans = plan(
      [{ kind: "pause" }],
      ["a", "b", "c"].map((id) => state(id)),
      {
        guardrails: { maxActionsPerRun: 2 },
      },
    );
    expect(plans.map((entry) => entry.skipReason)).toEqual([null, null, "max_actions_per_run"]);
  });

  it("counts the actions of the organization's day, not yesterday's", () => {
    const plans = plan(
      [{ kind: "pause" }],
      ["a", "b", "c"].map((id) => state(id)),
      {
        guardrails: { maxActionsPerDay: 3, cooldownHours: 0 },
        history: [
          { campaignId: "x", at: "2025-03-20T01:00:00Z" },
          { campaignId: "y", at: "2025-03-19T23:00:00Z" },
        ],
      },
    );
    expect(plans.map((entry) => entry.skipReason)).toEqual([null, null, "max_actions_per_day"]);
    // In Los Angeles both past actions were on the 19th: the day is fresh.
    const west = plan(
      [{ kind: "pause" }],
      ["a", "b", "c"].map((id) => state(id)),
      {
        guardrails: { maxActionsPerDay: 3, cooldownHours: 0 },
        timeZone: "America/Los_Angeles",
        history: [
          { campaignId: "x", at: "2025-03-20T01:00:00Z" },
          { campaignId: "y", at: "2025-03-19T23:00:00Z" },
        ],
      },
    );
    expect(west.map((entry) => entry.skipReason)).toEqual([null, null, null]);
  });

  it("does not count a campaign with nothing to do", () => {
    const plans = plan([{ kind: "pause" }], [state("a", { status: "paused" }), state("b")], {
      guardrails: { maxActionsPerRun: 1 },
    });
    expect(plans).toMatchObject([
      { decision: "skip", skipReason: "nothing_to_do", skippedActions: [{ kind: "pause", reason: "already_paused" }] },
      { decision: "act" },
    ]);
  });
});

describe("budgets", () => {
  const change = (
    percent: number,
    floorMinor: number | null = null,
    ceilingMinor: number | null = null,
  ): RuleAction => ({
    kind: "change_budget",
    percent,
    floorMinor,
    ceilingMinor,
  });

  it.each([
    ["+20% of 10000", change(20), 10_000, { requestedMinor: 12_000, toMinor: 12_000, cappedBy: null }],
    ["+15% rounds to whole minor units", change(15), 333, { requestedMinor: 383, toMinor: 383, cappedBy: null }],
    [
      "up to the ceiling",
      change(50, null, 12_500),
      10_000,
      { requestedMinor: 15_000, toMinor: 12_500, cappedBy: "ceiling" },
    ],
    ["down to the floor", change(-50, 8_000), 10_000, { requestedMinor: 5_000, toMinor: 8_000, cappedBy: "floor" }],
    [
      "set",
      { kind: "set_budget", amountMinor: 7_700 } as RuleAction,
      10_000,
      { requestedMinor: 7_700, toMinor: 7_700, cappedBy: null },
    ],
  ] as const)("%s", (_, action, current, expected) => {
    expect(requestedBudget(action, current)).toEqual(expected);
  });

  it("caps the day's change by percent of the day's first budget", () => {
    const [first] = plan([change(80)], [state("a")], { guardrails: { maxBudgetChangePercentPerDay: 50 } });
    expect(first!.actions[0]).toEqual({
      kind: "change_budget",
      fromMinor: 10_000,
      requestedMinor: 18_000,
      toMinor: 15_000,
      cappedBy: "daily_percent",
    });
    // Already raised from 10000 to 14000 today: only 1000 more is allowed.
    const [second] = plan([change(20)], [state("a", { dailyBudgetMinor: 14_000 })], {
      guardrails: { maxBudgetChangePercentPerDay: 50, cooldownHours: 0 },
      history: [{ campaignId: "a", at: hoursAgo(2), budgetFromMinor: 10_000, budgetToMinor: 14_000 }],
    });
    expect(second!.actions[0]).toMatchObject({ toMinor: 15_000, cappedBy: "daily_percent" });
    // At the cap: nothing left to do.
    const [third] = plan([change(20)], [state("a", { dailyBudgetMinor: 15_000 })], {
      guardrails: { maxBudgetChangePercentPerDay: 50, cooldownHours: 0 },
      history: [{ campaignId: "a", at: hoursAgo(2), budgetFromMinor: 10_000, budgetToMinor: 15_000 }],
    });
    expect(third).toMatchObject({
      decision: "skip",
      skipReason: "nothing_to_do",
      skippedActions: [{ kind: "change_budget", reason: "daily_budget_limit_reached" }],
    });
  });

  it("caps by amount when that is tighter, downwards too", () => {
    const [only] = plan([change(-40)], [state("a")], {
      guardrails: { maxBudgetChangePercentPerDay: 50, maxBudgetChangeMinorPerDay: 2_500 },
    });
    expect(only!.actions[0]).toMatchObject({ requestedMinor: 6_000, toMinor: 7_500, cappedBy: "daily_amount" });
  });

  it("skips a campaign without a daily budget, and a change to the same budget", () => {
    const plans = plan(
      [{ kind: "set_budget", amountMinor: 10_000 }],
      [state("a", { dailyBudgetMinor: null }), state("b")],
    );
    expect(plans.map((entry) => entry.skippedActions[0]?.reason)).toEqual(["no_daily_budget", "no_change"]);
  });
});

describe("labels, status and notify", () => {
  it("adds a missing label, removes a present one, and always notifies", () => {
    const [only] = plan(
      [
        { kind: "enable" },
        { kind: "add_label", label: "Paused-by-stop-loss" },
        { kind: "remove_label", label: "watch" },
        { kind: "notify", channels: ["in_app"] },
      ],
      [state("a", { status: "paused", labels: ["paused-by-stop-loss"] })],
    );
    expect(only).toMatchObject({
      decision: "act",
      actions: [
        { kind: "enable", from: "paused", to: "enabled" },
        { kind: "notify", channels: ["in_app"] },
      ],
      skippedActions: [
        { kind: "add_label", reason: "has_label" },
        { kind: "remove_label", reason: "no_label" },
      ],
    });
  });

  it("does not notify about a campaign that is already as the rule asks; a notify-only rule always notifies", () => {
    const [paused] = plan(
      [{ kind: "pause" }, { kind: "notify", channels: ["email"] }],
      [state("a", { status: "paused" })],
    );
    expect(paused).toMatchObject({ decision: "skip", skipReason: "nothing_to_do" });
    const [watched] = plan([{ kind: "notify", channels: ["email"] }], [state("a", { status: "paused" })]);
    expect(watched).toMatchObject({ decision: "act", actions: [{ kind: "notify", channels: ["email"] }] });
  });
});
