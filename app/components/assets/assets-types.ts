import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import type { ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { LibraryFilters } from "#core/assets/library-filters.ts";
import type { LibraryPage } from "#core/assets/library-types.ts";

export type AssetsActionResult =
  | { ok: true; intent: "edit"; name: string; tags: string[] }
  | { ok: true; intent: "delete"; name: string }
  | ActionRefusal;

export interface AssetsScreenProps {
  view: "library" | "upload";
  layout: "grid" | "table";
  filters: LibraryFilters;
  range: ResolvedDateRange;
  previousRange: DateRange;
  library: LibraryPage;
  canManage: boolean;
  timeZone: string;
}
