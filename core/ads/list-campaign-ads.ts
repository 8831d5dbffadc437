import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { addAdSums, NO_AD_SUMS, toAdKpis } from "./ad-kpis.ts";
import type { AdSums, AdsRepository } from "./ads-repository.ts";
import type { AdGroupWithAds, CampaignAds } from "./ads-types.ts";

export const NO_SUCH_CAMPAIGN = "There is no campaign with this id.";

/** A campaign's ad groups, each with its ads, their creative and their numbers over the range (the campaign page's ads tab, the API). */
export async function listCampaignAds(
  deps: { ads: AdsRepository },
  actor: Actor,
  input: { campaignId: string; range: DateRange },
): Promise<CampaignAds> {
  const campaign = await deps.ads.findCampaign(actor.organizationId, input.campaignId);
  if (!campaign) throw new AppError("not_found", NO_SUCH_CAMPAIGN);
  const [ads, sums] = await Promise.all([
    deps.ads.listAdsOfCampaign(actor.organizationId, input.campaignId),
    deps.ads.sumsByAdOfCampaign(actor.organizationId, input.campaignId, input.range),
  ]);
  const groups = new Map<string, { group: Omit<AdGroupWithAds, "metrics">; sums: AdSums }>();
  for (const ad of ads) {
    const adSums = sums.get(ad.id) ?? NO_AD_SUMS;
    let entry = groups.get(ad.adGroupId);
    if (!entry) {
      entry = {
        group: {
          id: ad.adGroupId,
          externalId: ad.adGroupExternalId,
          name: ad.adGroupName,
          status: ad.adGroupStatus,
          ads: [],
        },
        sums: NO_AD_SUMS,
      };
      groups.set(ad.adGroupId, entry);
    }
    entry.sums = addAdSums(entry.sums, adSums);
    entry.group.ads.push({
      id: ad.id,
      externalId: ad.externalId,
      name: ad.name,
      status: ad.status,
      adGroupId: ad.adGroupId,
      creative: ad.creative,
      metrics: toAdKpis(adSums, ad.creative.kind),
    });
  }
  return {
    campaignId: input.campaignId,
    platform: campaign.platform,
    currency: campaign.currency,
    range: input.range,
    adGroups: [...groups.values()].map(({ group, sums: groupSums }) => ({
      ...group,
      metrics: toAdKpis(groupSums, null),
    })),
  };
}
