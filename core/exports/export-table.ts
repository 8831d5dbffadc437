/**
 * One shape for every export (the campaigns table, daily metrics, the audit log): typed columns and
 * rows that arrive a batch at a time. The writers (csv-writer.ts, xlsx-writer.ts) turn it into a
 * file in the format the reader chose; none of them holds more than a batch or two in memory.
 */

/** The three files an export can be: raw CSV, CSV for spreadsheets, and Excel. */
const EXPORT_FORMATS = ["csv", "csv-spreadsheet", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What a column holds, and so how each writer writes it:
 * - text: a string (a CSV guards text a spreadsheet would run as a formula);
 * - integer, decimal: a number;
 * - percent: a fraction (0.0525 is 5.25 %); the CSVs write percentage points ("5.25"), Excel the
 *   fraction with a percentage format;
 * - money: `{ minor, currency }`, exact minor units of the amount's own currency;
 * - date: "2026-01-31"; datetime: an ISO 8601 instant ("2026-01-31T09:30:00.000Z", UTC).
 * A value of another type than its column's (a note in a date column) is written as text.
 */
export type ExportColumnKind = "text" | "integer" | "decimal" | "percent" | "money" | "date" | "datetime";

export interface ExportColumn {
  header: string;
  kind: ExportColumnKind;
  /** Excel's column width, in characters (a default per kind otherwise). */
  width?: number;
}

export interface MoneyCell {
  minor: number;
  currency: string;
}

export type ExportCell = string | number | MoneyCell | null | undefined;

export interface ExportTable {
  /** The file name without its extension ("adhelm-campaigns-2026-01-01-to-2026-01-31"). */
  name: string;
  /** The worksheet's name in Excel (at most 31 characters, no []:*?/\). */
  sheet: string;
  columns: readonly ExportColumn[];
  /** Columns Excel keeps in view while scrolling sideways (the campaign's name). */
  frozenColumns?: number;
  /** The rows, a batch at a time, read only as fast as the client downloads. */
  rows: AsyncIterable<ExportCell[][]>;
}

/** A file to send: its name, its type and its bytes, still to be read. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

export interface ExportOptions {
  format: ExportFormat;
  /** The reader's locale ("de-DE"): the decimal separator and currency style of spreadsheet files. */
  locale: string;
}

export function isMoneyCell(value: ExportCell): value is MoneyCell {
  return typeof value === "object" && value !== null && typeof value.minor === "number";
}

/** "2026-01-31" as a date at midnight UTC, or null when it is not one. */
export function dateOf(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO 8601 instant as a date, or null when it is not one. */
export function instantOf(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const LOCALE_OF_LANGUAGE: Record<string, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

/** The locale whose separators a reader of `language` expects ("de" → "de-DE"); en-US otherwise. */
export function exportLocaleOf(language: string | undefined): string {
  return (language && Object.hasOwn(LOCALE_OF_LANGUAGE, language) && LOCALE_OF_LANGUAGE[language]) || "en-US";
}
