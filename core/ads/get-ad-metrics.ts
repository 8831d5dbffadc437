import type { Actor } from "#core/access/actor.ts";
import { listDays } from "#core/analytics/date-range.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { addAdSums, NO_AD_SUMS, toAdKpis } from "./ad-kpis.ts";
import type { AdsRepository } from "./ads-repository.ts";
import type { AdMetrics } from "./ads-types.ts";

export const NO_SUCH_AD = "There is no ad with this id.";

/** An ad's numbers over the range, in total and for every day of it (days without delivery as zeros). */
export async function getAdMetrics(
  deps: { ads: AdsRepository },
  actor: Actor,
  input: { adId: string; range: DateRange },
): Promise<AdMetrics> {
  const ad = await deps.ads.findAd(actor.organizationId, input.adId);
  if (!ad) throw new AppError("not_found", NO_SUCH_AD);
  const stored = new Map(
    (await deps.ads.adDays(actor.organizationId, ad.id, input.range)).map(({ date, ...sums }) => [date, sums]),
  );
  const kind = ad.creative.kind;
  let total = NO_AD_SUMS;
  const daily = listDays(input.range).map((date) => {
    const sums = stored.get(date) ?? NO_AD_SUMS;
    total = addAdSums(total, sums);
    return { date, metrics: toAdKpis(sums, kind) };
  });
  return {
    adId: ad.id,
    campaignId: ad.campaignId,
    creativeKind: kind,
    currency: ad.currency,
    range: input.range,
    total: toAdKpis(total, kind),
    daily,
  };
}
