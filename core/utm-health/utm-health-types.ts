/** The UTM health check's shapes: the share of ads tagged for store attribution, the ads that are not, and a fix's results. */
import type { DateRange } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

/** The parameters store attribution needs on every click. */
export type RequiredUtmParameter = "utm_source" | "utm_medium" | "utm_campaign";

/** Why an ad's clicks cannot be attributed to it: a parameter missing, or a utm_source that names no (or another) platform. */
export interface UtmDiagnosis {
  missing: RequiredUtmParameter[];
  /** The utm_source found, when it does not name the ad's platform (store attribution then leaves its orders out). */
  wrongSource: string | null;
}

/** Why an ad cannot be fixed in one click; null when it can. */
export type UtmFixBlocker =
  /** TikTok and LinkedIn: their APIs cannot edit an ad's URL parameters. */
  | "platform_unsupported"
  /** The landing URL itself carries a utm_source for another platform, which a suffix cannot override. */
  | "landing_url_conflict";

export interface UntaggedAd {
  adId: string;
  adName: string;
  adStatus: CampaignStatus;
  adGroupName: string;
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  landingUrl: string | null;
  urlSuffix: string | null;
  diagnosis: UtmDiagnosis;
  spendMinor: number;
  currency: string;
  blocker: UtmFixBlocker | null;
  /** The suffix a fix would set (the team's own parameters kept); null when it cannot be fixed. */
  proposedSuffix: string | null;
}

export interface UtmShare {
  /** Ads counted: enabled ads of running campaigns, plus any ad that spent in the range. */
  ads: number;
  tagged: number;
  /** tagged ÷ ads; null without ads. */
  share: number | null;
}

export interface PlatformUtmHealth extends UtmShare {
  platform: AdPlatformId;
  /** Whether the platform's API lets Adhelm set an ad's URL suffix (Google, Microsoft, Meta). */
  canFix: boolean;
}

export interface UtmHealth {
  range: DateRange;
  overall: UtmShare;
  platforms: PlatformUtmHealth[];
  /** Ads lacking what attribution needs, most spend first: the first MAX_LISTED_UNTAGGED of them. */
  untagged: UntaggedAd[];
  /** How many ads lack it in all (more than `untagged` holds when the list was cut). */
  untaggedTotal: number;
  /** How many of them all can be fixed in one click. */
  fixable: number;
}

export type UtmFixOutcome = "fixed" | "failed" | "refused" | "unchanged";

export interface UtmFixResult {
  adId: string;
  adName: string;
  platform: AdPlatformId | null;
  outcome: UtmFixOutcome;
  /** What happened, in words a person understands (the platform's answer on a failure). */
  message: string;
  /** Why it was refused, when it was. */
  blocker: UtmFixBlocker | "not_found" | null;
  suffixBefore: string | null;
  suffixAfter: string | null;
}

export interface UtmFixReport {
  results: UtmFixResult[];
  fixed: number;
  failed: number;
  refused: number;
  unchanged: number;
}
