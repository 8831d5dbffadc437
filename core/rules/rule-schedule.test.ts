import { describe, expect, it } from "vitest";
import { nextSlotAfter } from "./rule-schedule.ts";

const at = (iso: string) => new Date(iso);

describe("a rule's next slot", () => {
  it("runs every 15 minutes on the quarter hour", () => {
    expect(nextSlotAfter({ kind: "every_15_minutes" }, at("2026-11-26T14:07:10Z"), "UTC").toISOString()).toBe(
      "2026-11-26T14:15:00.000Z",
    );
    // A slot is strictly after: at 14:15 sharp the next one is 14:30.
    expect(nextSlotAfter({ kind: "every_15_minutes" }, at("2026-11-26T14:15:00Z"), "UTC").toISOString()).toBe(
      "2026-11-26T14:30:00.000Z",
    );
  });

  it("runs hourly on the hour of the organization's time zone", () => {
    expect(nextSlotAfter({ kind: "hourly" }, at("2026-11-26T14:07:00Z"), "Europe/Paris").toISOString()).toBe(
      "2026-11-26T15:00:00.000Z",
    );
    // India is 5:30 ahead of UTC: its hours start at half past in UTC.
    expect(nextSlotAfter({ kind: "hourly" }, at("2026-11-26T14:07:00Z"), "Asia/Kolkata").toISOString()).toBe(
      "2026-11-26T14:30:00.000Z",
    );
  });

  it("runs daily at a time in the organization's time zone, today or tomorrow", () => {
    const schedule = { kind: "daily" as const, time: "08:00" };
    // 07:00 in New York (UTC−5 in November): today at 08:00 there.
    expect(nextSlotAfter(schedule, at("2026-11-26T12:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-11-26T13:00:00.000Z",
    );
    // 09:00 in New York: tomorrow at 08:00.
    expect(nextSlotAfter(schedule, at("2026-11-26T14:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-11-27T13:00:00.000Z",
    );
  });

  it("runs weekly on the weekday at the time, across a daylight saving change", () => {
    // Mondays at 09:00 in Berlin. 2026-10-25 is the end of summer time there (a Sunday).
    const schedule = { kind: "weekly" as const, weekday: 1, time: "09:00" };
    expect(nextSlotAfter(schedule, at("2026-10-21T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-10-26T08:00:00.000Z",
    );
    expect(nextSlotAfter(schedule, at("2026-10-14T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-10-19T07:00:00.000Z",
    );
  });

  it("moves a time that a daylight saving jump skips to the hour after", () => {
    // 2026-03-29 02:30 does not exist in Berlin (clocks go from 02:00 to 03:00).
    const slot = nextSlotAfter({ kind: "daily", time: "02:30" }, at("2026-03-28T12:00:00Z"), "Europe/Berlin");
    expect(slot.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});
