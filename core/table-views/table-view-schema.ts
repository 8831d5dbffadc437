/**
 * Saved table views' contract, shared by the browser and the server: which tables have views, the
 * columns each may show, the query parameters a view keeps (filters, sort, page size, date range)
 * and the form of a view (its name and its settings). Messages are English; the app translates them
 * through the "messages-table-views" catalogs.
 */
import { z } from "zod";
import { CAMPAIGN_SORT_KEYS } from "#core/analytics/analytics-types.ts";

export const TABLE_KEYS = ["campaigns"] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

export const DENSITIES = ["comfortable", "compact"] as const;
export type Density = (typeof DENSITIES)[number];

/** The columns a person may show, per table (the campaign name always shows, so it is not one of them). */
export const TABLE_COLUMN_IDS: Record<TableKey, readonly string[]> = {
  campaigns: CAMPAIGN_SORT_KEYS.filter((key) => key !== "name"),
};

/** The query parameters a view keeps: the table's filters, sort and size and the date range. */
export const VIEW_QUERY_PARAMS = ["sort", "dir", "size", "q", "platform", "account", "status", "range", "from", "to"];

export const MAX_VIEWS_PER_TABLE = 50;
export const MAX_VIEW_NAME_LENGTH = 60;

export const VIEW_NAME_REQUIRED = "Give the view a name.";
export const VIEW_NAME_TOO_LONG = "Keep the name under 60 characters.";
export const VIEW_NAME_TAKEN = "You already have a view with this name.";
export const VIEW_COLUMNS_REQUIRED = "Choose at least one column.";
export const VIEW_COLUMNS_UNKNOWN = "Choose columns from the list.";
export const VIEW_DENSITY_UNKNOWN = "Choose compact or comfortable.";
export const VIEW_NOT_FOUND = "This view does not exist any more.";
export const VIEWS_FULL = "You have 50 views of this table, the most there can be. Delete one to save another.";
export const VIEW_INVALID = "The view was not saved. Check the fields.";

export const viewNameField = z
  .string({ error: VIEW_NAME_REQUIRED })
  .trim()
  .min(1, VIEW_NAME_REQUIRED)
  .max(MAX_VIEW_NAME_LENGTH, VIEW_NAME_TOO_LONG)
  .regex(/^[^\p{Cc}]*$/u, VIEW_NAME_REQUIRED);

export const densityField = z.enum(DENSITIES, { error: VIEW_DENSITY_UNKNOWN });

/** The visible columns in their order: known ones, each once, at least one. */
export function columnsField(table: TableKey) {
  const known = TABLE_COLUMN_IDS[table];
  return z
    .array(z.string(), { error: VIEW_COLUMNS_REQUIRED })
    .min(1, VIEW_COLUMNS_REQUIRED)
    .max(known.length, VIEW_COLUMNS_UNKNOWN)
    .refine((columns) => columns.every((column) => known.includes(column)), VIEW_COLUMNS_UNKNOWN)
    .refine((columns) => new Set(columns).size === columns.length, VIEW_COLUMNS_UNKNOWN);
}

/**
 * The part of a query string a view keeps: only its known parameters, each value at most 200
 * characters (anything else is dropped, not refused: the page's own parser validates the values).
 */
export function viewQueryOf(search: string): string {
  const source = new URLSearchParams(search.slice(0, 4000));
  const kept = new URLSearchParams();
  for (const [name, value] of source)
    if (VIEW_QUERY_PARAMS.includes(name) && value.length <= 200 && kept.getAll(name).length < 200)
      kept.append(name, value);
  return kept.toString();
}

export const tableKeyField = z.enum(TABLE_KEYS, { error: "Unknown table." });

/** A view's settings, as a form sends them. */
export function viewSettingsSchema(table: TableKey) {
  return z.object({
    query: z
      .string()
      .max(4000)
      .catch("")
      .transform((query) => viewQueryOf(query)),
    columns: columnsField(table),
    density: densityField,
  });
}
export type ViewSettings = z.infer<ReturnType<typeof viewSettingsSchema>>;

/** The columns and density outside a saved view. */
export function layoutSchema(table: TableKey) {
  return z.object({ columns: columnsField(table), density: densityField });
}
export type TableLayout = z.infer<ReturnType<typeof layoutSchema>>;

export interface TableView extends ViewSettings {
  id: string;
  table: TableKey;
  name: string;
  isDefault: boolean;
  updatedAt: string;
}
