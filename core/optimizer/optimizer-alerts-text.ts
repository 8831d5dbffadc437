/**
 * The words of the optimizer's notifications (core/optimizer/locales/<language>/optimizer-alerts.json),
 * which the notifications slice renders in each reader's language once the composition root
 * registers this catalog under OPTIMIZER_ALERTS_CATALOG.
 */
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/optimizer-alerts.json" with { type: "json" };
import en from "./locales/en/optimizer-alerts.json" with { type: "json" };
import es from "./locales/es/optimizer-alerts.json" with { type: "json" };
import fr from "./locales/fr/optimizer-alerts.json" with { type: "json" };
import { OPTIMIZER_ALERTS_CATALOG } from "./run-daily-optimization.ts";

export const optimizerAlertsText = createCatalogText(OPTIMIZER_ALERTS_CATALOG, { en, es, fr, de });
