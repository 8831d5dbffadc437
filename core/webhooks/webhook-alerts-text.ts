/**
 * The words of the webhooks' own notifications (core/webhooks/locales/<language>/webhook-alerts.json,
 * `<key>.title` and `<key>.body`), which the notifications slice renders in each reader's language
 * once the composition root registers this catalog under `WEBHOOK_ALERTS_CATALOG`.
 */
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/webhook-alerts.json" with { type: "json" };
import en from "./locales/en/webhook-alerts.json" with { type: "json" };
import es from "./locales/es/webhook-alerts.json" with { type: "json" };
import fr from "./locales/fr/webhook-alerts.json" with { type: "json" };

export const WEBHOOK_ALERTS_CATALOG = "webhook-alerts";

export const webhookAlertsText = createCatalogText(WEBHOOK_ALERTS_CATALOG, { en, es, fr, de });

/** The catalog's messages: a delivery given up on, with the endpoint's last status code or without an answer. */
export const WEBHOOK_ALERT_KEYS = {
  deliveryFailedStatus: "deliveryFailedStatus",
  deliveryFailedUnreachable: "deliveryFailedUnreachable",
} as const satisfies Record<keyof typeof en, keyof typeof en>;
