/** The ads slice's domain: ad groups, ads with their creative, creatives with their use, and their metrics. */
import type { Kpis } from "#core/analytics/analytics-types.ts";
import type { CreativeKind, DateRange } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { FatigueVerdict } from "./creative-fatigue.ts";

export interface Creative {
  /** Ours, shared by every ad that shows it. */
  id: string;
  externalId: string;
  kind: CreativeKind;
  headline: string | null;
  body: string | null;
  landingUrl: string | null;
  urlSuffix: string | null;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  /** Whether its clicks carry utm_source, utm_medium and utm_campaign. */
  hasUtm: boolean;
}

/** An ad's or a creative's numbers over a range: the campaign KPIs plus reach and video views. */
export interface AdKpis extends Kpis {
  /** Summed daily reach; null when the platform reports none. */
  reach: number | null;
  /** null when the platform or creative has none. */
  videoViews: number | null;
  /** Video views ÷ impressions, for video creatives; null otherwise or without impressions. */
  hookRate: number | null;
}

export interface AdWithMetrics {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  adGroupId: string;
  creative: Creative;
  metrics: AdKpis;
}

export interface AdGroupWithAds {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  metrics: AdKpis;
  ads: AdWithMetrics[];
}

export interface CampaignAds {
  campaignId: string;
  platform: AdPlatformId;
  currency: string;
  range: DateRange;
  adGroups: AdGroupWithAds[];
}

export interface AdDailyRow {
  date: string;
  metrics: AdKpis;
}

export interface AdMetrics {
  adId: string;
  campaignId: string;
  creativeKind: CreativeKind;
  currency: string;
  range: DateRange;
  total: AdKpis;
  /** Every day of the range, zero-filled. */
  daily: AdDailyRow[];
}

/** Where a creative is used: campaign → ad group → ad. */
export interface CreativeUse {
  campaignId: string;
  campaignName: string;
  adGroupId: string;
  adGroupName: string;
  adId: string;
  adName: string;
  status: CampaignStatus;
}

export type CreativeStatus = CampaignStatus;

export interface CreativeSummary extends Creative {
  platforms: AdPlatformId[];
  adAccountId: string;
  currency: string;
  /** enabled when one of its ads is, else paused when one is, else removed. */
  status: CreativeStatus;
  usedIn: CreativeUse[];
  metrics: AdKpis;
  fatigue: FatigueVerdict;
}

export interface CreativePage {
  range: DateRange;
  creatives: CreativeSummary[];
  nextCursor: string | null;
}
