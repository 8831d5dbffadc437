/**
 * The words of the rules' notifications (core/rules/locales/<language>/rule-alerts.json), which the
 * notifications slice renders in each reader's language.
 */
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/rule-alerts.json" with { type: "json" };
import en from "./locales/en/rule-alerts.json" with { type: "json" };
import es from "./locales/es/rule-alerts.json" with { type: "json" };
import fr from "./locales/fr/rule-alerts.json" with { type: "json" };

export const ruleAlertsText = createCatalogText("rule-alerts", { en, es, fr, de });
