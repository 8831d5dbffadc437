import type { Context, Hono } from "hono";
import type { SandboxKit, SimAccount, SimAd, SimAdGroup, SimCampaign } from "../sandbox-kit.ts";
import { mediaSizeOf, sandboxMediaUrl } from "../sandbox-media.ts";
import {
  apiFault,
  asRecord,
  BatchErrors,
  MESSAGES,
  type MicrosoftScope,
  PLATFORM,
  type ReportJob,
  readBody,
  readLong,
  reportCell,
  toLong,
} from "./microsoft-ads-common.ts";

/**
 * Campaign Management below the campaign (Bing Ads API v13 REST): AdGroups/QueryByCampaignId,
 * Ads/QueryByAdGroupId (ResponsiveSearch for text creatives, ResponsiveAd with image assets for
 * the rest), PUT Ads for an ad's FinalUrlSuffix, and MediaMetaData/QueryByIds, which gives an
 * image asset its URLs (Microsoft's ads carry only the asset id).
 */

/** Microsoft's AdType values an Ads/QueryByAdGroupId may ask for. */
const AD_TYPES = new Set([
  "AppInstall",
  "DynamicSearch",
  "ExpandedText",
  "Hotel",
  "Image",
  "Product",
  "ResponsiveAd",
  "ResponsiveSearch",
  "Text",
]);
const MAX_URL_SUFFIX_LENGTH = 2048;
/** Ads per UpdateAds call. */
const MAX_ADS_PER_CALL = 50;

const statusOf = (status: SimAdGroup["status"]) =>
  status === "enabled" ? "Active" : status === "removed" ? "Deleted" : "Paused";
const textAsset = (text: string, max: number, id: string) => ({
  Asset: {
    Id: toLong(id),
    Name: null,
    Type: "TextAsset",
    Text: text.length > max ? text.slice(0, max).trimEnd() : text,
  },
  AssetPerformance: null,
  EditorialStatus: "Active",
  PinnedField: null,
});

