/**
 * The ads slice's use cases: a campaign's ad groups and ads, an ad's days, and the organization's
 * creatives with their fatigue. Reads, so each needs "workspace.read" and works in the actor's
 * organization. Without a range: the last 30 days by the ads clock.
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { resolveDateRange } from "#core/analytics/date-range.ts";
import type { Database } from "#core/db/schema.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { createAdsRepository } from "./ads-repository.ts";
import type { CreativeListInput } from "./ads-schemas.ts";
import { getAdMetrics } from "./get-ad-metrics.ts";
import { listCampaignAds } from "./list-campaign-ads.ts";
import { listCreatives } from "./list-creatives.ts";

export interface AdsModuleDeps {
  db: Kysely<Database>;
  /** The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo. */
  clock: { now(): Promise<Date> };
}

export function createAdsModule({ db, clock }: AdsModuleDeps) {
  const deps = { ads: createAdsRepository(db) };
  /** The range asked for (checked), or the last 30 days (UTC) by the ads clock. */
  const rangeOf = async (range: DateRange | undefined): Promise<DateRange> => {
    const { from, to } = resolveDateRange(range ?? {}, (await clock.now()).toISOString().slice(0, 10));
    return { from, to };
  };
  return {
    listCampaignAds: useCase("workspace.read", async (actor, input: { campaignId: string; range?: DateRange }) =>
      listCampaignAds(deps, actor, { campaignId: input.campaignId, range: await rangeOf(input.range) }),
    ),
    getAdMetrics: useCase("workspace.read", async (actor, input: { adId: string; range?: DateRange }) =>
      getAdMetrics(deps, actor, { adId: input.adId, range: await rangeOf(input.range) }),
    ),
    listCreatives: useCase("workspace.read", async (actor, input: CreativeListInput & { range?: DateRange }) =>
      listCreatives(deps, actor, { ...input, range: await rangeOf(input.range) }),
    ),
  };
}

export type AdsModule = ReturnType<typeof createAdsModule>;
