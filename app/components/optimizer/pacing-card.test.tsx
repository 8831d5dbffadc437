import type { i18n } from "i18next";
import { describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor, translateMessage } from "#app/lib/i18n/i18n.ts";
import { paceGroup, pacePlan, pacingFrame } from "#core/budgets/budget-pacing-forecast.ts";
import type { BudgetPacing } from "#core/budgets/get-budget-pacing.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { renderTextIn } from "#tests/support/render-in-language.tsx";
import { PacingCard } from "./pacing-card.tsx";

// March 2026, day 10: 9 complete days of about €410 a day (too few to tell the weekdays apart), nothing yet today.
const today = "2026-03-10";
const spend = new Map<string, number>();
for (let back = 1; back <= 60; back += 1) spend.set(addDays(today, -back), 40_000 + (back % 3) * 1_000);
const frame = pacingFrame({ today, curve: "weekday", spendByDate: spend, dataFrom: addDays(today, -9) });
const pacing: BudgetPacing = {
  today,
  month: "2026-03",
  daysInMonth: 31,
  daysElapsed: 10,
  currency: "EUR",
  curve: frame.curve,
  curveUsed: frame.curveUsed,
  plan: pacePlan(frame, { budgetMinor: 2_000_000, spendByDate: spend, dataFrom: addDays(today, -9) }),
  groups: [
    {
      group: { id: "g1", name: "Search", kind: "platform", platform: "google-ads" },
      pacing: paceGroup(frame, {
        minMonthlyMinor: 100_000,
        maxMonthlyMinor: 500_000,
        spendByDate: spend,
        dataFrom: addDays(today, -9),
      }),
    },
  ],
  uncountedCurrencies: ["USD"],
};

describe("PacingCard", () => {
  it("shows the month against the plan, its forecast and what to spend today", async () => {
    const english = await renderTextIn("en", <PacingCard pacing={pacing} />);
    expect(english).toContain("Pacing March 2026 · day 10 of 31 Under-pacing");
    expect(english).toContain("Spent €3,690.00 of €20,000.00 Planned by today €6,451.61");
    // What is left (€16,310) over the 22 days left, today included.
    expect(english).toContain("Today's budget to land on plan €741.36");
    expect(english).toContain("The weekday curve needs 8 weeks of history; until then the plan paces evenly.");
    expect(english).toContain("Spend in USD is not counted: the plan is in EUR.");
    expect(english).toContain("Search Over-pacing");
    expect(english).toContain("Min €1,000.00 · Max €5,000.00");
    expect(english).toContain("Budget plan");
  });

  it("speaks German with German figures", async () => {
    const german = await renderTextIn("de", <PacingCard pacing={pacing} />);
    expect(german).toContain("Ausgabentempo März 2026 · Tag 10 von 31 Zu langsam");
    expect(german).toContain("Ausgegeben 3.690,00 € von 20.000,00 €");
  });

  it("says what to do without a monthly budget", async () => {
    const english = await renderTextIn("en", <PacingCard pacing={{ ...pacing, plan: null, groups: [] }} />);
    expect(english).toContain("Set a monthly budget in Goals to see how this month is pacing.");
  });
});

describe("the plan's messages from core", () => {
  it("are shown in the reader's language", async () => {
    await loadResources("fr");
    const t = (i18nFor("fr") as i18n).t;
    expect(translateMessage(t, "The minimum cannot be more than the maximum.")).toBe(
      "Le minimum ne peut pas dépasser le maximum.",
    );
    expect(translateMessage(t, "Budget plan not saved")).toBe("Plan budgétaire non enregistré");
  });
});
