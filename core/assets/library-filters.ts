/**
 * The library's filters and order as the URL carries them (?source=&platform=&kind=&status=&tired=1
 * &tag=&q=&sort=&dir=&page=; the date range has its own params, core/analytics/date-range.ts).
 * Anything unreadable is ignored, so an edited link still opens the library.
 */
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import { type AssetFilters, parseAssetFilters } from "./asset-schemas.ts";

export const LIBRARY_SOURCES = ["all", "synced", "uploaded"] as const;
export type LibrarySourceFilter = (typeof LIBRARY_SOURCES)[number];
export const LIBRARY_KINDS = ["all", "image", "video", "carousel", "text"] as const;
export type LibraryKindFilter = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_STATUSES = ["all", "enabled", "paused", "removed"] as const;
export type LibraryStatusFilter = (typeof LIBRARY_STATUSES)[number];
export const LIBRARY_SORTS = ["spend", "impressions", "ctr", "cpc", "cpa", "roas", "hook_rate", "name"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export type SortDirection = "asc" | "desc";
export const LIBRARY_PAGE_SIZE = 24;
/** Compare shows at most this many creatives side by side. */
export const MAX_COMPARED_CREATIVES = 4;

/** The direction a sort starts in: the best first (low cost per result, high everything else, names A→Z). */
export const defaultDirectionOf = (sort: LibrarySort): SortDirection =>
  sort === "cpa" || sort === "cpc" || sort === "name" ? "asc" : "desc";

export interface LibraryFilters {
  source: LibrarySourceFilter;
  platform: AdPlatformId | null;
  kind: LibraryKindFilter;
  status: LibraryStatusFilter;
  tiredOnly: boolean;
  tag: string | null;
  search: string;
  sort: LibrarySort;
  direction: SortDirection;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function parseLibraryFilters(params: URLSearchParams): LibraryFilters {
  const base: AssetFilters = parseAssetFilters(params);
  const sort = oneOf(LIBRARY_SORTS, params.get("sort"), "spend");
  const dir = params.get("dir");
  return {
    source: oneOf(LIBRARY_SOURCES, params.get("source"), "all"),
    platform: oneOf<AdPlatformId | "">([...AD_PLATFORM_IDS, ""], params.get("platform"), "") || null,
    kind: oneOf(LIBRARY_KINDS, params.get("kind"), "all"),
    status: oneOf(LIBRARY_STATUSES, params.get("status"), "all"),
    tiredOnly: params.get("tired") === "1",
    tag: base.tag,
    search: base.search,
    sort,
    direction: dir === "asc" || dir === "desc" ? dir : defaultDirectionOf(sort),
    page: base.page,
  };
}

/** The ids of a compare link (?ids=a,b,c), de-duplicated, in order; unreadable ones dropped. */
export function parseComparedIds(params: URLSearchParams): string[] {
  const ids = (params.get("ids") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => /^[\w-]{1,64}$/.test(id));
  return [...new Set(ids)];
}
