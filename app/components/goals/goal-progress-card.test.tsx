import type { i18n } from "i18next";
import { describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor, translateMessage } from "#app/lib/i18n/i18n.ts";
import { emptySums, toKpis } from "#core/analytics/kpis.ts";
import { monthToDate, paceBudget } from "#core/goals/budget-pacing.ts";
import type { GoalsProgress } from "#core/goals/get-goal-progress.ts";
import { renderTextIn } from "#tests/support/render-in-language.tsx";
import { GoalProgressCard } from "./goal-progress-card.tsx";

const period = monthToDate("2026-03-10");
const progress: GoalsProgress = {
  period,
  goals: [
    {
      goal: {
        scope: "organization",
        targetKind: "roas",
        targetRoas: 3.5,
        targetCpaMinor: null,
        monthlyBudgetMinor: 1_000_000,
        currency: "EUR",
        updatedAt: "2026-03-01T00:00:00.000Z",
      },
      actual: toKpis(emptySums()),
      budget: paceBudget({ budgetMinor: 1_000_000, spentMinor: 400_000, daysElapsed: 10, daysInMonth: 31 }),
      target: { kind: "roas", target: 3.5, actual: 2.75, isMet: false },
      uncountedCurrencies: ["USD"],
    },
  ],
};

describe("GoalProgressCard", () => {
  it("reads as before in English", async () => {
    const english = await renderTextIn("en", <GoalProgressCard progress={progress} />);
    expect(english).toContain("Goals this month Mar 1 – Mar 10, 2026 · day 10 of 31");
    expect(english).toContain("€4,000.00 of €10,000.00 Spending too fast");
    expect(english).toContain("Projected €12,400.00 by month end");
    expect(english).toContain("ROAS 2.75× · target 3.50× Below target");
    expect(english).toContain("Spend in USD is not counted: this goal is in EUR.");
  });

  it("speaks German with German figures, the goal's currency kept", async () => {
    const german = await renderTextIn("de", <GoalProgressCard progress={progress} />);
    expect(german).toContain("Ziele in diesem Monat 1. März – 10. März 2026 · Tag 10 von 31");
    expect(german).toContain("4.000,00 € von 10.000,00 € Zu schnelle Ausgaben");
    expect(german).toContain("Hochgerechnet 12.400,00 € bis Monatsende");
    expect(german).toContain("ROAS 2,75× · Zielwert 3,50× Unter Zielwert");
  });
});

describe("the goals form's messages from core", () => {
  it("are shown in the reader's language", async () => {
    await loadResources("fr");
    const t = (i18nFor("fr") as i18n).t;
    expect(translateMessage(t, "Target CPA must be more than zero.")).toBe("Le CPA cible doit être supérieur à zéro.");
    expect(translateMessage(t, "Goals not saved")).toBe("Objectifs non enregistrés");
  });
});
