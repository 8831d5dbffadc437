import { microsToMinor } from "#connectors/money-units.ts";
import type {
  AdLevelReads,
  ConnectorConfig,
  CreativeKind,
  ExternalAd,
  ExternalAdDailyMetric,
  ExternalAdGroup,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { createGoogleAdsClient } from "./client.ts";
import { mapGoogleCampaignStatus } from "./mappers.ts";
import type { GoogleAdsRow } from "./schemas.ts";

/**
 * Google Ads below the campaign, over GAQL: ad groups (`FROM ad_group`), ads with their creative
 * (`FROM ad_group_ad`: responsive search, responsive display and video responsive ads, whose
 * images and videos are assets, read with `FROM asset`), and metrics per ad and day (`FROM
 * ad_group_ad` with segments.date, by `:searchStream`). Money comes in micros (cost_micros) and
 * as a double (conversions_value); YouTube videos are linked by id, their thumbnails on i.ytimg.com.
 */

const AD_GROUPS_QUERY = "SELECT ad_group.id, ad_group.name, ad_group.status, campaign.id FROM ad_group";
const ADS_QUERY =
  "SELECT ad_group_ad.ad.id, ad_group_ad.ad.name, ad_group_ad.ad.type, ad_group_ad.status, ad_group.id, campaign.id, " +
  "ad_group_ad.ad.final_urls, ad_group_ad.ad.final_url_suffix, ad_group_ad.ad.responsive_search_ad.headlines, " +
  "ad_group_ad.ad.responsive_search_ad.descriptions, ad_group_ad.ad.responsive_display_ad.marketing_images, " +
  "ad_group_ad.ad.responsive_display_ad.headlines, ad_group_ad.ad.responsive_display_ad.long_headline, " +
  "ad_group_ad.ad.responsive_display_ad.descriptions, ad_group_ad.ad.video_responsive_ad.videos, " +
  "ad_group_ad.ad.video_responsive_ad.headlines, ad_group_ad.ad.video_responsive_ad.descriptions FROM ad_group_ad";
const ASSETS_QUERY =
  "SELECT asset.id, asset.type, asset.image_asset.full_size.url, asset.youtube_video_asset.youtube_video_id FROM asset";

type GoogleAdsClient = ReturnType<typeof createGoogleAdsClient>;
type Ad = NonNullable<NonNullable<GoogleAdsRow["adGroupAd"]>["ad"]>;

export function createGoogleAdLevelReads(
  config: ConnectorConfig,
  client: GoogleAdsClient,
  checkDigits: (id: string) => string,
): Required<AdLevelReads> {
  const youtubeRoot = config.urls.youtube ?? "https://www.youtube.com";
  const ytimgRoot = config.urls.ytimg ?? "https://i.ytimg.com";

  /** An asset's file: an image's URL, or a YouTube video's watch page and thumbnail. */
  function mediaOf(row: GoogleAdsRow): { mediaUrl: string | null; thumbnailUrl: string | null } {
    const image = row.asset?.imageAsset?.fullSize?.url;
    // Google keeps only the full-size image of an asset: it serves as its thumbnail too.
    if (image) return { mediaUrl: image, thumbnailUrl: image };
    const videoId = row.asset?.youtubeVideoAsset?.youtubeVideoId;
    if (videoId) {
      const id = encodeURIComponent(videoId);
      return { mediaUrl: `${youtubeRoot}/watch?v=${id}`, thumbnailUrl: `${ytimgRoot}/vi/${id}/hqdefault.jpg` };
    }
    return { mediaUrl: null, thumbnailUrl: null };
  }

  return {
    async listAdGroups(tokens, account) {
      const rows = await client.search(tokens.accessToken, checkDigits(account.externalId), AD_GROUPS_QUERY);
      return rows.map((row): ExternalAdGroup => {
        const id = row.adGroup?.id;
        const campaignId = row.campaign?.id;
        if (!id || !campaignId) {
          throw new PlatformError("google-ads", "rejected", "Google Ads returned an ad group without id or campaign.");
        }
        return {
          externalId: id,
          campaignExternalId: campaignId,
          name: row.adGroup?.name ?? id,
          status: mapGoogleCampaignStatus(row.adGroup?.status),
        };
      });
    },

    async listAds(tokens, account) {
      const customerId = checkDigits(account.externalId);
      const [adRows, assetRows] = [
        await client.search(tokens.accessToken, customerId, ADS_QUERY),
        await client.search(tokens.accessToken, customerId, ASSETS_QUERY),
      ];
      const assets = new Map(assetRows.map((row) => [row.asset?.resourceName ?? "", row]));
      return adRows.map((row): ExternalAd => {
        const ad = row.adGroupAd?.ad;
        const adGroupId = row.adGroup?.id;
        const campaignId = row.campaign?.id;
        if (!ad?.id || !adGroupId || !campaignId) {
          throw new PlatformError(
            "google-ads",
            "rejected",
            "Google Ads returned an ad without id, ad group or campaign.",
          );
        }
        const kind = kindOf(ad);
        const assetName = (ad.responsiveDisplayAd?.marketingImages ?? ad.videoResponsiveAd?.videos ?? [])[0]?.asset;
        const asset = assetName ? assets.get(assetName) : undefined;
        const copy = copyOf(ad);
        return {
          externalId: ad.id,
          adGroupExternalId: adGroupId,
          campaignExternalId: campaignId,
          name: ad.name || `${ad.type ?? "Ad"} ${ad.id}`,
          status: mapGoogleCampaignStatus(row.adGroupAd?.status),
          creative: {
            externalId: asset?.asset?.id ?? ad.id,
            kind,
            headline: copy.headline,
            body: copy.body,
            landingUrl: ad.finalUrls?.[0] ?? null,
            urlSuffix: ad.finalUrlSuffix || null,
            ...(asset ? mediaOf(asset) : { mediaUrl: null, thumbnailUrl: null }),
          },
        };
      });
    },

    async fetchAdDailyMetrics(tokens, account, range) {
      const { from, to } = checkRange(range);
      const query =
        "SELECT ad_group_ad.ad.id, campaign.id, segments.date, metrics.impressions, metrics.clicks, " +
        "metrics.cost_micros, metrics.conversions, metrics.conversions_value, metrics.video_trueview_views " +
        `FROM ad_group_ad WHERE segments.date BETWEEN '${from}' AND '${to}'`;
      const rows = await client.searchStream(tokens.accessToken, checkDigits(account.externalId), query);
      const currency = account.currency;
      return rows.map((row): ExternalAdDailyMetric => {
        const adId = row.adGroupAd?.ad?.id;
        const campaignId = row.campaign?.id;
        const date = row.segments?.date;
        if (!adId || !campaignId || !date) {
          throw new PlatformError(
            "google-ads",
            "rejected",
            "Google Ads returned an ad metrics row without ad or date.",
          );
        }
        const metrics = row.metrics ?? {};
        return {
          adExternalId: adId,
          campaignExternalId: campaignId,
          date,
          impressions: Number(metrics.impressions ?? 0),
          // Google reports reach only over whole ranges (unique users), never per ad and day.
          reach: null,
          clicks: Number(metrics.clicks ?? 0),
          spendMinor: microsToMinor(metrics.costMicros ?? 0, currency),
          conversions: metrics.conversions ?? 0,
          conversionValueMinor: decimalToMinor(metrics.conversionsValue ?? 0, currency),
          videoViews: metrics.videoTrueviewViews === undefined ? null : Number(metrics.videoTrueviewViews),
          currency,
        };
      });
    },

    /** AdService: an ad's final_url_suffix is one field of the ad itself (not of ad_group_ad). */
    async setAdUrlSuffix(tokens, account, adExternalId, urlSuffix) {
      const customerId = checkDigits(account.externalId);
      await client.mutate(tokens.accessToken, customerId, "ads", [
        {
          updateMask: "final_url_suffix",
          update: {
            resourceName: `customers/${customerId}/ads/${checkDigits(adExternalId)}`,
            finalUrlSuffix: urlSuffix.replace(/^[?&]+/, ""),
          },
        },
      ]);
    },
  };
}

function kindOf(ad: Ad): CreativeKind {
  if (ad.videoResponsiveAd || ad.type?.startsWith("VIDEO")) return "video";
  if (ad.responsiveDisplayAd || ad.type === "IMAGE_AD" || ad.type === "RESPONSIVE_DISPLAY_AD") return "image";
  return "text";
}

/** The ad's first headline and description, whichever ad type carries them. */
function copyOf(ad: Ad): { headline: string | null; body: string | null } {
  const parts = ad.responsiveSearchAd ?? ad.videoResponsiveAd ?? ad.responsiveDisplayAd;
  const headline = parts?.headlines?.[0]?.text ?? ad.responsiveDisplayAd?.longHeadline?.text ?? null;
  return { headline, body: parts?.descriptions?.[0]?.text ?? null };
}

function checkRange(range: { from: string; to: string }) {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) {
    throw new PlatformError("google-ads", "rejected", `Not a date range: ${range.from} to ${range.to}.`);
  }
  return range;
}
