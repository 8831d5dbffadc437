import { describe, expect, it } from "vitest";
import {
  findPlan,
  formatPlanPrice,
  monthlyPriceCents,
  PLANS,
  periodPriceMinor,
  yearlyTotalCents,
} from "./plan-catalog.ts";

const plan = (id: string) => {
  const found = findPlan(id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe("plan catalog", () => {
  it("holds the pricing page's and legal text's three plans, Professional the popular one", () => {
    expect(PLANS.map((entry) => [entry.name, entry.monthlyPriceCents, entry.isPopular])).toEqual([
      ["Starter", 4_900, false],
      ["Professional", 14_900, true],
      ["Enterprise", null, false],
    ]);
    expect(plan("starter").limits).toEqual({
      adAccounts: 3,
      teamMembers: 2,
      apiCallsPerMonth: 10_000,
      rules: 10,
      askQuestionsPerMonth: 200,
    });
    expect(plan("professional").limits).toEqual({
      adAccounts: 15,
      teamMembers: 10,
      apiCallsPerMonth: 100_000,
      rules: 100,
      askQuestionsPerMonth: 2_000,
    });
    expect(plan("enterprise").limits).toEqual({
      adAccounts: null,
      teamMembers: null,
      apiCallsPerMonth: null,
      rules: null,
      askQuestionsPerMonth: null,
    });
  });

  it.each([
    ["starter", "monthly", 4_900],
    ["starter", "yearly", 3_920],
    ["professional", "monthly", 14_900],
    ["professional", "yearly", 11_920],
    ["enterprise", "yearly", null],
  ] as const)("%s billed %s costs %s cents a month", (id, interval, expected) => {
    expect(monthlyPriceCents(plan(id), interval)).toBe(expected);
  });

  it("bills yearly plans as twelve discounted months", () => {
    expect(yearlyTotalCents(plan("starter"))).toBe(47_040);
    expect(yearlyTotalCents(plan("professional"))).toBe(143_040);
    expect(yearlyTotalCents(plan("enterprise"))).toBeNull();
  });

  it.each([
    [4_900, "$49"],
    [3_920, "$39.20"],
    [143_040, "$1,430.40"],
  ])("formats %i cents as %s", (cents, expected) => {
    expect(formatPlanPrice(cents)).toBe(expected);
  });

  it("sets each plan's price in USD and in EUR, the same numbers, yearly twelve discounted months", () => {
    expect(periodPriceMinor(plan("starter"), "monthly", "EUR")).toBe(4_900);
    expect(periodPriceMinor(plan("professional"), "monthly", "USD")).toBe(14_900);
    expect(periodPriceMinor(plan("professional"), "yearly", "EUR")).toBe(143_040);
    expect(periodPriceMinor(plan("enterprise"), "monthly", "USD")).toBeNull();
  });
});
