/**
 * The Excel (XLSX) writer of every export, with exceljs's streaming WorkbookWriter: typed number
 * and date cells, currency formats in each amount's own currency, percentages, a bold header row
 * that stays in view (and the first columns too where the table asks), widths that fit.
 *
 * Rows go into the workbook a batch at a time, only as the client reads the file: each pull writes
 * one batch and hands on what the zip has compressed so far, so an export of any size holds a
 * batch or two, never the whole result. exceljs is large: it is imported here, when an Excel file
 * is asked for, and never on the server's start path.
 */
import { PassThrough } from "node:stream";
import type { Row, Worksheet } from "exceljs";
import { currencyExponent } from "#core/shared/money.ts";
import {
  dateOf,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
  instantOf,
  isMoneyCell,
} from "./export-table.ts";
import { currencyFormat, DEFAULT_WIDTHS, NUMBER_FORMATS } from "./xlsx-formats.ts";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Rows written without any compressed output coming back before the writer waits for it: far more
 * than the zip's buffers hold, so output must come, and few enough to keep memory small.
 */
const ROWS_BEFORE_WAITING = 10_000;

export async function xlsxStream(table: ExportTable, locale: string): Promise<ReadableStream<Uint8Array>> {
  const { default: ExcelJS } = await import("exceljs");
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  let isEnded = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  output.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    signal();
  });
  output.on("end", () => {
    isEnded = true;
    signal();
  });
  output.on("error", (error) => {
    failure = error;
    signal();
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = "Adhelm";
  const sheet = workbook.addWorksheet(sheetName(table.sheet), {
    views: [{ state: "frozen", xSplit: table.frozenColumns ?? 0, ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column, index) => ({
    key: String(index),
    width: column.width ?? Math.max(DEFAULT_WIDTHS[column.kind], Math.min(column.header.length + 2, 40)),
    style: column.kind === "text" || column.kind === "money" ? {} : { numFmt: NUMBER_FORMATS[column.kind] },
  }));
  const header = sheet.addRow(table.columns.map((column) => column.header));
  header.eachCell((cell) => {
    // A style of its own: the header's cells must not share (and change) their column's.
    cell.style = { font: { bold: true } };
  });
  header.commit();

  const currencyFormats = new Map<string, string>();
  const formatOf = (currency: string) => {
    let format = currencyFormats.get(currency);
    if (!format) {
      format = currencyFormat(currency, locale);
      currencyFormats.set(currency, format);
    }
    return format;
  };
  const iterator = table.rows[Symbol.asyncIterator]();
  let isFinishing = false;
  let rowsSinceOutput = 0;

  const waitForOutput = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (chunks.length > 0) {
          rowsSinceOutput = 0;
          controller.enqueue(new Uint8Array(Buffer.concat(chunks.splice(0))));
          return;
        }
        if (failure) throw failure;
        if (isEnded) {
          controller.close();
          return;
        }
        if (isFinishing || rowsSinceOutput >= ROWS_BEFORE_WAITING) {
          await waitForOutput();
          continue;
        }
        const next = await iterator.next();
        if (next.done) {
          isFinishing = true;
          workbook.commit().catch((error: unknown) => {
            failure = error;
            signal();
          });
          continue;
        }
        for (const values of next.value) writeRow(sheet, table.columns, values, formatOf);
        rowsSinceOutput += next.value.length;
        // Let the zip compress what the batch wrote before deciding whether to write another.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async cancel() {
      await iterator.return?.();
      output.destroy();
    },
  });
}

function writeRow(
  sheet: Worksheet,
  columns: readonly ExportColumn[],
  values: readonly ExportCell[],
  formatOf: (currency: string) => string,
): void {
  const cells = values.map((value, index) => cellValue(value, columns[index]));
  const row: Row = sheet.addRow(cells);
  values.forEach((value, index) => {
    if (isMoneyCell(value)) row.getCell(index + 1).numFmt = formatOf(value.currency);
    // Text where a number or date belongs (a note) is shown as text, not in the column's format.
    else if (typeof cells[index] === "string" && columns[index]?.kind !== "text") row.getCell(index + 1).numFmt = "@";
  });
  row.commit();
}

/** The value Excel stores: numbers as numbers, dates as dates, money in major units. */
function cellValue(value: ExportCell, column: ExportColumn | undefined): string | number | Date | null {
  if (value == null) return null;
  if (isMoneyCell(value)) {
    if (!Number.isFinite(value.minor)) return null;
    return Math.round(value.minor) / 10 ** currencyExponent(value.currency);
  }
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  if (column?.kind === "date") return dateOf(value) ?? value;
  if (column?.kind === "datetime") return instantOf(value) ?? value;
  return value;
}

/** Excel's rules for a sheet's name: at most 31 characters, none of []:*?/\. */
function sheetName(name: string): string {
  return name.replaceAll(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Export";
}
