/** What /ads/utm-fix answers, shared by the resource route and the UTM health card. */
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { UtmFixBlocker, UtmFixOutcome, UtmFixReport } from "#core/utm-health/utm-health-types.ts";

/** The resource route of the UTM health check: GET its figures, POST { adIds } to fix. */
export const UTM_FIX_PATH = "/ads/utm-fix";

/** Ads sent per request, so the dialog shows its progress as each page comes back. */
export const UTM_FIX_CHUNK_SIZE = 10;

export type UtmFixActionResult = { ok: true; report: UtmFixReport } | ActionRefusal;

/** The catalog key of each reason an ad cannot be fixed here. */
export const BLOCKER_KEYS: Record<UtmFixBlocker | "not_found", string> = {
  platform_unsupported: "blockers.platform_unsupported",
  landing_url_conflict: "blockers.landing_url_conflict",
  not_found: "blockers.not_found",
};

/** The catalog key of each outcome of a fix. */
export const OUTCOME_KEYS: Record<UtmFixOutcome, string> = {
  fixed: "outcomes.fixed",
  failed: "outcomes.failed",
  refused: "outcomes.refused",
  unchanged: "outcomes.unchanged",
};

/** Where to edit an ad whose platform's API cannot: the note for TikTok and LinkedIn. */
export function noApiKey(platform: AdPlatformId): string {
  return platform === "linkedin-ads" ? "noApi.linkedin" : "noApi.tiktok";
}
