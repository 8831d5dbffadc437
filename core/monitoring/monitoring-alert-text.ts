/**
 * The words of monitoring's notifications, in every reader's language. The catalogs are
 * core/monitoring/locales/<language>/monitoring-alerts.json (`<key>.title` and `<key>.body`);
 * the notifications slice renders them from the `NotificationMessage` a monitoring run raises,
 * once the composition root registers this catalog under `MONITORING_CATALOG`.
 */

import { createCatalogText } from "#core/shared/catalog-text.ts";
import type { MonitoredMetric } from "./detect-anomalies.ts";
import de from "./locales/de/monitoring-alerts.json" with { type: "json" };
import en from "./locales/en/monitoring-alerts.json" with { type: "json" };
import es from "./locales/es/monitoring-alerts.json" with { type: "json" };
import fr from "./locales/fr/monitoring-alerts.json" with { type: "json" };

export const MONITORING_CATALOG = "monitoring-alerts";

export const monitoringAlertText = createCatalogText(MONITORING_CATALOG, { en, es, fr, de });

/** A message of the catalog: its key and, written out, the title's and body's keys. */
export interface MonitoringMessageKey {
  key: keyof typeof en;
  title: string;
  body: string;
}

function message<Key extends keyof typeof en>(key: Key, title: `${Key}.title`, body: `${Key}.body`) {
  return { key, title, body } satisfies MonitoringMessageKey;
}

/** An anomaly's message, by where it was found, its metric and its direction. */
export const ANOMALY_MESSAGES = {
  campaign: {
    spend: {
      up: message("campaignSpendSpike", "campaignSpendSpike.title", "campaignSpendSpike.body"),
      down: message("campaignSpendDrop", "campaignSpendDrop.title", "campaignSpendDrop.body"),
    },
    cpa: { up: message("campaignCpaRise", "campaignCpaRise.title", "campaignCpaRise.body") },
    roas: { down: message("campaignRoasDrop", "campaignRoasDrop.title", "campaignRoasDrop.body") },
    conversions: {
      down: message("campaignConversionsDrop", "campaignConversionsDrop.title", "campaignConversionsDrop.body"),
    },
  },
  organization: {
    spend: {
      up: message("organizationSpendSpike", "organizationSpendSpike.title", "organizationSpendSpike.body"),
      down: message("organizationSpendDrop", "organizationSpendDrop.title", "organizationSpendDrop.body"),
    },
    cpa: { up: message("organizationCpaRise", "organizationCpaRise.title", "organizationCpaRise.body") },
    roas: { down: message("organizationRoasDrop", "organizationRoasDrop.title", "organizationRoasDrop.body") },
    conversions: {
      down: message(
        "organizationConversionsDrop",
        "organizationConversionsDrop.title",
        "organizationConversionsDrop.body",
      ),
    },
  },
} satisfies Record<
  "campaign" | "organization",
  Record<MonitoredMetric, Partial<Record<"up" | "down", MonitoringMessageKey>>>
>;

export const OPERATIONS_MESSAGES = {
  syncFailing: message("syncFailing", "syncFailing.title", "syncFailing.body"),
  tokenRevoked: message("tokenRevoked", "tokenRevoked.title", "tokenRevoked.body"),
  tokenExpiring: message("tokenExpiring", "tokenExpiring.title", "tokenExpiring.body"),
} as const;

/** Why a platform stopped a campaign (campaigns.platform_issue) → its message. */
export const CAMPAIGN_STOPPED_MESSAGES = {
  budget_exhausted: message("campaignStoppedBudget", "campaignStoppedBudget.title", "campaignStoppedBudget.body"),
  disapproved: message(
    "campaignStoppedDisapproved",
    "campaignStoppedDisapproved.title",
    "campaignStoppedDisapproved.body",
  ),
  account_suspended: message(
    "campaignStoppedSuspended",
    "campaignStoppedSuspended.title",
    "campaignStoppedSuspended.body",
  ),
  other: message("campaignStoppedOther", "campaignStoppedOther.title", "campaignStoppedOther.body"),
} as const;
