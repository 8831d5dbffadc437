import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ExportCell, ExportColumn, ExportTable } from "./export-table.ts";
import { renderExport } from "./render-export.ts";

const COLUMNS: ExportColumn[] = [
  { header: "Campaign", kind: "text" },
  { header: "Spend", kind: "money" },
  { header: "Clicks", kind: "integer" },
  { header: "CTR", kind: "percent" },
  { header: "ROAS", kind: "decimal" },
  { header: "Date", kind: "date" },
  { header: "Logged at", kind: "datetime" },
];

async function* batches(...rows: ExportCell[][][]) {
  yield* rows;
}

async function workbookOf(table: ExportTable, locale = "de-DE") {
  const file = await renderExport(table, { format: "xlsx", locale });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await new Response(file.body).arrayBuffer()) as ExcelJS.Buffer);
  return { file, workbook };
}

describe("the Excel export", () => {
  it("opens with typed cells: numbers are numbers, dates are dates, money has its currency's format", async () => {
    const { file, workbook } = await workbookOf({
      name: "adhelm-campañas-2026-01-01-a-2026-01-31",
      sheet: "Campañas",
      columns: COLUMNS,
      frozenColumns: 1,
      rows: batches(
        [
          [
            'Été "Rebajas", año',
            { minor: 123_450, currency: "EUR" },
            1000,
            0.0525,
            2.25,
            "2026-01-31",
            "2026-01-31T09:30:00.000Z",
          ],
        ],
        [["=1+1", { minor: 1500, currency: "JPY" }, 7, null, null, "2026-02-01", null]],
      ),
    });
    expect(file.filename).toBe("adhelm-campañas-2026-01-01-a-2026-01-31.xlsx");
    expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheet = workbook.getWorksheet("Campañas");
    if (!sheet) throw new Error("no sheet");
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Campaign",
      "Spend",
      "Clicks",
      "CTR",
      "ROAS",
      "Date",
      "Logged at",
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", xSplit: 1, ySplit: 1 });

    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Été "Rebajas", año');
    expect(row.getCell(2).value).toBe(1234.5);
    expect(row.getCell(2).numFmt).toBe('#,##0.00 "€";-#,##0.00 "€"');
    expect(row.getCell(3).value).toBe(1000);
    expect(row.getCell(3).numFmt).toBe("#,##0");
    expect(row.getCell(4).value).toBe(0.0525);
    expect(row.getCell(4).numFmt).toBe("0.00%");
    expect(row.getCell(5).value).toBe(2.25);
    expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2026, 0, 31)));
    expect(row.getCell(6).numFmt).toBe("yyyy-mm-dd");
    expect(row.getCell(7).value).toEqual(new Date("2026-01-31T09:30:00.000Z"));

    const yen = sheet.getRow(3);
    // A string is text in Excel, never a formula.
    expect(yen.getCell(1).value).toBe("=1+1");
    expect(yen.getCell(2).value).toBe(1500);
    expect(yen.getCell(2).numFmt).toBe('#,##0 "¥";-#,##0 "¥"');
    expect(yen.getCell(4).value).toBeNull();
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(10);
  });

  it("puts an American reader's currency sign before the amount", async () => {
    const { workbook } = await workbookOf(
      { name: "x", sheet: "Campaigns", columns: COLUMNS, rows: batches([["Brand", { minor: 5, currency: "USD" }]]) },
      "en-US",
    );
    const cell = workbook.getWorksheet("Campaigns")?.getRow(2).getCell(2);
    expect(cell?.value).toBe(0.05);
    expect(cell?.numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
  });
});
