import { CalendarClock, History, MoreHorizontal, Pause, Play, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { Rule } from "#core/rules/rule-types.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import type { AutomationSettings } from "./automation-switch.tsx";
import { RuleStatusBadge, RunStatusLabel } from "./rule-badges.tsx";
import { ActivateRuleDialog, DeleteRuleDialog } from "./rule-dialogs.tsx";
import { useRuleFetcher } from "./use-rule-fetcher.ts";
import { useRuleText } from "./use-rule-text.ts";
import { useRuleTimes } from "./use-rule-times.ts";

/** What every row of the list shares: the switch's state, the viewer's rights, the organization's currency and time zone. */
export interface RuleListContext {
  automation: AutomationSettings;
  canManage: boolean;
  canRun: boolean;
  currency: string;
  /** The organization's time zone, in which rules run. */
  timeZone: string;
  now: string;
}

/** One rule in the list: what it does, when it runs, how its last run went, and its actions. */
export function RuleRow({
  rule,
  automation,
  canManage,
  canRun,
  currency,
  timeZone,
  now,
}: RuleListContext & { rule: Rule }) {
  const { t } = useTranslation("rules");
  const text = useRuleText(currency);
  const times = useRuleTimes(timeZone, now);
  const locale = useLocale();
  const fetcher = useRuleFetcher({ key: `rule-${rule.id}` });
  const [isDeleting, setIsDeleting] = useState(false);
  const number = (value: number) => formatNumber(value, locale);
  const lastRun = rule.lastRun;
  const headingId = `rule-${rule.id}-name`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid grid-cols-2 gap-x-4 gap-y-4 rounded-xl border bg-card p-4 shadow-xs md:grid-cols-[minmax(0,1fr)_10rem_12rem] md:items-center xl:grid-cols-[minmax(0,1fr)_10rem_12rem_19.5rem]"
    >
      <div className="col-span-2 grid min-w-0 gap-1.5 md:col-span-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold leading-snug">
            <Link to={`/rules/${rule.id}`} className="hover:underline focus-visible:underline">
              {rule.name}
            </Link>
          </h3>
          <RuleStatusBadge status={rule.status} />
        </div>
        <p className="break-words text-muted-foreground text-sm">{text.rule(rule.definition, { isShort: true })}</p>
      </div>

      <dl className="grid min-w-0 content-start gap-0.5 text-sm">
        <dt className="text-muted-foreground text-xs">{t("list.schedule")}</dt>
        <dd className="flex items-center gap-1.5">
          <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
          {text.schedule(rule.definition.schedule)}
        </dd>
        <dt className="mt-1 text-muted-foreground text-xs">{t("list.nextRun")}</dt>
        <dd>
          {rule.nextRunAt && rule.status !== "paused" ? (
            <time dateTime={rule.nextRunAt} title={times.exact(rule.nextRunAt)}>
              {times.until(rule.nextRunAt)}
            </time>
          ) : (
            <span className="text-muted-foreground">{t("list.notScheduled")}</span>
          )}
        </dd>
      </dl>

      <dl className="grid min-w-0 content-start gap-0.5 text-sm">
        <dt className="text-muted-foreground text-xs">{t("list.lastRun")}</dt>
        {lastRun ? (
          <>
            <dd className="flex flex-wrap items-center gap-x-2">
              <RunStatusLabel status={lastRun.status} />
              <Link
                to={`/rules/${rule.id}/runs/${lastRun.id}`}
                className="text-muted-foreground hover:underline"
                title={times.exact(lastRun.startedAt)}
              >
                {times.ago(lastRun.startedAt)}
              </Link>
            </dd>
            <dd className="text-muted-foreground text-xs tabular-nums">
              {t(lastRun.mode === "preview" ? "list.countsPreview" : "list.counts", {
                fired: number(lastRun.counts.fired),
                acted: number(lastRun.counts.acted),
                inScope: number(lastRun.counts.inScope),
              })}
            </dd>
          </>
        ) : (
          <dd className="text-muted-foreground">{t("list.neverRun")}</dd>
        )}
      </dl>

      <div className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-3 md:justify-end xl:col-span-1">
        {canManage && rule.status !== "active" ? (
          <ActivateRuleDialog
            rule={rule}
            currency={currency}
            isAutomationPaused={automation.paused}
            onConfirm={() => fetcher.submit({ intent: "status", ruleId: rule.id, status: "active" })}
          >
            <Button
              size="sm"
              variant="outline"
              disabled={fetcher.isPending}
              aria-label={t("actions.activateNamed", { name: rule.name })}
            >
              <Play aria-hidden="true" />
              {t("actions.activate")}
            </Button>
          </ActivateRuleDialog>
        ) : null}
        {canManage && rule.status === "active" ? (
          <Button
            size="sm"
            variant="outline"
            disabled={fetcher.isPending}
            aria-label={t("actions.pauseNamed", { name: rule.name })}
            onClick={() => fetcher.submit({ intent: "status", ruleId: rule.id, status: "paused" })}
          >
            <Pause aria-hidden="true" />
            {t("actions.pause")}
          </Button>
        ) : null}
        {canRun ? (
          <Button
            size="sm"
            variant="outline"
            disabled={fetcher.isPending}
            aria-label={t("actions.runNowNamed", { name: rule.name })}
            onClick={() => fetcher.submit({ intent: "run", ruleId: rule.id })}
          >
            <Zap aria-hidden="true" />
            {fetcher.pendingIntent === "run" ? t("actions.running") : t("actions.runNow")}
          </Button>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" className="size-8" aria-label={t("actions.more", { name: rule.name })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <Link to={`/rules/${rule.id}`}>{t("actions.open")}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={`/rules/${rule.id}?tab=runs`}>
                <History aria-hidden="true" />
                {t("actions.history")}
              </Link>
            </DropdownMenuItem>
            {canManage ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setIsDeleting(true)}>
                  <Trash2 aria-hidden="true" />
                  {t("actions.delete")}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
        <DeleteRuleDialog
          name={rule.name}
          open={isDeleting}
          onOpenChange={setIsDeleting}
          onConfirm={() => fetcher.submit({ intent: "delete", ruleId: rule.id })}
        />
      </div>
    </li>
  );
}
