/** The market's days: day numbers, spans, the anchor dates and the yearly season. */

export const DAY_MS = 86_400_000;
/**
 * Histories are laid out around this fixed date rather than around "today", so a campaign's
 * start and pause dates do not move as real days pass (that would rewrite synced history).
 */
export const MARKET_ANCHOR_DAY = dayNumberOf("2026-11-01");
/** The stores opened here; their order numbers count from it. */
export const STORE_EPOCH_DAY = dayNumberOf("2023-01-01");

export interface DaySpan {
  numbers: number[];
  dates: string[];
  /** The yearly season factor of each day. */
  annual: number[];
}

export function daySpan(firstDay: number, lastDay: number): DaySpan {
  const span: DaySpan = { numbers: [], dates: [], annual: [] };
  for (let day = firstDay; day <= lastDay; day++) {
    const date = dateOfDay(day);
    span.numbers.push(day);
    span.dates.push(date);
    span.annual.push(annualFactor(date));
  }
  return span;
}

/** Black Friday to Cyber Monday peak, a busy December, a quiet January and a soft summer. */
export function annualFactor(date: string): number {
  const month = Number(date.slice(5, 7));
  const dayOfMonth = Number(date.slice(8, 10));
  if (month === 11 && dayOfMonth >= 24) return 1.3;
  if (month === 11 && dayOfMonth >= 15) return 1.1;
  if (month === 12 && dayOfMonth <= 2) return 1.25;
  if (month === 12 && dayOfMonth <= 20) return 1.12;
  if (month === 1) return 0.9;
  if (month === 7 || month === 8) return 0.95;
  return 1;
}

export function dayNumberOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function parseRangeDay(date: string): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayNumberOf(date) : Number.NaN;
  if (Number.isNaN(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return day;
}
