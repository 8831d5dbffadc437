import { describe, expect, it } from "vitest";
import { formatExactTime, formatRelativeTime } from "./relative-time.ts";

const now = new Date("2025-06-15T12:00:00Z");
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it.each([
    ["the same instant", before(0), "just now"],
    ["59 seconds", before(59 * SECOND), "just now"],
    ["a clock slightly ahead", before(-5 * SECOND), "just now"],
    ["1 minute", before(MINUTE), "1 minute ago"],
    ["5 minutes", before(5 * MINUTE + 30 * SECOND), "5 minutes ago"],
    ["59 minutes", before(59 * MINUTE), "59 minutes ago"],
    ["1 hour", before(HOUR), "1 hour ago"],
    ["3 hours", before(3 * HOUR + 20 * MINUTE), "3 hours ago"],
    ["23 hours", before(23 * HOUR), "23 hours ago"],
    ["a day", before(DAY + HOUR), "yesterday"],
    ["3 days", before(3 * DAY), "3 days ago"],
    ["6 days", before(6 * DAY), "6 days ago"],
    ["a date this year", new Date("2025-03-02T08:00:00Z"), "Mar 2"],
    ["a date of another year", new Date("2024-11-20T08:00:00Z"), "Nov 20, 2024"],
  ])("%s reads %j", (_case, from, expected) => {
    expect(formatRelativeTime(from, now)).toBe(expected);
  });

  it.each([
    ["de-DE", "gerade eben", before(30 * SECOND), "gerade eben"],
    ["de-DE", "", before(5 * MINUTE), "vor 5 Minuten"],
    ["de-DE", "", before(DAY + HOUR), "gestern"],
    ["fr-FR", "", before(3 * HOUR), "il y a 3 heures"],
    ["es-ES", "", before(3 * DAY), "hace 3 días"],
    ["de-DE", "", new Date("2024-11-20T08:00:00Z"), "20. Nov. 2024"],
  ])("in %s reads the reader's language", (locale, justNow, from, expected) => {
    expect(formatRelativeTime(from, now, { locale, justNow: justNow || undefined })).toBe(expected);
  });

  it("reads a date in the reader's time zone", () => {
    // 23:30 UTC on New Year's Eve is already the next day, and year, in Berlin.
    const late = new Date("2024-12-31T23:30:00Z");
    expect(formatRelativeTime(late, now, { timeZone: "Europe/Berlin" })).toBe("Jan 1");
    expect(formatRelativeTime(late, now)).toBe("Dec 31, 2024");
  });
});

describe("formatExactTime", () => {
  it("gives the full UTC time", () => {
    expect(formatExactTime(new Date("2025-06-15T09:05:00Z"))).toBe("Jun 15, 2025, 9:05 AM UTC");
  });

  it("gives it in the reader's locale and time zone", () => {
    expect(formatExactTime(new Date("2025-06-15T09:05:00Z"), { locale: "de-DE", timeZone: "Europe/Berlin" })).toBe(
      "15. Juni 2025, 11:05 MESZ",
    );
  });

  it("falls back to UTC for a time zone Intl does not know", () => {
    expect(formatExactTime(new Date("2025-06-15T09:05:00Z"), { timeZone: "Mars/Olympus" })).toBe(
      "Jun 15, 2025, 9:05 AM UTC",
    );
  });
});
