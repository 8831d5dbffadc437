import { describe, expect, it } from "vitest";
import { findPlan, PLANS, type Plan } from "#core/billing/plan-catalog.ts";
import { buildPlanComparisonRows, describePlanPrice, formatLimit, planCallToAction } from "./plan-display.ts";

function plan(id: string): Plan {
  const found = findPlan(id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

describe("describePlanPrice", () => {
  it.each([
    ["starter", "monthly", { amount: "$49", period: "/month", billingNote: "Billed monthly" }],
    ["starter", "yearly", { amount: "$39.20", period: "/month", billingNote: "Billed $470.40 yearly" }],
    ["professional", "monthly", { amount: "$149", period: "/month", billingNote: "Billed monthly" }],
    ["professional", "yearly", { amount: "$119.20", period: "/month", billingNote: "Billed $1,430.40 yearly" }],
  ] as const)("%s billed %s", (id, interval, expected) => {
    expect(describePlanPrice(plan(id), interval)).toEqual(expected);
  });

  it.each(["monthly", "yearly"] as const)("shows Enterprise as Custom when billed %s", (interval) => {
    expect(describePlanPrice(plan("enterprise"), interval)).toMatchObject({ amount: "Custom", period: null });
  });
});

describe("planCallToAction", () => {
  it("starts the trial with the plan preselected", () => {
    expect(planCallToAction(plan("starter"))).toEqual({
      label: "Start Free Trial",
      href: "/signup?plan=starter",
      isExternal: false,
    });
    expect(planCallToAction(plan("professional")).href).toBe("/signup?plan=professional");
  });

  it("sends custom pricing to sales by mail", () => {
    const action = planCallToAction(plan("enterprise"));
    expect(action.label).toBe("Contact sales");
    expect(action.href.startsWith("mailto:sales@adhelm.com")).toBe(true);
    expect(action.isExternal).toBe(true);
  });
});

describe("buildPlanComparisonRows", () => {
  it("compares price, ad accounts, team members, API calls and export formats from the catalog", () => {
    expect(buildPlanComparisonRows()).toEqual([
      { label: "Monthly price", values: ["$49", "$149", "Custom"] },
      { label: "Ad accounts", values: ["3", "15", "Unlimited"] },
      { label: "Team members", values: ["2", "10", "Unlimited"] },
      { label: "API calls a month", values: ["10,000", "100,000", "Unlimited"] },
      { label: "Ask Adhelm questions a month", values: ["200", "2,000", "Unlimited"] },
      { label: "Export formats", values: ["CSV", "CSV, Excel, API", "CSV, Excel, API"] },
    ]);
  });

  it("has one cell per plan in every row", () => {
    for (const row of buildPlanComparisonRows()) expect(row.values).toHaveLength(PLANS.length);
  });

  it("formats limits, null meaning unlimited", () => {
    expect(formatLimit(1_000_000)).toBe("1,000,000");
    expect(formatLimit(null)).toBe("Unlimited");
  });
});
