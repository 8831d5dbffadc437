/** Where an organization's day stands: its start as an instant, and the hour on its wall clock. */

/** The wall clock of `timeZone` at `instant`, read as if it were UTC (ms). */
function wallClockMs(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

/** The hour (0–23) on the wall clocks of `timeZone` at `instant`. */
export function hourIn(timeZone: string, instant: Date): number {
  return new Date(wallClockMs(timeZone, instant)).getUTCHours();
}

/** The instant the day of `instant` began in `timeZone` (its local midnight). */
export function startOfDayIn(timeZone: string, instant: Date): Date {
  const wall = wallClockMs(timeZone, instant);
  const midnightWall = wall - (wall % 86_400_000);
  // The zone's offset at that moment (twice: the first guess may sit across a DST change).
  let guess = midnightWall - (wall - instant.getTime());
  guess = midnightWall - (wallClockMs(timeZone, new Date(guess)) - guess);
  return new Date(guess);
}
