/**
 * /rules/:ruleId: a saved rule. Its header (status, what it does, Activate / Pause, Run now,
 * Delete) over four tabs: the editor, a preview of what it would do now, a backtest over history,
 * and its runs.
 */
import { ArrowLeft, FlaskConical, History, Pause, Pencil, Play, ScanEye, Trash2, Undo2, Zap } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BacktestResult } from "#core/rules/backtest-rule.ts";
import type { Rule, RulePreview, RuleRunSummary } from "#core/rules/rule-types.ts";
import { AutomationPausedBanner, type AutomationSettings } from "./automation-switch.tsx";
import { BacktestPanel } from "./backtest-panel.tsx";
import { PreviewPanel, RunCounts } from "./preview-panel.tsx";
import { RuleStatusBadge } from "./rule-badges.tsx";
import { ActivateRuleDialog, DeleteRuleDialog } from "./rule-dialogs.tsx";
import { RuleEditorForm } from "./rule-editor-form.tsx";
import type { CampaignOption, RuleEditorOptions } from "./rule-editor-types.ts";
import { RunsPanel } from "./runs-panel.tsx";
import { useRuleFetcher } from "./use-rule-fetcher.ts";
import { useRuleText } from "./use-rule-text.ts";
import { useRuleTimes } from "./use-rule-times.ts";

export const RULE_TABS = ["editor", "preview", "backtest", "runs"] as const;
export type RuleTab = (typeof RULE_TABS)[number];

const TAB_KEYS = {
  editor: "tabs.editor",
  preview: "tabs.preview",
  backtest: "tabs.backtest",
  runs: "tabs.runs",
} as const satisfies Record<RuleTab, string>;

const TAB_ICONS = { editor: Pencil, preview: ScanEye, backtest: FlaskConical, runs: History } as const;

export interface RulePageProps {
  rule: Rule;
  tab: RuleTab;
  options: RuleEditorOptions;
  knownCampaigns: CampaignOption[];
  automation: AutomationSettings;
  canManage: boolean;
  canRun: boolean;
  preview: RulePreview | null;
  backtest: { days: number; result: BacktestResult } | null;
  runs: { runs: RuleRunSummary[]; olderHref: string | null } | null;
  now: string;
}

