import type { Actor } from "#core/access/actor.ts";
import { addAdSums, NO_AD_SUMS } from "#core/ads/ad-kpis.ts";
import type { AdSums } from "#core/ads/ads-repository.ts";
import { listDays } from "#core/analytics/date-range.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { type LandingUrlFacts, landingUrlFacts } from "./creative-utm.ts";
import { libraryRowOfUpload } from "./library-row.ts";
import type { LibraryCreative, LibraryMetrics } from "./library-types.ts";
import { fatigueOf, type LibraryDeps } from "./list-library.ts";
import { creativeMediaUrl, libraryMetricsOf, libraryRowOfSynced } from "./synced-library-row.ts";

export const NO_SUCH_CREATIVE = "There is no creative with this id.";

export interface LibraryDay {
  date: string;
  metrics: LibraryMetrics;
}

/** What a synced creative says and where it sends people. */
export interface CreativeContent {
  headline: string | null;
  body: string | null;
  landing: LandingUrlFacts | null;
  /** Our proxied URL of the full image or the video's poster; null: none. */
  mediaUrl: string | null;
}

export interface LibraryCreativeDetail {
  creative: LibraryCreative;
  content: CreativeContent | null;
  range: DateRange;
  /** Every day of the range (no delivery: zeros); empty for an upload. */
  daily: LibraryDay[];
}

/** Synced creatives' daily numbers over the range (every day present) and their sums. */
export async function dailyOfCreatives(
  deps: Pick<LibraryDeps, "library">,
  organizationId: string,
  creatives: Array<{ id: string; kind: LibraryCreative["kind"]; currency: string }>,
  range: DateRange,
): Promise<Map<string, { daily: LibraryDay[]; total: AdSums }>> {
  const rows = await deps.library.creativeDaySums(
    organizationId,
    creatives.map((creative) => creative.id),
    range,
  );
  const stored = new Map(rows.map(({ creativeId, date, ...sums }) => [`${creativeId} ${date}`, sums]));
  const days = listDays(range);
  return new Map(
    creatives.map((creative) => {
      let total = NO_AD_SUMS;
      const daily = days.map((date) => {
        const sums = stored.get(`${creative.id} ${date}`) ?? NO_AD_SUMS;
        total = addAdSums(total, sums);
        return { date, metrics: libraryMetricsOf(sums, creative.kind, creative.currency) };
      });
      return [creative.id, { daily, total }];
    }),
  );
}

/**
 * One creative of the library: a synced one with its content, where it is used, its numbers and
 * fatigue over the range and every day of it; or an upload with its file facts. Another
 * organization's creative reads as missing.
 */
export async function getLibraryCreative(
  deps: LibraryDeps,
  actor: Actor,
  input: { creativeId: string; range: DateRange },
): Promise<LibraryCreativeDetail> {
  const organizationId = actor.organizationId;
  const { creativeId, range } = input;
  const ads = /^[\w-]{1,64}$/.test(creativeId) ? await deps.ads.adsOfCreatives(organizationId, [creativeId]) : [];
  const first = ads[0];
  if (!first) {
    const asset = /^[\w-]{1,64}$/.test(creativeId) ? await deps.assets.find(organizationId, creativeId) : null;
    if (!asset) throw new AppError("not_found", NO_SUCH_CREATIVE);
    return { creative: libraryRowOfUpload(asset), content: null, range, daily: [] };
  }
  const { creative } = first;
  const [fatigue, dailyBy] = await Promise.all([
    fatigueOf(deps, organizationId, [creativeId], range.to),
    dailyOfCreatives(deps, organizationId, [{ id: creativeId, kind: creative.kind, currency: first.currency }], range),
  ]);
  const { daily, total } = dailyBy.get(creativeId) ?? { daily: [], total: NO_AD_SUMS };
  const row = libraryRowOfSynced(ads, total, fatigue.get(creativeId) ?? null);
  if (!row) throw new AppError("not_found", NO_SUCH_CREATIVE);
  return {
    creative: row,
    content: {
      headline: creative.headline,
      body: creative.body,
      landing: landingUrlFacts(creative.landingUrl, creative.urlSuffix),
      mediaUrl: creative.mediaUrl || creative.thumbnailUrl ? creativeMediaUrl(creative.id, "media") : null,
    },
    range,
    daily,
  };
}
