import type { CampaignStatus } from "#core/shared/domain-enums.ts";

/** How a campaign's status reads, in the table, the change log and the CSV exports. */
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  enabled: "Active",
  paused: "Paused",
  removed: "Removed",
};
