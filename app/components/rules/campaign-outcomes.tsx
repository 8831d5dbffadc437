/**
 * Each campaign a rule looked at (a preview or a run): whether it fired, what the rule did or would
 * do (before → after), and, unfolded, why: the evaluation trace. A pushed change links to the
 * campaign's change history, where it can be undone.
 */
import { ArrowRight, ChevronRight, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { PlatformMark } from "#app/components/campaigns/campaign-cells.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { RuleActionOutcome, RuleActionResult, RuleRunCampaign } from "#core/rules/rule-types.ts";
import { FiredMark } from "./rule-badges.tsx";
import { ACTION_KEYS } from "./rule-words.ts";
import { readTrace, TraceReason, TraceView } from "./trace-view.tsx";

const OUTCOME_KEYS = {
  succeeded: "outcome.succeeded",
  failed: "outcome.failed",
  skipped: "outcome.skipped",
  would_apply: "outcome.would_apply",
} as const satisfies Record<RuleActionOutcome, string>;

const OUTCOME_STYLE: Record<RuleActionOutcome, string> = {
  succeeded: "bg-success/15 text-foreground",
  failed: "bg-destructive/15 text-foreground",
  skipped: "bg-muted text-muted-foreground",
  would_apply: "bg-primary/10 text-primary",
};

/** A campaign's status in the campaigns catalog's words. */
const CAMPAIGN_STATUS_KEYS: Record<string, string> = {
  enabled: "campaigns:status.enabled",
  paused: "campaigns:status.paused",
  removed: "campaigns:status.removed",
};

/** A campaign held back by a guardrail: the run stores the reason's code. */
const SKIP_KEYS: Record<string, string> = {
  cooldown: "skipReasons.cooldown",
  max_actions_per_run: "skipReasons.max_actions_per_run",
  max_actions_per_day: "skipReasons.max_actions_per_day",
  nothing_to_do: "skipReasons.nothing_to_do",
};

type Filter = "all" | "fired";

export function CampaignOutcomes({ campaigns, emptyText }: { campaigns: RuleRunCampaign[]; emptyText: string }) {
  const { t } = useTranslation("rules");
  const fired = campaigns.filter((campaign) => campaign.fired).length;
  const [filter, setFilter] = useState<Filter>(fired > 0 ? "fired" : "all");
  const shown = filter === "fired" ? campaigns.filter((campaign) => campaign.fired) : campaigns;
  if (campaigns.length === 0)
    return <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">{emptyText}</p>;
  return (
    <div className="grid gap-3">
      <fieldset className="flex min-w-0 flex-wrap items-center gap-2" aria-label={t("outcomes.filter")}>
        <Button
          type="button"
          size="sm"
          variant={filter === "fired" ? "secondary" : "ghost"}
          aria-pressed={filter === "fired"}
          onClick={() => setFilter("fired")}
        >
          {t("outcomes.firedOnly", { count: fired })}
        </Button>
        <Button
          type="button"
          size="sm"
          variant={filter === "all" ? "secondary" : "ghost"}
          aria-pressed={filter === "all"}
          onClick={() => setFilter("all")}
        >
          {t("outcomes.all", { count: campaigns.length })}
        </Button>
      </fieldset>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          {t("outcomes.noneFired")}
        </p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {shown.map((campaign) => (
            <CampaignOutcome key={campaign.campaignId} campaign={campaign} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CampaignOutcome({ campaign }: { campaign: RuleRunCampaign }) {
  const { t } = useTranslation("rules");
  const trace = readTrace(campaign.trace);
  return (
    <li>
      <details className="group">
        <summary className="grid cursor-pointer list-none gap-2 p-3 hover:bg-muted/40 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-4 [&::-webkit-details-marker]:hidden">
          <div className="flex min-w-0 items-center gap-2">
            <ChevronRight
              aria-hidden="true"
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
            />
            <PlatformMark platform={campaign.platform} />
            <span className="truncate font-medium">{campaign.campaignName}</span>
          </div>
          <div className="flex flex-wrap items-center gap-2 pl-6 sm:justify-end sm:pl-0">
            <FiredMark fired={campaign.fired} />
            {campaign.actions.map((action, index) => (
              <ActionChip key={index} action={action} currency={campaign.currency} />
            ))}
          </div>
        </summary>
        <div className="grid gap-3 border-t bg-muted/20 p-3 sm:px-4">
          {trace ? (
            <>
              <p className="font-medium text-sm">
                <TraceReason reason={trace.reason} />
              </p>
              <TraceView trace={trace} />
            </>
          ) : (
            <p className="text-muted-foreground text-sm">{t("trace.missing")}</p>
          )}
          {campaign.actions.length > 0 ? <ActionDetails campaign={campaign} /> : null}
          <Link
            to={`/campaigns/mes-ads/${campaign.campaignId}`}
            className="inline-flex w-fit items-center gap-1 text-primary text-sm hover:underline"
          >
            {t("outcomes.openCampaign")}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </Link>
        </div>
      </details>
    </li>
  );
}

function ActionChip({ action, currency }: { action: RuleActionResult; currency: string }) {
  const { t } = useTranslation("rules");
  const change = useBeforeAfter(action, currency);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-md px-2 py-0.5 font-medium text-xs",
        OUTCOME_STYLE[action.outcome],
      )}
    >
      {t(ACTION_KEYS[action.kind])}
      {change ? (
        <span className="inline-flex items-center gap-1 tabular-nums">
          · {change.before}
          <ArrowRight aria-label={t("outcomes.to")} className="size-3" />
          {change.after}
        </span>
      ) : null}
      <span className="sr-only">: {t(OUTCOME_KEYS[action.outcome])}</span>
    </span>
  );
}

function useBeforeAfter(action: RuleActionResult, currency: string) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  const { before, after } = action;
  if (before?.dailyBudgetMinor != null && after?.dailyBudgetMinor != null)
    return {
      before: format.money(before.dailyBudgetMinor, currency),
      after: format.money(after.dailyBudgetMinor, currency),
    };
  const statusWord = (status: string | undefined) => {
    const key = status ? CAMPAIGN_STATUS_KEYS[status] : undefined;
    return key ? t(key) : status;
  };
  if (before?.status && after?.status && before.status !== after.status)
    return { before: statusWord(before.status), after: statusWord(after.status) };
  return null;
}

function ActionDetails({ campaign }: { campaign: RuleRunCampaign }) {
  const { t } = useTranslation("rules");
  return (
    <ul className="grid gap-1.5">
      {campaign.actions.map((action, index) => (
        <li key={index} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className={cn("rounded-md px-2 py-0.5 font-medium text-xs", OUTCOME_STYLE[action.outcome])}>
            {t(OUTCOME_KEYS[action.outcome])}
          </span>
          <span className="font-medium">{t(ACTION_KEYS[action.kind])}</span>
          <span className="text-muted-foreground">
            {SKIP_KEYS[action.message] ? t(SKIP_KEYS[action.message] as string) : translateMessage(t, action.message)}
          </span>
          {action.changeId ? (
            <Link
              to={`/campaigns/mes-ads/${campaign.campaignId}#change-${action.changeId}`}
              className="text-primary hover:underline"
            >
              {t("outcomes.changeLog")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
