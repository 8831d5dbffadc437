/** How platforms, statuses and change actions read, in the table, the change log and the CSV. */

import { CAMPAIGN_STATUS_LABELS } from "#core/campaigns/campaign-status-labels.ts";
import { PLATFORM_CATALOG, type PlatformListing } from "#core/connections/platform-catalog.ts";
import type { CampaignStatus, ChangeAction } from "#core/shared/domain-enums.ts";

export function platformListingOf(platform: string): PlatformListing | undefined {
  return PLATFORM_CATALOG.find((listing) => listing.id === platform);
}

export function platformNameOf(platform: string): string {
  return platformListingOf(platform)?.name ?? platform;
}

export const STATUS_LABELS: Record<CampaignStatus, string> = CAMPAIGN_STATUS_LABELS;

export const ACTION_LABELS: Record<ChangeAction, string> = {
  create: "Created",
  pause: "Paused",
  enable: "Enabled",
  set_budget: "Daily budget",
  rename: "Renamed",
  update: "Updated",
};
