import { describe, expect, it } from "vitest";
import { addDays, calendarDateIn, trailingDays } from "./calendar-date.ts";

describe("calendar dates", () => {
  it.each([
    ["UTC", "2026-11-21T23:30:00Z", "2026-11-21"],
    ["Europe/Paris", "2026-11-21T23:30:00Z", "2026-11-22"],
    ["America/Los_Angeles", "2026-11-22T05:00:00Z", "2026-11-21"],
    ["Pacific/Kiritimati", "2026-12-31T10:00:00Z", "2027-01-01"],
  ])("in %s, %s is %s", (timeZone, instant, expected) => {
    expect(calendarDateIn(timeZone, new Date(instant))).toBe(expected);
  });

  it.each([
    ["2026-11-21", -29, "2026-10-23"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-11-21", 0, "2026-11-21"],
  ])("%s moved by %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("a trailing window of 30 days includes both ends", () => {
    expect(trailingDays("2026-11-21", 30)).toEqual({ from: "2026-10-23", to: "2026-11-21" });
    expect(trailingDays("2026-11-21", 1)).toEqual({ from: "2026-11-21", to: "2026-11-21" });
  });
});
