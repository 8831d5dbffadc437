/**
 * The campaigns table's state lives in the URL (shareable, survives a reload): sort, page, page size,
 * the filters and the text search. The date range (`range`, `from`, `to`) belongs to the range
 * picker and is read by `core/analytics/date-range.ts`; these helpers keep it untouched.
 * The same parser runs in the loader, the CSV exports and the browser, so they always agree.
 */
import { z } from "zod";
import { CAMPAIGN_SORT_KEYS, type CampaignFilters, type CampaignSortKey } from "#core/analytics/analytics-types.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_SORT: { key: CampaignSortKey; direction: "asc" | "desc" } = { key: "spend", direction: "desc" };
export const CAMPAIGN_STATUSES = ["enabled", "paused", "removed"] as const;
/** Longer searches are cut: nobody names a campaign with 200 characters of search text. */
const MAX_SEARCH_LENGTH = 200;

/** The search parameters the table reads; anything else in the URL (the date range) passes through. */
export const TABLE_PARAM_NAMES = ["sort", "dir", "page", "size", "q", "platform", "account", "status"] as const;
/** Changing one of these starts again at page 1. */
const FILTER_PARAM_NAMES = ["q", "platform", "account", "status", "size", "sort", "dir", "range", "from", "to"];

const paramsSchema = z.object({
  sort: z.enum(CAMPAIGN_SORT_KEYS).catch(DEFAULT_SORT.key),
  dir: z.enum(["asc", "desc"]).catch(DEFAULT_SORT.direction),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().catch(""),
  // Unknown values are dropped one by one rather than failing the whole filter.
  platform: z
    .array(z.string())
    .transform((values) =>
      values.filter((value): value is (typeof AD_PLATFORM_IDS)[number] =>
        (AD_PLATFORM_IDS as readonly string[]).includes(value),
      ),
    ),
  account: z
    .array(z.string())
    .transform((values) => values.filter((value) => /^[\w-]{1,64}$/.test(value)).slice(0, 200)),
  status: z
    .array(z.string())
    .transform((values) =>
      values.filter((value): value is (typeof CAMPAIGN_STATUSES)[number] =>
        (CAMPAIGN_STATUSES as readonly string[]).includes(value),
      ),
    ),
});

export interface CampaignTableParams {
  sort: { key: CampaignSortKey; direction: "asc" | "desc" };
  page: number;
  pageSize: number;
  filters: CampaignFilters;
  /** The search text as typed (trimmed), for the search box. */
  search: string;
}

export function parseCampaignTableParams(searchParams: URLSearchParams): CampaignTableParams {
  const parsed = paramsSchema.parse({
    sort: searchParams.get("sort") ?? undefined,
    dir: searchParams.get("dir") ?? undefined,
    page: searchParams.get("page") ?? undefined,
    size: searchParams.get("size") ?? undefined,
    q: searchParams.get("q") ?? "",
    platform: unique(searchParams.getAll("platform")),
    account: unique(searchParams.getAll("account")),
    status: unique(searchParams.getAll("status")),
  });
  const search = parsed.q.slice(0, MAX_SEARCH_LENGTH);
  return {
    sort: { key: parsed.sort, direction: parsed.dir },
    page: parsed.page,
    pageSize: parsed.size,
    search,
    filters: {
      ...(parsed.platform.length > 0 ? { platforms: parsed.platform } : {}),
      ...(parsed.account.length > 0 ? { adAccountIds: parsed.account } : {}),
      ...(parsed.status.length > 0 ? { statuses: parsed.status } : {}),
      ...(search ? { search } : {}),
    },
  };
}

export function hasActiveFilters(params: CampaignTableParams): boolean {
  const { platforms, adAccountIds, statuses, search } = params.filters;
  return Boolean(platforms?.length || adAccountIds?.length || statuses?.length || search);
}

export type ParamChanges = Partial<Record<(typeof TABLE_PARAM_NAMES)[number], string | string[] | null>>;

/**
 * The search string after `changes` (null or [] removes a parameter). Defaults are left out so
 * URLs stay short, and a change of filter, sort or size goes back to page 1.
 */
export function searchWith(current: URLSearchParams | string, changes: ParamChanges): string {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    next.delete(name);
    const values = value == null ? [] : Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== "") next.append(name, item);
  }
  if (Object.keys(changes).some((name) => FILTER_PARAM_NAMES.includes(name)) && !("page" in changes))
    next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  if (next.get("size") === String(DEFAULT_PAGE_SIZE)) next.delete("size");
  if (next.get("sort") === DEFAULT_SORT.key && next.get("dir") === DEFAULT_SORT.direction) {
    next.delete("sort");
    next.delete("dir");
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** The search string with every filter and the search removed; sort, size and the date range stay. */
export function searchWithoutFilters(current: URLSearchParams | string): string {
  return searchWith(current, { q: null, platform: null, account: null, status: null });
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
