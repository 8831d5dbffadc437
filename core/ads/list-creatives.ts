import type { Actor } from "#core/access/actor.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { toAdKpis } from "./ad-kpis.ts";
import type { AdsRepository, CreativeDay, StoredAd } from "./ads-repository.ts";
import {
  type CreativeListInput,
  creativeListInputSchema,
  decodeCreativeCursor,
  encodeCreativeCursor,
  parseOrRefuse,
} from "./ads-schemas.ts";
import type { CreativePage, CreativeStatus } from "./ads-types.ts";
import { assessCreativeFatigue } from "./creative-fatigue.ts";

/** enabled when one of its ads is, else paused when one is, else removed. */
function statusOf(statuses: CampaignStatus[]): CreativeStatus {
  if (statuses.includes("enabled")) return "enabled";
  return statuses.includes("paused") ? "paused" : "removed";
}

/**
 * The organization's creatives (one row per creative, however many ads show it) with where each is
 * used, its numbers over the range and its fatigue as of the range's last day, the biggest spenders
 * first, a page at a time.
 */
export async function listCreatives(
  deps: { ads: AdsRepository },
  actor: Actor,
  input: CreativeListInput & { range: DateRange },
): Promise<CreativePage> {
  const { range } = input;
  const query = parseOrRefuse(creativeListInputSchema, input);
  const after = query.cursor ? decodeCreativeCursor(query.cursor) : null;
  const rows = await deps.ads.pageOfCreatives(
    actor.organizationId,
    range,
    { platforms: query.platforms, kinds: query.kinds, search: query.search || undefined },
    { limit: query.limit + 1, after },
  );
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const [ads, days] = await Promise.all([
    deps.ads.adsOfCreatives(actor.organizationId, ids),
    deps.ads.creativeDays(actor.organizationId, ids, range.to),
  ]);
  const adsOf = new Map<string, StoredAd[]>();
  for (const ad of ads) adsOf.set(ad.creative.id, [...(adsOf.get(ad.creative.id) ?? []), ad]);
  const daysOf = new Map<string, CreativeDay[]>();
  for (const day of days) daysOf.set(day.creativeId, [...(daysOf.get(day.creativeId) ?? []), day]);

  const creatives = page.flatMap(({ id, sums }) => {
    const used = adsOf.get(id) ?? [];
    const first = used[0];
    if (!first) return [];
    return [
      {
        ...first.creative,
        platforms: [...new Set(used.map((ad) => ad.platform))] as AdPlatformId[],
        adAccountId: first.adAccountId,
        currency: first.currency,
        status: statusOf(used.map((ad) => ad.status)),
        usedIn: used.map((ad) => ({
          campaignId: ad.campaignId,
          campaignName: ad.campaignName,
          adGroupId: ad.adGroupId,
          adGroupName: ad.adGroupName,
          adId: ad.id,
          adName: ad.name,
          status: ad.status,
        })),
        metrics: toAdKpis(sums, first.creative.kind),
        fatigue: assessCreativeFatigue(daysOf.get(id) ?? [], range.to),
      },
    ];
  });
  const last = page.at(-1);
  return {
    range,
    creatives,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCreativeCursor({ spendMinor: last.sums.spendMinor, id: last.id })
        : null,
  };
}
