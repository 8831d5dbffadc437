/** Words for a change's before → after and for a run's outcome, shared by the dialog and the log. */

import type { i18n } from "i18next";
import type { CampaignSettings, ChangeItemResult } from "#core/campaigns/campaign-change-types.ts";
import { formatMoney, formatNumber } from "#core/shared/number-format.ts";
import { STATUS_KEYS } from "./campaign-labels.ts";

type Translate = i18n["t"];

/**
 * "Active", "$50.00/day", "No daily budget", or both ("Paused · $50.00/day") when a change touched
 * both, in the reader's language (`t`) and locale ("de-DE": "50,00 $/Tag").
 */
export function describeSettings(
  settings: CampaignSettings,
  currency: string | null,
  t: Translate,
  locale: string,
): string {
  const parts: string[] = [];
  if (settings.name !== undefined) parts.push(t("campaigns:settings.name", { name: settings.name }));
  if (settings.status !== undefined) parts.push(t(STATUS_KEYS[settings.status], { ns: "campaigns" }));
  if (settings.dailyBudgetMinor !== undefined)
    parts.push(
      settings.dailyBudgetMinor === null
        ? t("campaigns:settings.noBudget")
        : currency
          ? t("campaigns:settings.perDay", { amount: formatMoney(settings.dailyBudgetMinor, currency, locale) })
          : t("campaigns:settings.minorPerDay", {
              amount: formatNumber(settings.dailyBudgetMinor, locale),
            }),
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
export function outcomeSentence({ succeeded, failed, skipped }: OutcomeCounts, t: Translate): string {
  const parts = [t("campaigns:outcome.updated", { count: succeeded })];
  if (failed > 0) parts.push(t("campaigns:outcome.failed", { count: failed }));
  if (skipped > 0) parts.push(t("campaigns:outcome.skipped", { count: skipped }));
  return parts.join(", ");
}
