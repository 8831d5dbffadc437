import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { AssetFilters } from "#core/assets/asset-schemas.ts";
import type { LibraryPage } from "#core/assets/library-types.ts";

export type AssetsActionResult =
  | { ok: true; intent: "edit"; name: string; tags: string[] }
  | { ok: true; intent: "delete"; name: string }
  | ActionRefusal;

export interface AssetsScreenProps {
  view: "library" | "upload";
  layout: "grid" | "table";
  filters: AssetFilters;
  library: LibraryPage;
  canManage: boolean;
  timeZone: string;
}
