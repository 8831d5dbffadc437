import { describe, expect, it } from "vitest";
import { csvField, csvLine, csvStream, decimalFromMinor } from "./csv-writer.ts";

describe("csvField", () => {
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
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("writes numbers as they are, and nothing for null, undefined or NaN", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(3.25)).toBe("3.25");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("ends every line with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
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

describe("csvStream", () => {
  it("streams the header, then each batch, and stops the source when the reader cancels", async () => {
    let isStopped = false;
    async function* batches() {
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
    const reader = csvStream(["name", "count"], batches()).getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { value } = await reader.read();
      chunks.push(decoder.decode(value));
    }
    expect(chunks.join("")).toBe("name,count\r\na,1\r\nb,2\r\nc,3\r\n");
    await reader.cancel();
    expect(isStopped).toBe(true);
  });

  it("reads to the end of a finite source", async () => {
    async function* batches() {
      yield [["x", 1]];
    }
    const text = await new Response(csvStream(["h"], batches())).text();
    expect(text).toBe("h\r\nx,1\r\n");
  });
});
