import type { CampaignStatus } from "#core/shared/domain-enums.ts";

/**
 * How a campaign's status reads in the CSV exports: keys of core's "csv" catalog
 * (core/campaigns/locales), translated with `csvText` in the reader's language.
 */
export const CAMPAIGN_STATUS_KEYS = {
  enabled: "status.enabled",
  paused: "status.paused",
  removed: "status.removed",
} as const satisfies Record<CampaignStatus, string>;
