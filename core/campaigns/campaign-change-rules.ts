/** What a change's values must be before anything is sent; bad input changes nothing. */
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignChange } from "./push-campaign-change.ts";

const MAX_CAMPAIGN_NAME_LENGTH = 255;
const MAX_REASON_LENGTH = 1_000;

export function validateCampaignChange(change: CampaignChange): void {
  if (
    change.dailyBudgetMinor !== undefined &&
    (!Number.isSafeInteger(change.dailyBudgetMinor) || change.dailyBudgetMinor <= 0)
  )
    throw new AppError("unprocessable_entity", "A daily budget must be a positive amount.");
  if (change.name !== undefined) validateCampaignName(change.name);
}

/** A reason is optional free text; blank means none. */
export function normalizeReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? "";
  if (trimmed.length > MAX_REASON_LENGTH)
    throw new AppError(
      "unprocessable_entity",
      `A reason is at most ${MAX_REASON_LENGTH.toLocaleString("en-US")} characters.`,
    );
  return trimmed || null;
}

export function validateCampaignName(name: string): void {
  if (name.trim().length === 0) throw new AppError("unprocessable_entity", "A campaign needs a name.");
  if (name.length > MAX_CAMPAIGN_NAME_LENGTH)
    throw new AppError("unprocessable_entity", `A campaign name is at most ${MAX_CAMPAIGN_NAME_LENGTH} characters.`);
}
