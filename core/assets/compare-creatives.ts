import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { dailyOfCreatives, type LibraryDay } from "./get-library-creative.ts";
import { MAX_COMPARED_CREATIVES } from "./library-filters.ts";
import { libraryRowOfUpload } from "./library-row.ts";
import type { LibraryCreative } from "./library-types.ts";
import { fatigueOf, type LibraryDeps } from "./list-library.ts";
import { libraryRowOfSynced } from "./synced-library-row.ts";

export const TOO_MANY_COMPARED = `Compare at most ${MAX_COMPARED_CREATIVES} creatives at a time.`;
export const NOTHING_TO_COMPARE = "Choose at least one creative to compare.";

export interface ComparedCreative {
  creative: LibraryCreative;
  /** Every day of the range; empty for an upload (it has no numbers). */
  daily: LibraryDay[];
}

/**
 * Up to four creatives side by side: each one's numbers over the range and every day of it, in the
 * order asked. Ids that are not the organization's creatives are left out (they read as missing).
 */
export async function compareCreatives(
  deps: LibraryDeps,
  actor: Actor,
  input: { creativeIds: string[]; range: DateRange },
): Promise<{ range: DateRange; creatives: ComparedCreative[] }> {
  const ids = [...new Set(input.creativeIds)].filter((id) => /^[\w-]{1,64}$/.test(id));
  if (ids.length === 0) throw new AppError("bad_request", NOTHING_TO_COMPARE);
  if (ids.length > MAX_COMPARED_CREATIVES) throw new AppError("bad_request", TOO_MANY_COMPARED);
  const organizationId = actor.organizationId;
  const { range } = input;
  const ads = await deps.ads.adsOfCreatives(organizationId, ids);
  const adsOf = new Map<string, typeof ads>();
  for (const ad of ads) adsOf.set(ad.creative.id, [...(adsOf.get(ad.creative.id) ?? []), ad]);
  const syncedIds = ids.filter((id) => adsOf.has(id));
  const [fatigue, dailyBy] = await Promise.all([
    fatigueOf(deps, organizationId, syncedIds, range.to),
    dailyOfCreatives(
      deps,
      organizationId,
      syncedIds.map((id) => {
        const first = adsOf.get(id)?.[0];
        return { id, kind: first?.creative.kind ?? "image", currency: first?.currency ?? "USD" };
      }),
      range,
    ),
  ]);
  const creatives: ComparedCreative[] = [];
  for (const id of ids) {
    const series = dailyBy.get(id);
    const row = series ? libraryRowOfSynced(adsOf.get(id) ?? [], series.total, fatigue.get(id) ?? null) : null;
    if (row && series) {
      creatives.push({ creative: row, daily: series.daily });
      continue;
    }
    const asset = await deps.assets.find(organizationId, id);
    if (asset) creatives.push({ creative: libraryRowOfUpload(asset), daily: [] });
  }
  return { range, creatives };
}
