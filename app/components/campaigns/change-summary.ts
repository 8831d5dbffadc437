/** Words for a change's before → after and for a run's outcome, shared by the dialog and the log. */

import { formatMoney } from "#app/components/analytics/format-metrics.ts";
import type { CampaignSettings, ChangeItemResult } from "#core/campaigns/campaign-change-types.ts";
import { STATUS_LABELS } from "./campaign-labels.ts";

/** "Active", "$50.00/day", "No daily budget", or both ("Paused · $50.00/day") when a change touched both. */
export function describeSettings(settings: CampaignSettings, currency: string | null): string {
  const parts: string[] = [];
  if (settings.name !== undefined) parts.push(`“${settings.name}”`);
  if (settings.status !== undefined) parts.push(STATUS_LABELS[settings.status]);
  if (settings.dailyBudgetMinor !== undefined)
    parts.push(
      settings.dailyBudgetMinor === null
        ? "No daily budget"
        : currency
          ? `${formatMoney(settings.dailyBudgetMinor, currency)}/day`
          : `${settings.dailyBudgetMinor.toLocaleString("en-US")} (minor units)/day`,
    );
  return parts.join(" · ") || "—";
}

export interface OutcomeCounts {
  succeeded: number;
  failed: number;
  skipped: number;
}

export function countOutcomes(results: readonly Pick<ChangeItemResult, "outcome">[]): OutcomeCounts {
  const counts = { succeeded: 0, failed: 0, skipped: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}

/** "18 updated, 2 failed" (and ", 3 skipped" when some were left as they were). */
export function outcomeSentence({ succeeded, failed, skipped }: OutcomeCounts): string {
  const parts = [`${succeeded.toLocaleString("en-US")} updated`];
  if (failed > 0) parts.push(`${failed.toLocaleString("en-US")} failed`);
  if (skipped > 0) parts.push(`${skipped.toLocaleString("en-US")} skipped`);
  return parts.join(", ");
}
