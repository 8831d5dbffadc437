/**
 * An export of 100,000 rows streams: the rows are read a page at a time as the client downloads,
 * the first bytes go out long before the last page is read, and the writer never runs far ahead
 * of the reader. Both writers, the CSV and Excel.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ExportCell, ExportColumn, ExportFormat } from "./export-table.ts";
import { renderExport } from "./render-export.ts";

const ROWS = 100_000;
const PAGE = 500;
const PAGES = ROWS / PAGE;

const COLUMNS: ExportColumn[] = [
  { header: "Date", kind: "date" },
  { header: "Campaign", kind: "text" },
  { header: "Spend", kind: "money" },
  { header: "Clicks", kind: "integer" },
];

/** A source of 100,000 rows in pages, counting the pages read so far. */
function pagedSource() {
  const state = { pagesRead: 0 };
  async function* rows(): AsyncGenerator<ExportCell[][]> {
    for (let page = 0; page < PAGES; page++) {
      state.pagesRead++;
      yield Array.from({ length: PAGE }, (_, index): ExportCell[] => {
        const n = page * PAGE + index;
        return ["2026-01-31", `Campagne n°${n}, « été »`, { minor: n, currency: "EUR" }, n];
      });
    }
  }
  return { state, rows: rows() };
}

/** Reads the whole file, noting how many pages the source had read when each chunk arrived. */
async function download(format: ExportFormat) {
  const source = pagedSource();
  const file = await renderExport(
    { name: "big", sheet: "Big", columns: COLUMNS, rows: source.rows },
    { format, locale: "fr-FR" },
  );
  expect(source.state.pagesRead).toBe(0);
  const reader = file.body.getReader();
  const pagesAtChunk: number[] = [];
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    pagesAtChunk.push(source.state.pagesRead);
  }
  return { pagesAtChunk, chunks, pagesRead: source.state.pagesRead };
}

describe("a 100,000-row export", () => {
  it("streams the CSV a page at a time: one page read per chunk sent", async () => {
    const { pagesAtChunk, chunks, pagesRead } = await download("csv-spreadsheet");
    expect(pagesRead).toBe(PAGES);
    // The header goes out first, then each chunk is one page; the stream reads at most one page
    // ahead of the reader (its queue holds one chunk).
    expect(pagesAtChunk[0]).toBeLessThanOrEqual(1);
    for (const [index, pages] of pagesAtChunk.entries()) expect(pages).toBeLessThanOrEqual(index + 1);
    expect(pagesAtChunk).toHaveLength(PAGES + 1);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(ROWS + 1);
    expect(text).toContain("2026-01-31;Campagne n°99999, « été »;999,99 €;99999\r\n");
  }, 120_000);

  it("streams the Excel file: output starts early and the writer stays within a few pages of it", async () => {
    const { pagesAtChunk, chunks, pagesRead } = await download("xlsx");
    expect(pagesRead).toBe(PAGES);
    // The first bytes leave before a tenth of the pages are read…
    expect(pagesAtChunk[0]).toBeLessThan(PAGES / 10);
    // …and bytes keep leaving all along: many chunks arrive while pages are still to be read, and
    // between two chunks the writer never reads more than ROWS_BEFORE_WAITING rows' worth (20 pages).
    expect(pagesAtChunk.filter((pages) => pages < PAGES).length).toBeGreaterThan(20);
    for (let index = 1; index < pagesAtChunk.length; index++)
      expect((pagesAtChunk[index] ?? 0) - (pagesAtChunk[index - 1] ?? 0)).toBeLessThanOrEqual(21);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Big");
    expect(sheet?.rowCount).toBe(ROWS + 1);
    expect(sheet?.getRow(ROWS + 1).getCell(4).value).toBe(ROWS - 1);
  }, 300_000);
});
