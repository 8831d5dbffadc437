/**
 * What a rule did, would do or held back on a campaign, in the reader's language, from the codes the
 * run stores (kind, reason, label, before/after, until): money in the campaign's currency and the
 * reader's locale, times in the organization's time zone. Core's English `message` is shown only
 * when no code says it, as for a platform's own failure text.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { RuleActionResult, RuleHeldBack } from "#core/rules/rule-types.ts";
import type { MetricFormat } from "#core/shared/number-format.ts";
import type { RulesTranslate } from "./use-rule-text.ts";

/** A campaign's status in the campaigns catalog's words. */
const CAMPAIGN_STATUS_KEYS: Record<string, string> = {
  enabled: "campaigns:status.enabled",
  paused: "campaigns:status.paused",
  removed: "campaigns:status.removed",
};

/** Why an action or a whole campaign was held back (RuleActionResult.reason, RuleHeldBack.reason). */
const SKIP_REASON_KEYS: Record<string, string> = {
  cooldown: "skipReasons.cooldown",
  max_actions_per_run: "skipReasons.max_actions_per_run",
  max_actions_per_day: "skipReasons.max_actions_per_day",
  nothing_to_do: "skipReasons.nothing_to_do",
  already_paused: "skipReasons.already_paused",
  already_enabled: "skipReasons.already_enabled",
  no_daily_budget: "skipReasons.no_daily_budget",
  no_change: "skipReasons.no_change",
  daily_budget_limit_reached: "skipReasons.daily_budget_limit_reached",
  has_label: "skipReasons.has_label",
  no_label: "skipReasons.no_label",
};

/** What held a budget back from the amount asked for. */
const BUDGET_CAP_KEYS: Record<string, string> = {
  floor: "backtest.cap.floor",
  ceiling: "backtest.cap.ceiling",
  daily_percent: "backtest.cap.daily_percent",
  daily_amount: "backtest.cap.daily_amount",
};

export function useActionResultText(currency: string, timeZone: string) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  return useMemo(() => actionResultTextFor(t, format, currency, timeZone), [t, format, currency, timeZone]);
}

/** The words of `useActionResultText`, for a given `t` (the "rules" namespace) and number format. */
export function actionResultTextFor(t: RulesTranslate, format: MetricFormat, currency: string, timeZone: string) {
  const time = (iso: string) => format.dateTime(iso, { timeZone });
  const status = (code: string | undefined) => {
    const key = code ? CAMPAIGN_STATUS_KEYS[code] : undefined;
    return key ? t(key) : (code ?? "—");
  };
  /** Before → after of a status or a daily budget, when the action moves one. */
  const change = (action: RuleActionResult): { before: string; after: string } | null => {
    const { before, after } = action;
    if (before?.dailyBudgetMinor != null && after?.dailyBudgetMinor != null)
      return {
        before: format.money(before.dailyBudgetMinor, currency),
        after: format.money(after.dailyBudgetMinor, currency),
      };
    if (before?.status && after?.status && before.status !== after.status)
      return { before: status(before.status), after: status(after.status) };
    return null;
  };
  /** Why something was held back, from its code; the until of a cooldown in the reader's time. */
  const heldBack = (reason: string | null | undefined, extra: { until?: string | null; label?: string }) => {
    if (reason === "cooldown" && extra.until) return t("skipReasons.cooldownUntil", { until: time(extra.until) });
    const key = reason ? SKIP_REASON_KEYS[reason] : undefined;
    return key ? t(key, { label: extra.label ?? "" }) : null;
  };
  /** One line on what the action did, would do, or why not. */
  const detail = (action: RuleActionResult): string => {
    if (action.outcome === "skipped") return heldBack(action.reason, action) ?? translateMessage(t, action.message);
    if (action.outcome === "failed") return translateMessage(t, action.message);
    const moved = change(action);
    const cap = action.reason ? BUDGET_CAP_KEYS[action.reason] : undefined;
    if (action.kind === "set_budget" || action.kind === "change_budget") {
      if (!moved) return translateMessage(t, action.message);
      const line = t("backtest.budget", { from: moved.before, to: moved.after });
      return cap ? `${line} (${t(cap)})` : line;
    }
    if ((action.kind === "pause" || action.kind === "enable") && moved)
      return t("actionResult.status", { from: moved.before, to: moved.after });
    if ((action.kind === "add_label" || action.kind === "remove_label") && action.label)
      return t("actionResult.label", { label: action.label });
    if (action.kind === "notify")
      return action.outcome === "would_apply" ? t("actionResult.notifyWould") : t("actionResult.notifyDone");
    return translateMessage(t, action.message);
  };
  const campaignHeldBack = (held: RuleHeldBack) => heldBack(held.reason, held) ?? translateMessage(t, held.message);
  return { change, detail, campaignHeldBack };
}
