import { describe, expect, it } from "vitest";
import { writeZip } from "#simulator/platforms/microsoft-ads-zip.ts";
import { parseCsv, readCsvRecords, readZipEntries } from "./report-file.ts";

describe("readZipEntries", () => {
  it("reads back the file the sandbox's ZIP writer packed", () => {
    const content = Buffer.from(`\uFEFF"TimePeriod","Spend"\r\n"2026-10-01","12.50"\r\n`.repeat(200), "utf8");
    const [entry, ...rest] = readZipEntries(writeZip("CampaignPerformance.csv", content));
    expect(rest).toEqual([]);
    expect(entry?.name).toBe("CampaignPerformance.csv");
    expect(entry?.content.equals(content)).toBe(true);
  });

  it("refuses bytes that are not a ZIP and an archive whose checksum fails", () => {
    expect(() => readZipEntries(Buffer.from("<html>error</html>".padEnd(64, " ")))).toThrow("not a ZIP");
    const archive = writeZip("report.csv", Buffer.from("a,b\r\n1,2\r\n"));
    // Corrupt the stored CRC in the central directory.
    const central = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    archive.writeUInt32LE((archive.readUInt32LE(central + 16) + 1) >>> 0, central + 16);
    expect(() => readZipEntries(archive)).toThrow("checksum");
  });

  it("refuses a compression method it cannot read", () => {
    const archive = writeZip("report.csv", Buffer.from("x"));
    const central = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    archive.writeUInt16LE(14, central + 10);
    expect(() => readZipEntries(archive)).toThrow("compression method (14)");
  });
});

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, after a BOM", () => {
    expect(parseCsv('\uFEFF"a","b, c"\r\n"say ""hi""","line\nbreak"\n1,2')).toEqual([
      ["a", "b, c"],
      ['say "hi"', "line\nbreak"],
      ["1", "2"],
    ]);
  });

  it("keys records by the header row and drops footer lines of another width", () => {
    const text =
      '"TimePeriod","CampaignId","Spend"\r\n"2026-10-01","4001","1.50"\r\n\r\n"©2026 Microsoft Corporation."\r\n';
    expect(readCsvRecords(text)).toEqual([{ TimePeriod: "2026-10-01", CampaignId: "4001", Spend: "1.50" }]);
    expect(readCsvRecords("")).toEqual([]);
  });
});
