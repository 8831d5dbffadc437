/**
 * When a rule runs: its schedule's slots, in the organization's time zone. A slot is an instant
 * (UTC); the scheduler claims a rule's due slot once (rule_runs is unique per rule and slot), so
 * every node may tick and a slot still runs once.
 */
import type { RuleSchedule } from "./rule-definition.ts";

const MINUTE = 60_000;

/** The first slot strictly after `after`. */
export function nextSlotAfter(schedule: RuleSchedule, after: Date, timeZone: string): Date {
  const afterMs = after.getTime();
  if (schedule.kind === "every_15_minutes") return new Date((Math.floor(afterMs / (15 * MINUTE)) + 1) * 15 * MINUTE);
  if (schedule.kind === "hourly") {
    // On the hour in the time zone (a +05:30 zone's hours fall on :30 UTC).
    const local = wallClockOf(after, timeZone);
    let candidate = instantOf({ ...local, minute: 0, second: 0 }, timeZone);
    while (candidate.getTime() <= afterMs) candidate = new Date(candidate.getTime() + 60 * MINUTE);
    return candidate;
  }
  const [hour, minute] = schedule.time.split(":").map(Number) as [number, number];
  const local = wallClockOf(after, timeZone);
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = addDaysTo(local, offset);
    if (schedule.kind === "weekly" && weekdayOf(day) !== schedule.weekday) continue;
    const candidate = instantOf({ ...day, hour, minute, second: 0 }, timeZone);
    if (candidate.getTime() > afterMs) return candidate;
  }
  // Unreachable for a valid schedule: a week always holds the weekday.
  return new Date(afterMs + 24 * 60 * MINUTE);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * The instant the wall clock shows `local` in `timeZone`. A time that a daylight-saving jump skips
 * is taken an hour later; a time that happens twice, the first time.
 */
function instantOf(local: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  // The zone's offsets half a day either side; a wall time is valid under one or both of them.
  const offsets = [offsetAt(asUtc - 12 * 60 * MINUTE, timeZone), offsetAt(asUtc + 12 * 60 * MINUTE, timeZone)];
  const valid = offsets
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const shown = wallClockOf(new Date(instant), timeZone);
      return Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) === asUtc;
    })
    .sort((a, b) => a - b);
  // Skipped by a jump forward: the offset before the jump puts it an hour later on the wall.
  return new Date(valid[0] ?? asUtc - (offsets[0] as number));
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const shown = wallClockOf(new Date(instant), timeZone);
  const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
  return shownAsUtc - Math.floor(instant / 1000) * 1000;
}

function addDaysTo(local: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { ...local, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function weekdayOf(local: WallClock): number {
  return new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
}
