import { createHash } from "node:crypto";
import { z } from "zod";
import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { SimAd, SimAdDailyMetric, SimAdGroup, SimDailyMetric } from "../sandbox-kit.ts";
import type { SandboxStateRepository } from "../sandbox-state-repository.ts";
import { type AdGroupModel, type AdModel, buildCampaignAds, splitCampaignDay, toSimAd } from "./ads.ts";
import { dayNumberOf } from "./calendar.ts";
import type { CampaignModel } from "./model.ts";

/**
 * The engine's side of the ads: builds (and keeps) each campaign's ads from its model, stores the
 * URL suffixes changed through the APIs (one small settings record per tenant and platform), and
 * splits campaign-days into ad-days.
 */

type SettingsState = Pick<SandboxStateRepository, "getSetting" | "putSetting" | "deleteSetting">;

const suffixesSchema = z.record(z.string(), z.string().nullable());

/** Built campaigns kept in memory; a campaign's ads never change, so any can be rebuilt. */
const MAX_CACHED_CAMPAIGNS = 20_000;

export interface AdBook {
  adGroups(tenant: string, brand: string, models: CampaignModel[], names?: Map<string, string>): SimAdGroup[];
  ads(tenant: string, brand: string, platform: AdPlatformId, models: CampaignModel[]): Promise<SimAd[]>;
  /** Splits the campaign-days (of these campaigns) into ad-days. */
  split(tenant: string, brand: string, models: CampaignModel[], rows: SimDailyMetric[]): SimAdDailyMetric[];
  setUrlSuffix(
    tenant: string,
    brand: string,
    platform: AdPlatformId,
    models: CampaignModel[],
    adId: string,
    urlSuffix: string | null,
  ): Promise<boolean>;
}

export function createAdBook(state: SettingsState): AdBook {
  const built = new Map<string, AdGroupModel[]>();

  function adsOf(tenant: string, brand: string, model: CampaignModel): AdGroupModel[] {
    const key = `${tenant}|${brand}|${model.platform}|${model.id}`;
    let groups = built.get(key);
    if (!groups) {
      groups = buildCampaignAds(tenant, brand, model);
      if (built.size >= MAX_CACHED_CAMPAIGNS) built.delete(built.keys().next().value!);
      built.set(key, groups);
    }
    return groups;
  }

  const suffixKey = (tenant: string, platform: string) =>
    `ad_url_suffixes:${platform}:${createHash("sha256").update(tenant).digest("base64url").slice(0, 16)}`;

  async function readSuffixes(tenant: string, platform: string): Promise<Record<string, string | null>> {
    const raw = await state.getSetting(suffixKey(tenant, platform));
    if (raw === null) return {};
    const parsed = suffixesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  }

  return {
    adGroups(tenant, brand, models, names) {
      return models.flatMap((model) =>
        adsOf(tenant, brand, model).map(({ group }) =>
          // LinkedIn's ad group is the campaign itself: it carries the campaign's current name.
          model.platform === "linkedin-ads" ? { ...group, name: names?.get(model.id) ?? group.name } : { ...group },
        ),
      );
    },

    async ads(tenant, brand, platform, models) {
      const suffixes = await readSuffixes(tenant, platform);
      return models.flatMap((model) =>
        adsOf(tenant, brand, model).flatMap(({ ads }) => ads.map((ad) => toSimAd(ad, suffixes[ad.id]))),
      );
    },

    split(tenant, brand, models, rows) {
      const byCampaign = new Map<string, AdModel[]>();
      for (const model of models)
        byCampaign.set(
          model.id,
          adsOf(tenant, brand, model).flatMap(({ ads }) => ads),
        );
      const result: SimAdDailyMetric[] = [];
      for (const row of rows) {
        const ads = byCampaign.get(row.campaignId);
        if (!ads) continue;
        for (const adDay of splitCampaignDay(ads, dayNumberOf(row.date), row)) result.push(adDay);
      }
      return result;
    },

    async setUrlSuffix(tenant, brand, platform, models, adId, urlSuffix) {
      const isKnown = models.some((model) =>
        adsOf(tenant, brand, model).some(({ ads }) => ads.some((ad) => ad.id === adId)),
      );
      if (!isKnown) return false;
      const suffixes = await readSuffixes(tenant, platform);
      suffixes[adId] = urlSuffix;
      await state.putSetting(suffixKey(tenant, platform), JSON.stringify(suffixes));
      return true;
    },
  };
}
