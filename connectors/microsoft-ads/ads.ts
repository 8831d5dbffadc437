import type {
  AdLevelReads,
  DateRange,
  ExternalAd,
  ExternalAdAccount,
  ExternalAdDailyMetric,
  ExternalAdGroup,
  ExternalCampaignStatus,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { createMicrosoftAdsClient, MicrosoftScope } from "./client.ts";
import { mapMicrosoftReportRow } from "./mappers.ts";
import {
  getAdGroupsResponseSchema,
  getAdsResponseSchema,
  getMediaMetaDataResponseSchema,
  type MicrosoftAd,
  type MicrosoftBatchError,
  updateAdsResponseSchema,
} from "./schemas.ts";

/**
 * Microsoft Advertising below the campaign: GetAdGroupsByCampaignId per campaign, GetAdsByAdGroupId
 * per ad group (responsive search ads for text, responsive ads whose images are assets, read with
 * GetMediaMetaDataByIds for their URLs), UpdateAds for an ad's FinalUrlSuffix, and the
 * AdPerformanceReportRequest (Submit, Poll, ZIP download) for ad-days, money as decimals.
 */

const AD_TYPES = ["ResponsiveSearch", "ResponsiveAd", "ExpandedText", "Text"];
const AD_REPORT_COLUMNS = [
  "TimePeriod",
  "AccountId",
  "CampaignId",
  "AdGroupId",
  "AdId",
  "Impressions",
  "Clicks",
  "Spend",
  "Conversions",
  "Revenue",
  "CurrencyCode",
];
/** Media ids per GetMediaMetaDataByIds call. */
const MEDIA_IDS_PER_CALL = 100;

type Client = ReturnType<typeof createMicrosoftAdsClient>;

export interface MicrosoftAdLevelDeps {
  client: Client;
  scopeOf: (account: ExternalAdAccount) => MicrosoftScope;
  /** The account's campaigns (deleted ones are not listed, and their ad groups not either). */
  campaignIdsOf: (tokens: TokenSet, account: ExternalAdAccount) => Promise<string[]>;
  runReport: (
    tokens: TokenSet,
    account: ExternalAdAccount,
    range: DateRange,
    request: { Type: string; ReportName: string; Columns: readonly string[] },
  ) => Promise<Record<string, string>[]>;
  checkDigits: (id: string) => string;
  checkRange: (range: DateRange) => DateRange;
  throwPartialError: (errors: (MicrosoftBatchError | null)[] | null | undefined, fallback: string) => void;
}

export function createMicrosoftAdLevelReads(deps: MicrosoftAdLevelDeps): Required<AdLevelReads> {
  const { client, scopeOf, checkDigits } = deps;

  async function adGroupsOf(tokens: TokenSet, account: ExternalAdAccount): Promise<ExternalAdGroup[]> {
    const groups: ExternalAdGroup[] = [];
    for (const campaignId of await deps.campaignIdsOf(tokens, account)) {
      const answer = await client.call({
        service: "campaignManagement",
        path: "AdGroups/QueryByCampaignId",
        accessToken: tokens.accessToken,
        scope: scopeOf(account),
        body: { CampaignId: Number(checkDigits(campaignId)) },
        schema: getAdGroupsResponseSchema,
      });
      for (const group of answer.AdGroups) {
        groups.push({
          externalId: group.Id,
          campaignExternalId: campaignId,
          name: group.Name ?? group.Id,
          status: statusOf(group.Status),
        });
      }
    }
    return groups;
  }

  /** Image URLs by media id: the default representation, and the smallest as the thumbnail. */
  async function mediaOf(tokens: TokenSet, account: ExternalAdAccount, ids: string[]) {
    const media = new Map<string, { mediaUrl: string | null; thumbnailUrl: string | null }>();
    for (let start = 0; start < ids.length; start += MEDIA_IDS_PER_CALL) {
      const answer = await client.call({
        service: "campaignManagement",
        path: "MediaMetaData/QueryByIds",
        accessToken: tokens.accessToken,
        scope: scopeOf(account),
        body: {
          AccountId: Number(account.externalId),
          MediaIds: ids.slice(start, start + MEDIA_IDS_PER_CALL).map(Number),
        },
        schema: getMediaMetaDataResponseSchema,
      });
      for (const item of answer.MediaMetaData) {
        const sizes = (item.Representations ?? []).filter((size) => size.Url);
        const largest = [...sizes].sort((a, b) => (b.Width ?? 0) - (a.Width ?? 0))[0];
        const smallest = [...sizes].sort((a, b) => (a.Width ?? 0) - (b.Width ?? 0))[0];
        media.set(item.Id, { mediaUrl: largest?.Url ?? null, thumbnailUrl: smallest?.Url ?? null });
      }
    }
    return media;
  }

  return {
    listAdGroups: adGroupsOf,

    async listAds(tokens, account) {
      const found: { ad: MicrosoftAd; group: ExternalAdGroup }[] = [];
      for (const group of await adGroupsOf(tokens, account)) {
        const answer = await client.call({
          service: "campaignManagement",
          path: "Ads/QueryByAdGroupId",
          accessToken: tokens.accessToken,
          scope: scopeOf(account),
          body: { AdGroupId: Number(group.externalId), AdTypes: AD_TYPES },
          schema: getAdsResponseSchema,
        });
        for (const ad of answer.Ads) found.push({ ad, group });
      }
      const imageIds = [...new Set(found.flatMap(({ ad }) => imageIdOf(ad) ?? []))];
      const media = imageIds.length > 0 ? await mediaOf(tokens, account, imageIds) : new Map();
      return found.map(({ ad, group }): ExternalAd => {
        const imageId = imageIdOf(ad);
        const headline = ad.Headlines?.[0]?.Asset?.Text ?? ad.TitlePart1 ?? ad.Title ?? null;
        return {
          externalId: ad.Id,
          adGroupExternalId: group.externalId,
          campaignExternalId: group.campaignExternalId,
          // Microsoft's ads have no name; the headline is what its web UI shows.
          name: headline ?? `${ad.Type} ${ad.Id}`,
          status: statusOf(ad.Status),
          creative: {
            externalId: imageId ?? ad.Id,
            kind: imageId ? "image" : "text",
            headline,
            body: ad.Descriptions?.[0]?.Asset?.Text ?? ad.Text ?? null,
            landingUrl: ad.FinalUrls?.[0] ?? null,
            urlSuffix: ad.FinalUrlSuffix || null,
            ...(imageId
              ? (media.get(imageId) ?? { mediaUrl: null, thumbnailUrl: null })
              : { mediaUrl: null, thumbnailUrl: null }),
          },
        };
      });
    },

    async fetchAdDailyMetrics(tokens, account, range) {
      const rows = await deps.runReport(tokens, account, deps.checkRange(range), {
        Type: "AdPerformanceReportRequest",
        ReportName: "Adhelm daily ad performance",
        Columns: AD_REPORT_COLUMNS,
      });
      return rows.map((row): ExternalAdDailyMetric => {
        const adId = row.AdId ?? "";
        if (!/^\d+$/.test(adId)) {
          throw new PlatformError("microsoft-ads", "rejected", "Microsoft's ad report has a row without an ad.");
        }
        const {
          campaignExternalId,
          date,
          impressions,
          clicks,
          spendMinor,
          conversions,
          conversionValueMinor,
          currency,
        } = mapMicrosoftReportRow(row, account.currency);
        return {
          adExternalId: adId,
          campaignExternalId,
          date,
          impressions,
          // The ad performance report has no reach, and no video views for search and audience ads.
          reach: null,
          clicks,
          spendMinor,
          conversions,
          conversionValueMinor,
          videoViews: null,
          currency,
        };
      });
    },

    /** UpdateAds names the ad group and the ad's type; the ad is found among the account's ads. */
    async setAdUrlSuffix(tokens, account, adExternalId, urlSuffix) {
      const adId = checkDigits(adExternalId);
      for (const group of await adGroupsOf(tokens, account)) {
        const answer = await client.call({
          service: "campaignManagement",
          path: "Ads/QueryByAdGroupId",
          accessToken: tokens.accessToken,
          scope: scopeOf(account),
          body: { AdGroupId: Number(group.externalId), AdTypes: AD_TYPES },
          schema: getAdsResponseSchema,
        });
        const ad = answer.Ads.find((candidate) => candidate.Id === adId);
        if (!ad) continue;
        const updated = await client.call({
          service: "campaignManagement",
          path: "Ads",
          method: "PUT",
          accessToken: tokens.accessToken,
          scope: scopeOf(account),
          body: {
            AdGroupId: Number(group.externalId),
            // An empty string deletes the suffix; null would leave it unchanged.
            Ads: [{ Type: ad.Type, Id: Number(adId), FinalUrlSuffix: urlSuffix.replace(/^[?&]+/, "") }],
          },
          schema: updateAdsResponseSchema,
        });
        deps.throwPartialError(updated.PartialErrors, "Microsoft Ads refused the ad update.");
        return;
      }
      throw new PlatformError(
        "microsoft-ads",
        "rejected",
        `Ad ${adExternalId} was not found in Microsoft Ads account ${account.externalId}.`,
      );
    },
  };
}

function imageIdOf(ad: MicrosoftAd): string | null {
  return ad.Images?.find((link) => link.Asset?.Id)?.Asset?.Id ?? null;
}

function statusOf(status: string | null | undefined): ExternalCampaignStatus {
  if (status === "Active") return "enabled";
  if (status === "Deleted") return "removed";
  return "paused";
}
