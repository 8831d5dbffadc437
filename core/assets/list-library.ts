import type { Actor } from "#core/access/actor.ts";
import type { AdsRepository, StoredAd } from "#core/ads/ads-repository.ts";
import { assessCreativeFatigue, type FatigueVerdict } from "#core/ads/creative-fatigue.ts";
import type { CreativeLibraryRepository } from "#core/ads/creative-library-repository.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import type { AssetRepository } from "./asset-repository.ts";
import { LIBRARY_PAGE_SIZE, type LibraryFilters, type LibrarySort } from "./library-filters.ts";
import { libraryRowOfUpload } from "./library-row.ts";
import type { LibraryCreative, LibraryPage } from "./library-types.ts";
import { creativeStatusOf, libraryRowOfSynced } from "./synced-library-row.ts";

export interface LibraryDeps {
  assets: AssetRepository;
  ads: AdsRepository;
  library: CreativeLibraryRepository;
}

/** The most uploads the merged list reads (the library pages them after the merge). */
export const MAX_LIBRARY_UPLOADS = 5_000;
/** Ids per IN (…) list: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 400;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) out.push(...(await read(ids.slice(start, start + CHUNK))));
  return out;
}

/** The creatives' fatigue verdicts as of `asOf` (their whole history up to it). */
export async function fatigueOf(
  deps: Pick<LibraryDeps, "ads">,
  organizationId: string,
  creativeIds: string[],
  asOf: string,
): Promise<Map<string, FatigueVerdict>> {
  const days = await inChunks(creativeIds, (chunk) => deps.ads.creativeDays(organizationId, chunk, asOf));
  const byCreative = new Map<string, typeof days>();
  for (const day of days) byCreative.set(day.creativeId, [...(byCreative.get(day.creativeId) ?? []), day]);
  return new Map(creativeIds.map((id) => [id, assessCreativeFatigue(byCreative.get(id) ?? [], asOf)]));
}

/** The value a row sorts by; null (no delivery, an upload) sorts last in either direction. */
function sortValue(row: LibraryCreative, sort: LibrarySort): number | string | null {
  const metrics = row.metrics;
  switch (sort) {
    case "name":
      return row.name.toLocaleLowerCase();
    case "spend":
      return metrics ? metrics.spendMinor : null;
    case "impressions":
      return metrics ? metrics.impressions : null;
    case "ctr":
      return metrics?.ctr ?? null;
    case "cpc":
      return metrics?.cpcMinor ?? null;
    case "cpa":
      return metrics?.cpaMinor ?? null;
    case "roas":
      return metrics?.roas ?? null;
    case "hook_rate":
      return metrics?.hookRate ?? null;
  }
}

function compareRows(sort: LibrarySort, direction: "asc" | "desc") {
  const sign = direction === "asc" ? 1 : -1;
  return (a: LibraryCreative, b: LibraryCreative) => {
    const left = sortValue(a, sort);
    const right = sortValue(b, sort);
    if (left !== right) {
      if (left === null) return 1;
      if (right === null) return -1;
      return (left < right ? -1 : 1) * sign;
    }
    return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  };
}

/**
 * The asset library (issue 20 §2): the organization's synced creatives (each once, however many ads
 * show it, with where it is used, its numbers over the range and its fatigue as of the range's last
 * day) and its uploads, in one list, filtered, sorted and paged. Filters one source lacks leave it
 * out: uploads have no platform, status, fatigue or numbers; synced creatives no tags.
 */
export async function listLibrary(
  deps: LibraryDeps,
  actor: Actor,
  input: { filters: LibraryFilters; range: DateRange },
): Promise<LibraryPage> {
  const { filters, range } = input;
  const organizationId = actor.organizationId;
  const wantsSynced = filters.source !== "uploaded" && filters.tag === null;
  const wantsUploads =
    filters.source !== "synced" &&
    filters.platform === null &&
    filters.status === "all" &&
    !filters.tiredOnly &&
    (filters.kind === "all" || filters.kind === "image" || filters.kind === "video");

  const [synced, uploads, tags] = await Promise.all([
    wantsSynced ? syncedRows(deps, organizationId, filters, range) : Promise.resolve([]),
    wantsUploads
      ? deps.assets.list(organizationId, {
          search: filters.search,
          tag: filters.tag,
          kind: filters.kind === "image" || filters.kind === "video" ? filters.kind : "all",
          limit: MAX_LIBRARY_UPLOADS,
          offset: 0,
        })
      : Promise.resolve({ items: [], total: 0 }),
    deps.assets.allTags(organizationId),
  ]);
  const rows = [...synced, ...uploads.items.map(libraryRowOfUpload)].sort(compareRows(filters.sort, filters.direction));
  const pages = Math.max(Math.ceil(rows.length / LIBRARY_PAGE_SIZE), 1);
  const page = Math.min(filters.page, pages);
  return {
    items: rows.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE),
    total: rows.length,
    page,
    pageSize: LIBRARY_PAGE_SIZE,
    tags,
    tiredCount: synced.filter((row) => row.fatigue?.status === "tired").length,
  };
}

async function syncedRows(
  deps: LibraryDeps,
  organizationId: string,
  filters: LibraryFilters,
  range: DateRange,
): Promise<LibraryCreative[]> {
  const sums = await deps.library.creativeSums(organizationId, range, {
    platforms: filters.platform ? [filters.platform] : undefined,
    kinds: filters.kind === "all" ? undefined : [filters.kind],
    search: filters.search || undefined,
  });
  const ids = sums.map((row) => row.id);
  const ads = await inChunks(ids, (chunk) => deps.ads.adsOfCreatives(organizationId, chunk));
  const adsOf = new Map<string, StoredAd[]>();
  for (const ad of ads) adsOf.set(ad.creative.id, [...(adsOf.get(ad.creative.id) ?? []), ad]);
  const matching = sums.filter(
    ({ id }) =>
      filters.status === "all" || creativeStatusOf((adsOf.get(id) ?? []).map((ad) => ad.status)) === filters.status,
  );
  const fatigue = await fatigueOf(
    deps,
    organizationId,
    matching.map((row) => row.id),
    range.to,
  );
  return matching.flatMap(({ id, sums: creativeSums }) => {
    const verdict = fatigue.get(id) ?? null;
    if (filters.tiredOnly && verdict?.status !== "tired") return [];
    const row = libraryRowOfSynced(adsOf.get(id) ?? [], creativeSums, verdict);
    return row ? [row] : [];
  });
}
