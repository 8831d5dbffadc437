/**
 * The asset library's contracts, shared by the browser and the server: a creative's name, its tags,
 * and the library's filters (search, tag, kind, page), as the URL carries them.
 */
import { z } from "zod";

export const ASSET_NAME_MAX = 120;
export const TAG_MAX = 40;
export const TAGS_PER_ASSET_MAX = 20;
export const ASSET_PAGE_SIZE = 24;

export const ASSET_KIND_FILTERS = ["all", "image", "video"] as const;
export type AssetKindFilter = (typeof ASSET_KIND_FILTERS)[number];

export const assetNameSchema = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, { error: "Enter a name." })
  .max(ASSET_NAME_MAX, { error: "Use at most 120 characters for the name." });

/** "Summer Sale " and "summer sale" are one tag: trimmed, inner spaces collapsed, lower case. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, " ").toLowerCase();

export const tagSchema = z
  .string()
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, { error: "A tag cannot be empty." })
      .max(TAG_MAX, { error: "Use at most 40 characters per tag." })
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} _&+.-]*$/u, {
        error: "Tags use letters, numbers, spaces and - _ & + . only.",
      }),
  );

export const assetTagsSchema = z
  .array(tagSchema)
  .max(TAGS_PER_ASSET_MAX, { error: "Use at most 20 tags per creative." })
  .transform((tags) => [...new Set(tags)]);

export const renameAssetSchema = z.object({ assetId: z.string().min(1).max(64), name: assetNameSchema });
export const setAssetTagsSchema = z.object({ assetId: z.string().min(1).max(64), tags: assetTagsSchema });
/** The library's edit form: a name and its tags, checked together. */
export const editAssetSchema = z.object({ name: assetNameSchema, tags: assetTagsSchema });

export interface AssetFilters {
  search: string;
  tag: string | null;
  kind: AssetKindFilter;
  page: number;
}

/** The library's filters from the URL (?q=&tag=&kind=&page=); anything unreadable is ignored. */
export function parseAssetFilters(params: URLSearchParams): AssetFilters {
  const kind = params.get("kind");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const tag = normalizeTag(params.get("tag") ?? "");
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    tag: tag && tag.length <= TAG_MAX ? tag : null,
    kind: ASSET_KIND_FILTERS.includes(kind as AssetKindFilter) ? (kind as AssetKindFilter) : "all",
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** An upload's display name from its file name: the extension and path dropped, control characters out. */
export function assetNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/\p{Cc}/gu, "")
    .trim();
  return clean.slice(0, ASSET_NAME_MAX) || "Untitled";
}
