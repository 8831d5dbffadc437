import { describe, expect, it } from "vitest";
import { readPackedDays } from "./packed-metrics.ts";

function read(packed: string): number[][] {
  const days: number[][] = [];
  readPackedDays(packed, (values) => days.push([...values]));
  return days;
}

describe("packed daily metrics", () => {
  it("reads each day's six numbers exactly as the databases print them", () => {
    expect(read("0 1000 50 2000 2.5 8000 3 9007199254740991 0 -12 0.30000000000000004 1e-07")).toEqual([
      [0, 1000, 50, 2000, 2.5, 8000],
      [3, 9007199254740991, 0, -12, 0.1 + 0.2, 1e-7],
    ]);
    // Fractions past the fast path's exact range are parsed by Number() and stay exact.
    for (const value of [1 / 3, 2 / 3, 123_456.789, 5e-324, 1.7976931348623157e308, -0.1])
      expect(read(`1 0 0 0 ${value} 0`)[0]![4]).toBe(value);
    expect(read(`1 0 0 0 0.33333333333333331 0`)[0]![4]).toBe(1 / 3);
    expect(read("")).toEqual([]);
  });

  it("refuses a text it cannot read instead of guessing", () => {
    expect(() => read("0 1 2 3 4")).toThrow(/inside a day/);
    expect(() => read("0 1 2 abc 4 5")).toThrow(/Unreadable/);
    expect(() => read("0 1  2 3 4 5")).toThrow(/Unreadable/);
  });
});
