/**
 * Each campaign a rule looked at (a preview or a run): whether it fired, what the rule did or would
 * do (before → after), and, unfolded, why: the evaluation trace. A pushed change links to the
 * campaign's change history, where it can be undone.
 */
import { ArrowRight, ChevronRight, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlatformMark } from "#app/components/campaigns/campaign-cells.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { RuleActionOutcome, RuleActionResult, RuleRunCampaign } from "#core/rules/rule-types.ts";
import { useActionResultText } from "./action-result-text.ts";
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

type Filter = "all" | "fired";

export function CampaignOutcomes({
  campaigns,
  emptyText,
  timeZone,
}: {
  campaigns: RuleRunCampaign[];
  emptyText: string;
  /** The organization's, for the end of a cooldown. */
  timeZone: string;
}) {
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
            <CampaignOutcome key={campaign.campaignId} campaign={campaign} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CampaignOutcome({ campaign, timeZone }: { campaign: RuleRunCampaign; timeZone: string }) {
  const { t } = useTranslation("rules");
  const words = useActionResultText(campaign.currency, timeZone);
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
            <span className="min-w-0 break-words font-medium sm:truncate">{campaign.campaignName}</span>
          </div>
          <div className="flex flex-wrap items-center gap-2 pl-6 sm:justify-end sm:pl-0">
            <FiredMark fired={campaign.fired} />
            {campaign.heldBack ? (
              <span
                className={cn("rounded-md px-2 py-0.5 font-medium text-xs", OUTCOME_STYLE.skipped)}
                title={words.campaignHeldBack(campaign.heldBack)}
              >
                {t("outcome.skipped")}
              </span>
            ) : null}
            {campaign.actions.map((action, index) => (
              <ActionChip key={index} action={action} change={words.change(action)} />
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
          {campaign.heldBack ? (
            <p className="text-sm">
              <span className={cn("mr-2 rounded-md px-2 py-0.5 font-medium text-xs", OUTCOME_STYLE.skipped)}>
                {t("outcome.skipped")}
              </span>
              {words.campaignHeldBack(campaign.heldBack)}
            </p>
          ) : null}
          {campaign.actions.length > 0 ? <ActionDetails campaign={campaign} detail={words.detail} /> : null}
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

function ActionChip({
  action,
  change,
}: {
  action: RuleActionResult;
  change: { before: string; after: string } | null;
}) {
  const { t } = useTranslation("rules");
  return (
    <span
      className={cn(
        "inline-flex min-w-0 max-w-full items-center gap-1 rounded-md px-2 py-0.5 font-medium text-xs",
        OUTCOME_STYLE[action.outcome],
      )}
    >
      <span className="shrink-0">{t(ACTION_KEYS[action.kind])}</span>
      {change ? (
        <span className="inline-flex items-center gap-1 tabular-nums">
          · {change.before}
          <ArrowRight aria-label={t("outcomes.to")} className="size-3" />
          {change.after}
        </span>
      ) : action.label ? (
        <span className="truncate">· {action.label}</span>
      ) : null}
      <span className="sr-only">: {t(OUTCOME_KEYS[action.outcome])}</span>
    </span>
  );
}

function ActionDetails({
  campaign,
  detail,
}: {
  campaign: RuleRunCampaign;
  detail: (action: RuleActionResult) => string;
}) {
  const { t } = useTranslation("rules");
  return (
    <ul className="grid gap-1.5">
      {campaign.actions.map((action, index) => (
        <li key={index} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className={cn("rounded-md px-2 py-0.5 font-medium text-xs", OUTCOME_STYLE[action.outcome])}>
            {t(OUTCOME_KEYS[action.outcome])}
          </span>
          <span className="font-medium">{t(ACTION_KEYS[action.kind])}</span>
          <span className="min-w-0 break-words text-muted-foreground">{detail(action)}</span>
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
