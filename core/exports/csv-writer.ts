/**
 * The one CSV writer of every export: UTF-8 with a byte-order mark (so Excel on Windows reads
 * "Campaña" and "Été" right), RFC 4180 quoting (CRLF line ends, fields with the separator, a quote,
 * CR or LF quoted, quotes doubled), streamed a batch at a time so an export never holds the whole
 * result in memory.
 *
 * Two dialects. The raw CSV is for machines: comma separated, numbers with a dot and no grouping,
 * money as decimal major units without a symbol ("1234.50", its currency in a column beside it),
 * dates as ISO 8601. The CSV for spreadsheets is for a person opening it in Excel in their own
 * locale: the reader's decimal separator, money with its currency sign ("1234,50 €"), and a
 * semicolon between fields where the decimal separator is a comma, as Excel there expects.
 */
import { currencyExponent } from "#core/shared/money.ts";
import {
  type ExportCell,
  type ExportColumn,
  type ExportColumnKind,
  type ExportFormat,
  type ExportTable,
  isMoneyCell,
} from "./export-table.ts";

export interface CsvDialect {
  separator: "," | ";";
  /** Null for the raw CSV; the reader's locale for the CSV for spreadsheets. */
  locale: string | null;
  decimal: "." | ",";
}

export const RAW_CSV: CsvDialect = { separator: ",", locale: null, decimal: "." };

/** The dialect of a CSV format, in the reader's locale. */
export function csvDialect(format: Exclude<ExportFormat, "xlsx">, locale: string): CsvDialect {
  if (format === "csv") return RAW_CSV;
  const decimal = decimalSeparatorOf(locale);
  return { separator: decimal === "," ? ";" : ",", locale, decimal };
}

/** "," for "de-DE", "." for "en-US". */
export function decimalSeparatorOf(locale: string): "." | "," {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((each) => each.type === "decimal");
  return part?.value === "," ? "," : ".";
}

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
/** A plain decimal ("-12.50") is a number, not a formula, even as text. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One field as text. Text that a spreadsheet would read as a formula gets a leading apostrophe
 * (OWASP's advice); numbers are written as they are, so a negative amount stays a number.
 */
export function csvField(value: string, separator: "," | ";" = ","): string {
  return needsQuotes(value, separator) ? `"${value.replaceAll('"', '""')}"` : value;
}

function needsQuotes(text: string, separator: string): boolean {
  return text.includes(separator) || /["\r\n]/.test(text);
}

/** Text as a CSV field may hold it, guarded against formulas. */
export function guardedText(value: string): string {
  return FORMULA_TRIGGER.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One cell of a column, as the dialect writes it (before quoting). */
export function cellText(value: ExportCell, kind: ExportColumnKind, dialect: CsvDialect): string {
  if (value == null) return "";
  if (isMoneyCell(value)) return moneyText(value.minor, value.currency, dialect);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    return numberText(kind === "percent" ? round(value * 100, 4) : value, dialect);
  }
  if (typeof value === "string") return guardedText(value);
  return "";
}

function numberText(value: number, dialect: CsvDialect): string {
  const text = String(value);
  return dialect.decimal === "," ? text.replace(".", ",") : text;
}

function moneyText(minor: number, currency: string, dialect: CsvDialect): string {
  if (!Number.isFinite(minor)) return "";
  if (dialect.locale === null) return decimalFromMinor(minor, currency);
  const decimals = currencyExponent(currency);
  return (
    new Intl.NumberFormat(dialect.locale, {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    })
      .format(Math.round(minor) / 10 ** decimals)
      // Excel reads "1234,50 €" with a plain space; Intl writes a no-break one.
      .replaceAll(/[\u00a0\u202f]/g, " ")
  );
}

/** "1234.50" from 123450 minor units of USD: the currency's own decimals, exact (no float rounding). */
export function decimalFromMinor(amountMinor: number | null, currency: string): string {
  if (amountMinor == null || !Number.isFinite(amountMinor)) return "";
  const decimals = currencyExponent(currency);
  const rounded = Math.round(amountMinor);
  const sign = rounded < 0 ? "-" : "";
  const digits = String(Math.abs(rounded)).padStart(decimals + 1, "0");
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** One record, CRLF-terminated. */
export function csvLine(
  values: readonly ExportCell[],
  columns: readonly Pick<ExportColumn, "kind">[] = [],
  dialect: CsvDialect = RAW_CSV,
): string {
  const fields = values.map((value, index) =>
    csvField(cellText(value, columns[index]?.kind ?? "text", dialect), dialect.separator),
  );
  return `${fields.join(dialect.separator)}\r\n`;
}

const BYTE_ORDER_MARK = "\uFEFF";

/**
 * A byte stream of the byte-order mark and header, then every batch of rows. Batches are pulled
 * only as fast as the client reads, and a client that goes away stops the source.
 */
export function csvStream(
  table: Pick<ExportTable, "columns" | "rows">,
  dialect: CsvDialect,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = table.rows[Symbol.asyncIterator]();
  const header = table.columns.map((column) => csvField(guardedText(column.header), dialect.separator));
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(`${BYTE_ORDER_MARK}${header.join(dialect.separator)}\r\n`));
        return;
      }
      // A pull must enqueue something (or close), or the stream waits forever: skip empty batches.
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.length === 0) continue;
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(row, table.columns, dialect)).join("")));
        return;
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
