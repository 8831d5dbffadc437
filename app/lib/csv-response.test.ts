import { describe, expect, it } from "vitest";
import { attachment, csvResponse } from "./csv-response.ts";

describe("csvResponse", () => {
  it("sends an ASCII file name as it is", () => {
    const response = csvResponse("adhelm-kampagnen-2026-01-01-bis-2026-01-31.csv", new ReadableStream());
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-kampagnen-2026-01-01-bis-2026-01-31.csv"',
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });

  it("sends a name with accents as filename*, after an ASCII fallback", () => {
    expect(attachment("adhelm-métriques-quotidiennes-2026-01-01-au-2026-01-31.csv")).toBe(
      `attachment; filename="adhelm-metriques-quotidiennes-2026-01-01-au-2026-01-31.csv"; filename*=UTF-8''adhelm-m%C3%A9triques-quotidiennes-2026-01-01-au-2026-01-31.csv`,
    );
    expect(attachment('a "b".csv')).toBe('attachment; filename="a _b_.csv"');
  });
});
