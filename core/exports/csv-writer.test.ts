import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv-test-parser.ts";
import { csvDialect, csvField, csvLine, csvStream, decimalFromMinor, guardedText } from "./csv-writer.ts";
import type { ExportCell, ExportColumn } from "./export-table.ts";

const COLUMNS: ExportColumn[] = [
  { header: "Campaign", kind: "text" },
  { header: "Spend", kind: "money" },
  { header: "Clicks", kind: "integer" },
  { header: "CTR (%)", kind: "percent" },
  { header: "ROAS", kind: "decimal" },
  { header: "Date", kind: "date" },
];
const NAME = 'Été "Rebajas", año';
const ROW: ExportCell[] = [NAME, { minor: 123_450, currency: "EUR" }, 1000, 0.0525, 2.25, "2026-01-31"];

async function* batches(...rows: ExportCell[][][]) {
  yield* rows;
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("csvField and guardedText", () => {
  it.each([
    ["plain", "plain"],
    ["with, comma", '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rinside", '"cr\rinside"'],
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1 555", "'+1 555"],
    ["-cmd", "'-cmd"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab first", "'\tTab first"],
    ["-12.50", "-12.50"],
    ["", ""],
  ])("writes the text %j as %j", (value, expected) => {
    expect(csvField(guardedText(value))).toBe(expected);
  });

  it("quotes a field with the dialect's own separator", () => {
    expect(csvField("a;b", ";")).toBe('"a;b"');
    expect(csvField("a,b", ";")).toBe("a,b");
  });

  it("writes numbers as they are, nothing for null, undefined or NaN, and ends every line with CRLF", () => {
    expect(csvLine(["a", 1, -5, 3.25, null, undefined, Number.NaN, "b,c"])).toBe('a,1,-5,3.25,,,,"b,c"\r\n');
  });
});

describe("decimalFromMinor", () => {
  it.each([
    [123450, "USD", "1234.50"],
    [5, "USD", "0.05"],
    [-250, "EUR", "-2.50"],
    [0, "USD", "0.00"],
    [1500, "JPY", "1500"],
    [12345, "KWD", "12.345"],
    [null, "USD", ""],
  ] as const)("%s minor %s reads %s", (minor, currency, expected) => {
    expect(decimalFromMinor(minor, currency)).toBe(expected);
  });
});

describe("the raw CSV", () => {
  it("starts with a UTF-8 byte-order mark, and a name with accents, a comma and a quote round-trips", async () => {
    const bytes = await bytesOf(csvStream({ columns: COLUMNS, rows: batches([ROW]) }, csvDialect("csv", "de-DE")));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records).toEqual([
      ["Campaign", "Spend", "Clicks", "CTR (%)", "ROAS", "Date"],
      [NAME, "1234.50", "1000", "5.25", "2.25", "2026-01-31"],
    ]);
  });

  it("keeps numbers machine-readable whatever the reader's locale: a dot, no grouping, no symbol", async () => {
    const text = await new Response(
      csvStream({ columns: COLUMNS, rows: batches([ROW]) }, csvDialect("csv", "fr-FR")),
    ).text();
    expect(text.split("\r\n")[1]).toBe('"Été ""Rebajas"", año",1234.50,1000,5.25,2.25,2026-01-31');
  });
});

describe("the CSV for spreadsheets", () => {
  it("uses a German reader's decimal comma, the currency's sign, and semicolons between fields", async () => {
    const bytes = await bytesOf(
      csvStream({ columns: COLUMNS, rows: batches([ROW]) }, csvDialect("csv-spreadsheet", "de-DE")),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(parseCsv(text, ";")).toEqual([
      ["Campaign", "Spend", "Clicks", "CTR (%)", "ROAS", "Date"],
      [NAME, "1234,50 €", "1000", "5,25", "2,25", "2026-01-31"],
    ]);
  });

  it("keeps commas and a dot for an American reader, with the sign before the amount", async () => {
    const usd: ExportCell[] = ["Brand", { minor: -123_450, currency: "USD" }, 7, 0.1, 1.5, "2026-01-31"];
    const text = await new Response(
      csvStream({ columns: COLUMNS, rows: batches([usd]) }, csvDialect("csv-spreadsheet", "en-US")),
    ).text();
    expect(parseCsv(text)[1]).toEqual(["Brand", "-$1234.50", "7", "10", "1.5", "2026-01-31"]);
  });
});

describe("csvStream", () => {
  it("streams the header, then each batch, and stops the source when the reader cancels", async () => {
    let isStopped = false;
    async function* rows() {
      try {
        yield [["a", 1]];
        yield [];
        yield [
          ["b", 2],
          ["c", 3],
        ];
        yield [["never", 0]];
      } finally {
        isStopped = true;
      }
    }
    const columns: ExportColumn[] = [
      { header: "name", kind: "text" },
      { header: "count", kind: "integer" },
    ];
    const reader = csvStream({ columns, rows: rows() }, csvDialect("csv", "en-US")).getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { value } = await reader.read();
      chunks.push(decoder.decode(value, { stream: true }));
    }
    expect(chunks.join("")).toBe("name,count\r\na,1\r\nb,2\r\nc,3\r\n");
    await reader.cancel();
    expect(isStopped).toBe(true);
  });
});
