import { describe, expect, it } from "vitest";
import {
  countDays,
  DATE_RANGE_PRESETS,
  dateRangeFromSearchParams,
  dateRangeToSearchParams,
  listDays,
  previousRange,
  resolveDateRange,
} from "./date-range.ts";

const TODAY = "2026-03-15";

describe("date ranges", () => {
  it.each([
    ["last_7_days", "2026-03-09", "2026-03-15"],
    ["last_14_days", "2026-03-02", "2026-03-15"],
    ["last_30_days", "2026-02-14", "2026-03-15"],
    ["last_90_days", "2025-12-16", "2026-03-15"],
    ["last_365_days", "2025-03-16", "2026-03-15"],
    ["this_month", "2026-03-01", "2026-03-15"],
    ["last_month", "2026-02-01", "2026-02-28"],
  ] as const)("resolves %s on %s", (preset, from, to) => {
    expect(resolveDateRange({ preset }, TODAY)).toEqual({ preset, from, to });
  });

  it("crosses years and leap days", () => {
    expect(resolveDateRange({ preset: "last_month" }, "2024-03-31")).toMatchObject({
      from: "2024-02-01",
      to: "2024-02-29",
    });
    expect(resolveDateRange({ preset: "last_month" }, "2026-01-05")).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
    });
    expect(resolveDateRange({ preset: "this_month" }, "2026-01-01")).toMatchObject({
      from: "2026-01-01",
      to: "2026-01-01",
    });
  });

  it("defaults to the last 30 days and takes explicit dates as a custom range", () => {
    expect(resolveDateRange({}, TODAY)).toEqual({ preset: "last_30_days", from: "2026-02-14", to: TODAY });
    expect(resolveDateRange({ from: "2026-01-01", to: "2026-01-31" }, TODAY)).toEqual({
      preset: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    // A named preset wins over stray dates.
    expect(resolveDateRange({ preset: "last_7_days", from: "2020-01-01", to: "2020-01-02" }, TODAY)).toMatchObject({
      preset: "last_7_days",
      from: "2026-03-09",
    });
  });

  it.each([
    [{ from: "2026-02-01", to: "2026-01-01" }, "The start date must not be after the end date."],
    [{ from: "2023-01-01", to: "2026-01-01" }, "A range covers at most 1,000 days."],
    [{ from: "2026-02-30", to: "2026-03-01" }, "That date does not exist."],
    [{ from: "03/01/2026", to: "2026-03-02" }, "Dates are written YYYY-MM-DD."],
    [{ preset: "custom" as const, from: "2026-03-01" }, "A custom range needs both a start and an end date."],
    [{ to: "2026-03-01" }, "A custom range needs both a start and an end date."],
  ])("refuses %o with a clear message", (input, message) => {
    expect(() => resolveDateRange(input, TODAY)).toThrow(
      expect.objectContaining({ code: "unprocessable_entity", message }),
    );
  });

  it("accepts exactly 1,000 days", () => {
    const range = resolveDateRange({ from: "2023-06-19", to: "2026-03-14" }, TODAY);
    expect(countDays(range)).toBe(1_000);
  });

  it("finds the period just before, of the same length", () => {
    expect(previousRange({ from: "2026-03-08", to: "2026-03-14" })).toEqual({ from: "2026-03-01", to: "2026-03-07" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(previousRange({ from: "2026-01-01", to: "2026-01-01" })).toEqual({ from: "2025-12-31", to: "2025-12-31" });
    expect(listDays({ from: "2024-02-27", to: "2024-03-01" })).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
  });

  it("reads a page's query string, and falls back to the default on anything it cannot use", () => {
    const read = (query: string) => dateRangeFromSearchParams(new URLSearchParams(query), TODAY);
    expect(read("range=last_90_days")).toMatchObject({ preset: "last_90_days", from: "2025-12-16" });
    expect(read("from=2026-01-01&to=2026-01-15")).toEqual({ preset: "custom", from: "2026-01-01", to: "2026-01-15" });
    expect(read("range=custom&from=2026-01-01&to=2026-01-15")).toMatchObject({ preset: "custom" });
    for (const query of ["", "range=yesterday", "from=2026-02-01&to=2026-01-01", "from=2026-01-01", "range=custom"])
      expect(read(query)).toEqual({ preset: "last_30_days", from: "2026-02-14", to: TODAY });
    // A preset with stray dates is the preset.
    expect(read("range=last_7_days&from=2026-01-01&to=2026-01-15")).toMatchObject({ preset: "last_7_days" });
    for (const preset of DATE_RANGE_PRESETS.filter((name) => name !== "custom")) {
      const range = resolveDateRange({ preset }, TODAY);
      expect(read(dateRangeToSearchParams(range).toString())).toEqual(range);
    }
    const custom = resolveDateRange({ from: "2026-01-01", to: "2026-01-15" }, TODAY);
    expect(read(dateRangeToSearchParams(custom).toString())).toEqual(custom);
  });
});
