import type { Actor } from "#core/access/actor.ts";
import type { AssetRepository } from "./asset-repository.ts";
import { ASSET_PAGE_SIZE, type AssetFilters } from "./asset-schemas.ts";
import { libraryRowOfUpload } from "./library-row.ts";
import type { LibraryPage } from "./library-types.ts";

/** A page of the organization's uploaded creatives, newest first, by name or tag search, tag and kind. */
export async function listAssets(
  deps: { assets: AssetRepository },
  actor: Actor,
  filters: AssetFilters,
): Promise<LibraryPage> {
  const [{ items, total }, tags] = await Promise.all([
    deps.assets.list(actor.organizationId, {
      search: filters.search,
      tag: filters.tag,
      kind: filters.kind,
      limit: ASSET_PAGE_SIZE,
      offset: (filters.page - 1) * ASSET_PAGE_SIZE,
    }),
    deps.assets.allTags(actor.organizationId),
  ]);
  return { items: items.map(libraryRowOfUpload), total, page: filters.page, pageSize: ASSET_PAGE_SIZE, tags };
}
