/**
 * The words of the pacing alerts (core/budgets/locales/<language>/budget-alerts.json), which the
 * notifications slice renders in each reader's language once the composition root registers this
 * catalog under `BUDGET_ALERTS_CATALOG`.
 */
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/budget-alerts.json" with { type: "json" };
import en from "./locales/en/budget-alerts.json" with { type: "json" };
import es from "./locales/es/budget-alerts.json" with { type: "json" };
import fr from "./locales/fr/budget-alerts.json" with { type: "json" };

export const BUDGET_ALERTS_CATALOG = "budget-alerts";

export const budgetAlertsText = createCatalogText(BUDGET_ALERTS_CATALOG, { en, es, fr, de });

export const PACING_ALERT_KEYS = { under: "underPacing", over: "overPacing" } as const satisfies Record<
  "under" | "over",
  keyof typeof en
>;
