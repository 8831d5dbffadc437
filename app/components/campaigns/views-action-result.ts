/** What the campaigns page's action answers to a saved-view or layout request (browser and server share it). */
import type { TableView } from "#core/table-views/table-view-schema.ts";

export const VIEW_INTENTS = [
  "views.create",
  "views.rename",
  "views.overwrite",
  "views.delete",
  "views.default",
  "views.layout",
] as const;
export type ViewIntent = (typeof VIEW_INTENTS)[number];

export type ViewsActionResult =
  | { ok: true; intent: ViewIntent; view: TableView | null }
  | { ok: false; intent: ViewIntent | "unknown"; message: string; fieldErrors?: Record<string, string> };
