/**
 * An export table as the file the reader chose: the raw CSV, the CSV for spreadsheets (in the
 * reader's locale) or Excel. The file name ends with the format's extension.
 */
import { csvDialect, csvStream } from "./csv-writer.ts";
import type { ExportFile, ExportOptions, ExportTable } from "./export-table.ts";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

export async function renderExport(table: ExportTable, { format, locale }: ExportOptions): Promise<ExportFile> {
  if (format === "xlsx") {
    // Only an Excel export loads the Excel writer (and exceljs with it).
    const { xlsxStream, XLSX_CONTENT_TYPE } = await import("./xlsx-writer.ts");
    return {
      filename: `${table.name}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await xlsxStream(table, locale),
    };
  }
  return {
    filename: `${table.name}.csv`,
    contentType: CSV_CONTENT_TYPE,
    body: csvStream(table, csvDialect(format, locale)),
  };
}
