import type { ConnectorConfig, ExternalAd, NewExternalImageAd, TokenSet } from "#core/shared/connector-port.ts";
import { type ExternalAdAccount, PlatformError } from "#core/shared/connector-port.ts";
import { createGoogleAdLevelReads } from "./ads.ts";
import type { createGoogleAdsClient } from "./client.ts";

type GoogleAdsClient = ReturnType<typeof createGoogleAdsClient>;

/** Google's text limits of a responsive display ad. */
const BUSINESS_NAME_MAX = 25;

/**
 * A responsive display ad from an uploaded image: AssetService (`assets:mutate`) creates an IMAGE
 * asset from the bytes, then AdGroupAdService (`adGroupAds:mutate`) creates the ad_group_ad with
 * the asset as its marketing image, the headline (also its long headline), the text as its
 * description and the account's name as the business name. The new ad is read back by GAQL.
 */
export function createGoogleImageAd(
  config: ConnectorConfig,
  client: GoogleAdsClient,
  checkDigits: (id: string) => string,
) {
  const reads = createGoogleAdLevelReads(config, client, checkDigits);
  return async (tokens: TokenSet, account: ExternalAdAccount, input: NewExternalImageAd): Promise<ExternalAd> => {
    const customerId = checkDigits(account.externalId);
    const adGroupId = checkDigits(input.adGroupExternalId);
    const [assetName] = await client.mutate(tokens.accessToken, customerId, "assets", [
      {
        create: {
          name: `${input.image.fileName} (${Date.now().toString(36)})`,
          type: "IMAGE",
          imageAsset: { data: Buffer.from(input.image.bytes).toString("base64") },
        },
      },
    ]);
    if (!assetName) throw new PlatformError("google-ads", "rejected", "Google Ads did not return the new image asset.");
    const [adGroupAdName] = await client.mutate(tokens.accessToken, customerId, "adGroupAds", [
      {
        create: {
          adGroup: `customers/${customerId}/adGroups/${adGroupId}`,
          status: input.status === "enabled" ? "ENABLED" : "PAUSED",
          ad: {
            name: input.name,
            finalUrls: [input.landingUrl],
            responsiveDisplayAd: {
              marketingImages: [{ asset: assetName }],
              headlines: [{ text: input.headline }],
              longHeadline: { text: input.headline },
              descriptions: [{ text: input.body }],
              businessName: account.name.slice(0, BUSINESS_NAME_MAX).trim() || "Adhelm",
            },
          },
        },
      },
    ]);
    const adId = /~(\d+)$/.exec(adGroupAdName ?? "")?.[1];
    if (!adId) throw new PlatformError("google-ads", "rejected", "Google Ads did not return the new ad.");
    const created = (await reads.listAds(tokens, account)).find((ad) => ad.externalId === adId);
    if (!created) throw new PlatformError("google-ads", "unavailable", "Google Ads does not list the new ad yet.");
    return created;
  };
}
