/** Small helpers the tools share: money as plain numbers, and "not found" for what the actor cannot see. */
import { AppError } from "#core/errors/app-error.ts";
import { minorToDecimal } from "#core/shared/money.ts";

/** Minor units → a plain number in currency units (1234 USD cents → 12.34); null stays null. */
export function moneyOf(minor: number | null | undefined, currency: string): number | null {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return null;
  return Number(minorToDecimal(Math.round(minor), currency));
}

/** A ratio rounded for reading (ROAS, CTR); null stays null. */
export function ratioOf(value: number | null | undefined, digits = 4): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The same answer for a campaign of another organization as for one that does not exist. */
export function campaignNotFound(): AppError {
  return new AppError("not_found", "No campaign with that id in this organization.");
}

export const CAMPAIGN_PAGE = "/campaigns/mes-ads";
