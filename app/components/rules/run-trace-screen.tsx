/**
 * /rules/:ruleId/runs/:runId: one run of a rule. When, why (trigger) and how it went, then every
 * campaign in scope with why it fired or did not and what each action did, linked to the change log
 * where a pushed change can be undone.
 */
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { Rule, RuleRun } from "#core/rules/rule-types.ts";
import { CampaignOutcomes } from "./campaign-outcomes.tsx";
import { RunCounts } from "./preview-panel.tsx";
import { RunStatusLabel } from "./rule-badges.tsx";
import { TRIGGER_KEYS } from "./rule-words.ts";
import { useRuleTimes } from "./use-rule-times.ts";

export interface RunTraceScreenProps {
  rule: Pick<Rule, "id" | "name">;
  run: RuleRun;
  timeZone: string;
  now: string;
}

export function RunTraceScreen({ rule, run, timeZone, now }: RunTraceScreenProps) {
  const { t } = useTranslation("rules");
  const times = useRuleTimes(timeZone, now);
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
        <Link
          to={`/rules/${rule.id}?tab=runs`}
          className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("trace.back", { name: rule.name })}
        </Link>
        <header className="grid gap-2">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
            {t("trace.title", { time: times.exact(run.startedAt) })}
          </h1>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <RunStatusLabel status={run.status} />
            <span className="text-muted-foreground">{t(TRIGGER_KEYS[run.trigger])}</span>
            <span className="text-muted-foreground">{run.actorLabel}</span>
            {run.mode === "preview" ? <Badge variant="outline">{t("runs.previewMode")}</Badge> : null}
            {run.finishedAt ? (
              <span className="text-muted-foreground">
                {t("trace.finished", { time: times.exact(run.finishedAt) })}
              </span>
            ) : null}
          </div>
          {run.message ? <p className="text-muted-foreground text-sm">{translateMessage(t, run.message)}</p> : null}
          {run.mode === "preview" ? <p className="text-muted-foreground text-sm">{t("trace.previewNote")}</p> : null}
        </header>
        <RunCounts counts={run.counts} isPreview={run.mode === "preview"} />
        <section aria-labelledby="trace-campaigns" className="grid gap-3">
          <h2 id="trace-campaigns" className="font-semibold text-lg tracking-tight">
            {t("trace.campaigns")}
          </h2>
          <CampaignOutcomes
            campaigns={run.campaigns}
            emptyText={run.tracesPruned ? t("trace.tracesPruned") : t("trace.noCampaigns")}
            timeZone={timeZone}
          />
        </section>
      </div>
    </TimeZoneProvider>
  );
}