export function registerMicrosoftAds(app: Hono, kit: SandboxKit, scope: MicrosoftScope): void {
  const { authenticate, checkAccountScope } = scope;

  /** The account in CustomerAccountId (these calls carry no AccountId in their body). */
  async function accountOf(c: Context): Promise<{ tenant: string; account: SimAccount } | Response> {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const account = checkAccountScope(c, auth.tenant, c.req.header("CustomerAccountId") ?? null);
    if (account instanceof Response) return account;
    return { tenant: auth.tenant, account };
  }

  app.post("/CampaignManagement/v13/AdGroups/QueryByCampaignId", async (c) => {
    const scoped = await accountOf(c);
    if (scoped instanceof Response) return scoped;
    const campaignId = readLong((await readBody(c)).CampaignId);
    const campaigns = await kit.engine.listCampaigns(scoped.tenant, PLATFORM, scoped.account.id);
    if (!campaignId || !campaigns.some((campaign) => campaign.id === campaignId && campaign.status !== "removed")) {
      return apiFault(c, "campaign", 400, 1100, "CampaignServiceInvalidCampaignId", "The campaign ID is invalid.");
    }
    const groups = await kit.engine.listAdGroups(scoped.tenant, PLATFORM, scoped.account.id);
    return c.json({
      AdGroups: groups
        .filter((group) => group.campaignId === campaignId && group.status !== "removed")
        .map((group) => ({
          AdRotation: { Type: "RotateAdsEvenly" },
          AudienceAdsBidAdjustment: null,
          BiddingScheme: { Type: "InheritFromParent", InheritedBidStrategyType: "EnhancedCpc" },
          CpcBid: { Amount: 0.5 },
          EndDate: null,
          FinalUrlSuffix: null,
          ForwardCompatibilityMap: [],
          Id: toLong(group.id),
          Language: null,
          Name: group.name,
          Network: "OwnedAndOperatedAndSyndicatedSearch",
          Settings: null,
          StartDate: null,
          Status: statusOf(group.status),
          TrackingUrlTemplate: null,
          UrlCustomParameters: null,
          AdScheduleUseSearcherTimeZone: false,
          AdGroupType: "SearchStandard",
          CampaignId: toLong(group.campaignId),
        })),
      PartialErrors: null,
    });
  });

  app.post("/CampaignManagement/v13/Ads/QueryByAdGroupId", async (c) => {
    const scoped = await accountOf(c);
    if (scoped instanceof Response) return scoped;
    const body = await readBody(c);
    const adGroupId = readLong(body.AdGroupId);
    const types = Array.isArray(body.AdTypes) ? body.AdTypes.map(String) : [];
    if (types.length === 0 || types.some((type) => !AD_TYPES.has(type))) {
      return apiFault(c, "campaign", 400, 1363, "CampaignServiceInvalidAdType", "The ad type is not valid.");
    }
    const groups = await kit.engine.listAdGroups(scoped.tenant, PLATFORM, scoped.account.id);
    if (!adGroupId || !groups.some((group) => group.id === adGroupId)) {
      return apiFault(c, "campaign", 400, 1201, "CampaignServiceInvalidAdGroupId", "The ad group ID is invalid.");
    }
    const ads = (await kit.engine.listAds(scoped.tenant, PLATFORM, scoped.account.id)).filter(
      (ad) => ad.adGroupId === adGroupId && types.includes(typeOf(ad)),
    );
    const brand = kit.engine.describeStore(scoped.tenant, "shopify").name;
    return c.json({ Ads: ads.map((ad) => serializeAd(ad, brand)), PartialErrors: null });
  });

  app.put("/CampaignManagement/v13/Ads", async (c) => {
    const scoped = await accountOf(c);
    if (scoped instanceof Response) return scoped;
    const body = await readBody(c);
    const adGroupId = readLong(body.AdGroupId);
    const updates = Array.isArray(body.Ads) ? (body.Ads as unknown[]) : [];
    if (updates.length === 0 || updates.length > MAX_ADS_PER_CALL) {
      return apiFault(
        c,
        "campaign",
        400,
        updates.length === 0 ? 1302 : 1303,
        updates.length === 0 ? "CampaignServiceAdsArrayShouldNotBeNullOrEmpty" : "CampaignServiceAdsArrayExceedsLimit",
        updates.length === 0 ? "The list of ads is null or empty." : "The list of ads exceeds the limit.",
      );
    }
    const ads = (await kit.engine.listAds(scoped.tenant, PLATFORM, scoped.account.id)).filter(
      (ad) => ad.adGroupId === adGroupId,
    );
    if (!adGroupId || ads.length === 0) {
      return apiFault(c, "campaign", 400, 1201, "CampaignServiceInvalidAdGroupId", "The ad group ID is invalid.");
    }
    const errors = new BatchErrors();
    for (const [index, raw] of updates.entries()) {
      const update = asRecord(raw);
      const ad = ads.find((candidate) => candidate.id === readLong(update.Id));
      if (!ad) {
        errors.add(index, 1300, "CampaignServiceInvalidAdId", "The ad ID is invalid.", "Id");
        continue;
      }
      if (update.Type !== typeOf(ad)) {
        errors.add(index, 1363, "CampaignServiceInvalidAdType", "The ad type is not valid.", "Type");
        continue;
      }
      // Null leaves the suffix as it is; an empty string deletes it.
      const suffix = update.FinalUrlSuffix;
      if (suffix === undefined || suffix === null) continue;
      if (typeof suffix !== "string" || suffix.length > MAX_URL_SUFFIX_LENGTH || /^[?&#]|\s/.test(suffix)) {
        errors.add(
          index,
          5626,
          "FinalUrlSuffixMalformed",
          "The final URL suffix is malformed: parameters without a leading '?' or '&', and no spaces.",
          "FinalUrlSuffix",
        );
        continue;
      }
      await kit.engine.setAdUrlSuffix(scoped.tenant, PLATFORM, ad.id, suffix === "" ? null : suffix);
    }
    return c.json({ PartialErrors: errors.list });
  });

  app.post("/CampaignManagement/v13/MediaMetaData/QueryByIds", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const account = checkAccountScope(c, auth.tenant, readLong(body.AccountId));
    if (account instanceof Response) return account;
    const ids = Array.isArray(body.MediaIds) ? body.MediaIds.map(readLong) : [];
    if (ids.length === 0 || ids.length > 100 || ids.some((id) => id === null)) {
      return apiFault(c, "campaign", 400, 201, "ApiInputValidationError", MESSAGES.invalidInput);
    }
    const ads = await kit.engine.listAds(auth.tenant, PLATFORM, account.id);
    const media = [];
    const errors = new BatchErrors();
    for (const [index, id] of ids.entries()) {
      const ad = ads.find((candidate) => candidate.creative.id === id && candidate.creative.kind !== "text");
      if (!ad) {
        errors.add(index, 3002, "CampaignServiceMediaNotFound", "The media was not found.", "MediaIds");
        continue;
      }
      const size = mediaSizeOf(PLATFORM, ad.creative.kind);
      media.push({
        Id: toLong(ad.creative.id),
        MediaType: "Image",
        Type: "Image",
        Representations: [
          {
            Type: "ImageMediaRepresentation",
            Name: "Default",
            Url: sandboxMediaUrl(c, PLATFORM, ad.creative.mediaUrlPath),
            Width: size.width,
            Height: size.height,
          },
          {
            Type: "ImageMediaRepresentation",
            Name: "Thumbnail",
            Url: sandboxMediaUrl(c, PLATFORM, ad.creative.thumbnailUrlPath),
            Width: 320,
            Height: Math.round((320 * size.height) / size.width),
          },
        ],
      });
    }
    return c.json({ MediaMetaData: media, PartialErrors: errors.list });
  });
}

