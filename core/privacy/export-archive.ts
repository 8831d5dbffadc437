/**
 * Writes a data export as a ZIP (fflate): one JSON or CSV file per kind of data and a README that
 * says what each file is. Files are compressed as their rows arrive, so a long table is never held
 * twice in memory.
 */
import { strToU8, Zip, ZipDeflate } from "fflate";
import { csvLine } from "#core/exports/csv-writer.ts";
import type { ExportRows } from "./export-data-repository.ts";

export interface ArchiveWriter {
  /** A plain text file. */
  addText(name: string, text: string): void;
  /** A whole JSON file. */
  addJson(name: string, value: unknown): void;
  /** A CSV file from pages of rows; the header is the union of the first page's columns. */
  addCsv(name: string, pages: AsyncIterable<ExportRows> | ExportRows): Promise<number>;
  /** Ends the archive and returns its bytes. */
  finish(): Promise<Buffer>;
}

function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function createArchiveWriter(): ArchiveWriter {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let done: (() => void) | null = null;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final || error) done?.();
  });
  const file = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    return entry;
  };
  return {
    addText(name, text) {
      file(name).push(strToU8(text), true);
    },
    addJson(name, value) {
      file(name).push(strToU8(`${JSON.stringify(value, null, 2)}\n`), true);
    },
    async addCsv(name, pages) {
      const entry = file(name);
      let header: string[] | null = null;
      let count = 0;
      const iterable: AsyncIterable<ExportRows> | Iterable<ExportRows> = Array.isArray(pages) ? [pages] : pages;
      for await (const rows of iterable) {
        if (rows.length === 0) continue;
        if (!header) {
          header = Object.keys(rows[0] as object);
          entry.push(strToU8(csvLine(header)));
        }
        const columns = header;
        entry.push(strToU8(rows.map((row) => csvLine(columns.map((column) => cell(row[column])))).join("")));
        count += rows.length;
      }
      entry.push(new Uint8Array(0), true);
      return count;
    },
    async finish() {
      zip.end();
      await finished;
      if (failure) throw failure;
      return Buffer.concat(chunks);
    },
  };
}
