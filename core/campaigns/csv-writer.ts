import { currencyExponent } from "#core/shared/money.ts";

/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, fields quoted when needed), streamed
 * batch by batch so an export never holds the whole result in memory.
 */

export type CsvValue = string | number | null | undefined;

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** A plain decimal ("-12.50") is a number, not a formula, even as text. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One field. Text that a spreadsheet would read as a formula gets a leading apostrophe (OWASP's
 * advice); numbers, and text that is a plain decimal, are written as they are, so a negative
 * amount stays a number.
 */
export function csvField(value: CsvValue): string {
  if (value == null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_TRIGGER.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * A byte stream of the header and then every batch of rows. Batches are pulled only as fast as the
 * client reads, and a client that goes away stops the source.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<CsvValue[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
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
        controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
        return;
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
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