export function RulePage(props: RulePageProps) {
  const { t } = useTranslation("rules");
  const { rule, tab, options, canManage, canRun, automation } = props;
  const text = useRuleText(options.currency);
  const times = useRuleTimes(options.timeZone, props.now);
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);
  const [lastRun, setLastRun] = useState<RuleRunSummary | null>(null);
  const fetcher = useRuleFetcher({
    key: `rule-page-${rule.id}`,
    onDone: (result) => {
      if (result.intent === "delete") navigate("/rules");
      if (result.intent === "run") setLastRun(result.run);
    },
  });
  const setStatus = (status: Rule["status"]) => fetcher.submit({ intent: "status", ruleId: rule.id, status });
  return (
    <TimeZoneProvider timeZone={options.timeZone}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
        <Link
          to="/rules"
          className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("page.back")}
        </Link>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 break-words font-bold text-2xl tracking-tight sm:text-3xl">{rule.name}</h1>
              <RuleStatusBadge status={rule.status} />
            </div>
            <p className="max-w-3xl break-words text-muted-foreground">{text.rule(rule.definition)}</p>
            <p className="text-muted-foreground text-xs">
              {text.schedule(rule.definition.schedule)}
              {rule.nextRunAt && rule.status !== "paused" ? (
                <span> · {t("page.nextRun", { when: times.until(rule.nextRunAt) })}</span>
              ) : null}
              {rule.status === "preview" ? <span> · {t("page.previewNote")}</span> : null}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {canManage && rule.status !== "active" ? (
              <ActivateRuleDialog
                rule={rule}
                currency={options.currency}
                isAutomationPaused={automation.paused}
                onConfirm={() => setStatus("active")}
              >
                <Button disabled={fetcher.isPending}>
                  <Play aria-hidden="true" />
                  {t("actions.activate")}
                </Button>
              </ActivateRuleDialog>
            ) : null}
            {canManage && rule.status === "active" ? (
              <Button variant="outline" disabled={fetcher.isPending} onClick={() => setStatus("paused")}>
                <Pause aria-hidden="true" />
                {t("actions.pause")}
              </Button>
            ) : null}
            {canManage && rule.status !== "preview" ? (
              <Button variant="ghost" disabled={fetcher.isPending} onClick={() => setStatus("preview")}>
                <Undo2 aria-hidden="true" />
                {t("actions.backToPreview")}
              </Button>
            ) : null}
            {canRun ? (
              <Button
                variant="outline"
                disabled={fetcher.isPending}
                onClick={() => fetcher.submit({ intent: "run", ruleId: rule.id })}
              >
                <Zap aria-hidden="true" />
                {fetcher.pendingIntent === "run" ? t("actions.running") : t("actions.runNow")}
              </Button>
            ) : null}
            {canManage ? (
              <Button
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => setIsDeleting(true)}
              >
                <Trash2 aria-hidden="true" />
                {t("actions.delete")}
              </Button>
            ) : null}
            <DeleteRuleDialog
              name={rule.name}
              open={isDeleting}
              onOpenChange={setIsDeleting}
              onConfirm={() => fetcher.submit({ intent: "delete", ruleId: rule.id })}
            />
          </div>
        </header>

        <AutomationPausedBanner settings={automation} />

        {lastRun ? (
          <section
            aria-labelledby="last-run-title"
            className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="last-run-title" className="font-semibold">
                {lastRun.mode === "preview" ? t("page.ranPreview") : t("page.ranLive")}
              </h2>
              <Link to={`/rules/${rule.id}/runs/${lastRun.id}`} className="text-primary text-sm hover:underline">
                {t("page.openTrace")}
              </Link>
            </div>
            <RunCounts counts={lastRun.counts} isPreview={lastRun.mode === "preview"} />
          </section>
        ) : null}

        <nav aria-label={t("tabs.label")} className="border-b">
          <ul className="-mb-px flex overflow-x-auto sm:gap-1">
            {RULE_TABS.map((id) => {
              const Icon = TAB_ICONS[id];
              return (
                <li key={id} className="flex-1 sm:flex-none">
                  <Link
                    to={id === "editor" ? "?" : `?tab=${id}`}
                    preventScrollReset
                    aria-current={id === tab ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-10 w-full items-center justify-center gap-2 whitespace-nowrap border-transparent border-b-2 px-1.5 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:w-auto sm:px-3",
                      id === tab && "border-primary text-foreground",
                    )}
                  >
                    {/* The four tabs fit a 375 px screen only without their icons. */}
                    <Icon aria-hidden="true" className="hidden size-4 sm:block" />
                    {t(TAB_KEYS[id])}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {tab === "editor" ? (
          <RuleEditorForm
            key={rule.updatedAt}
            ruleId={rule.id}
            name={rule.name}
            definition={rule.definition}
            options={options}
            knownCampaigns={props.knownCampaigns}
            canManage={canManage}
            timeZoneName={times.timeZoneName}
          />
        ) : null}
        {tab === "preview" && props.preview ? <PreviewPanel preview={props.preview} now={props.now} /> : null}
        {tab === "backtest" && props.backtest ? (
          <BacktestPanel days={props.backtest.days} result={props.backtest.result} />
        ) : null}
        {tab === "runs" && props.runs ? (
          <RunsPanel
            ruleId={rule.id}
            runs={props.runs.runs}
            olderHref={props.runs.olderHref}
            timeZone={options.timeZone}
            now={props.now}
          />
        ) : null}
      </div>
    </TimeZoneProvider>
  );
}
