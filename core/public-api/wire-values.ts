/**
 * The public API's names for our values: platforms as developers know them (meta, not facebook-ads)
 * and campaign statuses as marketers say them (active, not enabled).
 */

import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

export const WIRE_PLATFORMS = ["google_ads", "microsoft_ads", "meta", "tiktok", "linkedin"] as const;
export type WirePlatform = (typeof WIRE_PLATFORMS)[number];

export const WIRE_STATUSES = ["active", "paused", "removed"] as const;
export type WireStatus = (typeof WIRE_STATUSES)[number];

const PLATFORM_BY_ID: Record<AdPlatformId, WirePlatform> = {
  "google-ads": "google_ads",
  "microsoft-ads": "microsoft_ads",
  "facebook-ads": "meta",
  "tiktok-ads": "tiktok",
  "linkedin-ads": "linkedin",
};
const ID_BY_PLATFORM = Object.fromEntries(Object.entries(PLATFORM_BY_ID).map(([id, wire]) => [wire, id])) as Record<
  WirePlatform,
  AdPlatformId
>;

const STATUS_BY_CAMPAIGN_STATUS: Record<CampaignStatus, WireStatus> = {
  enabled: "active",
  paused: "paused",
  removed: "removed",
};
const CAMPAIGN_STATUS_BY_STATUS: Record<WireStatus, CampaignStatus> = {
  active: "enabled",
  paused: "paused",
  removed: "removed",
};

export const toWirePlatform = (platform: AdPlatformId): WirePlatform => PLATFORM_BY_ID[platform];
export const fromWirePlatform = (platform: WirePlatform): AdPlatformId => ID_BY_PLATFORM[platform];
export const toWireStatus = (status: CampaignStatus): WireStatus => STATUS_BY_CAMPAIGN_STATUS[status];
export const fromWireStatus = (status: WireStatus): CampaignStatus => CAMPAIGN_STATUS_BY_STATUS[status];
