import { describe, expect, it } from "vitest";
import { monthToDate, paceBudget } from "./budget-pacing.ts";

describe("month to date", () => {
  it.each([
    ["2026-11-21", { from: "2026-11-01", to: "2026-11-21", daysElapsed: 21, daysInMonth: 30 }],
    ["2026-02-01", { from: "2026-02-01", to: "2026-02-01", daysElapsed: 1, daysInMonth: 28 }],
    ["2028-02-29", { from: "2028-02-01", to: "2028-02-29", daysElapsed: 29, daysInMonth: 29 }],
    ["2026-12-31", { from: "2026-12-01", to: "2026-12-31", daysElapsed: 31, daysInMonth: 31 }],
  ])("on %s", (today, expected) => {
    expect(monthToDate(today)).toEqual(expected);
  });
});

describe("budget pacing", () => {
  // A $3,000.00 budget over a 30-day month: a steady pace spends $100.00 a day.
  const budgetMinor = 300_000;
  const pace = (spentMinor: number, daysElapsed: number) =>
    paceBudget({ budgetMinor, spentMinor, daysElapsed, daysInMonth: 30 });

  it("projects the month from the average daily spend so far", () => {
    expect(pace(150_000, 15)).toEqual({
      budgetMinor,
      spentMinor: 150_000,
      spentFraction: 0.5,
      elapsedFraction: 0.5,
      expectedMinor: 150_000,
      projectedMinor: 300_000,
      remainingMinor: 150_000,
      pace: "on_track",
    });
  });

  it.each([
    ["exactly on pace", 100_000, 10, "on_track"],
    ["10% fast is still on track", 110_000, 10, "on_track"],
    ["just over 10% fast", 110_100, 10, "overspending"],
    ["10% slow is still on track", 90_000, 10, "on_track"],
    ["just under 10% slow", 89_900, 10, "underspending"],
    ["nothing spent yet", 0, 3, "underspending"],
    ["the whole budget, on the last day", 300_000, 30, "on_track"],
    ["more than the budget", 300_001, 29, "over_budget"],
  ] as const)("%s: %s", (_, spentMinor, daysElapsed, expected) => {
    expect(pace(spentMinor, daysElapsed).pace).toBe(expected);
  });

  it("never reports a negative remainder", () => {
    expect(pace(450_000, 20)).toMatchObject({ remainingMinor: 0, spentFraction: 1.5, projectedMinor: 675_000 });
  });
});