/** Text creatives are responsive search ads; image creatives responsive (audience) ads. */
export function typeOf(ad: SimAd): "ResponsiveSearch" | "ResponsiveAd" {
  return ad.creative.kind === "text" ? "ResponsiveSearch" : "ResponsiveAd";
}

function serializeAd(ad: SimAd, brand: string) {
  const { creative } = ad;
  const common = {
    AdFormatPreference: "All",
    DevicePreference: null,
    EditorialStatus: "Active",
    FinalAppUrls: null,
    FinalMobileUrls: null,
    FinalUrlSuffix: creative.urlSuffix,
    FinalUrls: [creative.landingUrl],
    ForwardCompatibilityMap: [],
    Id: toLong(ad.id),
    Status: statusOf(ad.status),
    TrackingUrlTemplate: null,
    UrlCustomParameters: null,
  };
  const second = ad.name.split(" – ")[1] ?? creative.headline;
  if (typeOf(ad) === "ResponsiveSearch") {
    return {
      ...common,
      Type: "ResponsiveSearch",
      Descriptions: [textAsset(creative.body, 90, `${ad.id}3`)],
      Domain: null,
      Headlines: [textAsset(creative.headline, 30, `${ad.id}1`), textAsset(second, 30, `${ad.id}2`)],
      Path1: null,
      Path2: null,
    };
  }
  return {
    ...common,
    Type: "ResponsiveAd",
    BusinessName: brand,
    CallToAction: "ShopNow",
    CallToActionLanguage: "English",
    Descriptions: [textAsset(creative.body, 90, `${ad.id}3`)],
    Headlines: [textAsset(creative.headline, 30, `${ad.id}1`)],
    Images: [
      {
        Asset: { Id: toLong(creative.id), Name: ad.name, Type: "ImageAsset", SubType: "LandscapeImageMedia" },
        AssetPerformance: null,
        EditorialStatus: "Active",
        PinnedField: null,
      },
    ],
    LongHeadlines: [textAsset(creative.headline, 90, `${ad.id}4`)],
    Videos: null,
  };
}

/** The AdPerformanceReport's rows of one account: one per ad and day, the ad's columns beside the campaign's. */
export async function adReportLines(
  kit: SandboxKit,
  job: ReportJob,
  account: SimAccount,
  campaigns: Map<string, SimCampaign>,
): Promise<string[][]> {
  const ads = new Map((await kit.engine.listAds(job.tenant, PLATFORM, account.id)).map((ad) => [ad.id, ad]));
  const groups = new Map(
    (await kit.engine.listAdGroups(job.tenant, PLATFORM, account.id)).map((group) => [group.id, group]),
  );
  const days = await kit.engine.adDailyMetrics(job.tenant, PLATFORM, account.id, job.range);
  return days.map((day) => {
    const ad = ads.get(day.adId);
    return job.columns.map((column) => {
      switch (column) {
        case "AdGroupId":
          return ad?.adGroupId ?? "";
        case "AdGroupName":
          return (ad && groups.get(ad.adGroupId)?.name) ?? "";
        case "AdId":
          return day.adId;
        case "AdTitle":
          return ad?.creative.headline ?? "";
        case "AdType":
          return ad ? (typeOf(ad) === "ResponsiveSearch" ? "Responsive search ad" : "Responsive ad") : "";
        case "AdStatus":
          return ad ? statusOf(ad.status) : "";
        case "FinalUrl":
          return ad?.creative.landingUrl ?? "";
        default:
          return reportCell(column, account, campaigns.get(day.campaignId), day);
      }
    });
  });
}
