import { Bot, ChevronDown, History, KeyRound, Loader2, Undo2, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { useNow } from "#app/components/integrations/use-now.ts";
import { TimeZoneProvider, useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#app/components/ui/collapsible.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { PlatformName } from "./campaign-cells.tsx";
import { ACTION_KEYS, UNDO_ACTION_KEYS } from "./campaign-labels.ts";
import { translateChangeMessage } from "./change-messages.ts";
import type { CampaignActionResult } from "./change-request.ts";
import { describeSettings } from "./change-summary.ts";

const ACTOR_ICONS = { user: User, api_key: KeyRound, system: Bot } as const;
const SOURCE_KEYS = {
  app: null,
  api: "history.viaApi",
  undo: "history.undoSource",
  rule: "history.byRule",
  optimizer: "history.byOptimizer",
} as const;

/**
 * The change log, newest first: when, who, what, on which campaign, before → after, the outcome,
 * the platform's answer on demand and the reason. Undo is one click on any undoable entry.
 */
export function ChangeHistory({
  entries,
  now: serverNow,
  showsCampaign,
  olderHref,
  emptyHint,
  timeZone,
}: {
  entries: ChangeLogEntry[];
  /** The server's time at render, so "5 minutes ago" reads the same before and after hydration. */
  now: string;
  /** The campaigns page names each entry's campaign; a campaign's own page does not. */
  showsCampaign: boolean;
  /** A link to the next (older) page, when there is one. */
  olderHref: string | null;
  emptyHint: string;
  /** The reader's time zone (their profile's), for the entries' dates. */
  timeZone: string;
}) {
  const { t } = useTranslation("campaigns");
  const now = useNow(serverNow);
  const undo = useUndo();
  if (entries.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
        <History aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t("history.empty")}</p>
        <p className="max-w-sm text-muted-foreground text-sm">{emptyHint}</p>
      </div>
    );
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <ChangeList entries={entries} now={now} showsCampaign={showsCampaign} olderHref={olderHref} undo={undo} />
    </TimeZoneProvider>
  );
}

function ChangeList({
  entries,
  now,
  showsCampaign,
  olderHref,
  undo,
}: {
  entries: ChangeLogEntry[];
  now: Date;
  showsCampaign: boolean;
  olderHref: string | null;
  undo: ReturnType<typeof useUndo>;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <div className="grid gap-3">
      <ol aria-label={t("history.label")} className="divide-y rounded-lg border bg-card">
        {entries.map((entry) => (
          <ChangeEntry
            key={entry.id}
            entry={entry}
            now={now}
            showsCampaign={showsCampaign}
            isUndone={Boolean(entry.undoneBy)}
            undo={undo}
          />
        ))}
      </ol>
      {olderHref ? (
        <Button asChild variant="outline" size="sm" className="justify-self-center">
          <Link to={olderHref} preventScrollReset>
            {t("history.older")}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function ChangeEntry({
  entry,
  now,
  showsCampaign,
  isUndone,
  undo,
}: {
  entry: ChangeLogEntry;
  now: Date;
  showsCampaign: boolean;
  isUndone: boolean;
  undo: ReturnType<typeof useUndo>;
}) {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const time = useTimeFormat();
  const ActorIcon = ACTOR_ICONS[entry.actor.type];
  const at = new Date(entry.createdAt);
  const sourceKey = SOURCE_KEYS[entry.source];
  const title = entry.undoOf ? t(UNDO_ACTION_KEYS[entry.action]) : t(ACTION_KEYS[entry.action]);
  return (
    // The anchor a rule's run links to ("#change-…"), next to its Undo.
    <li
      id={`change-${entry.id}`}
      className="grid scroll-mt-20 gap-2 px-4 py-3 target:bg-primary/5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium">{title}</span>
          {showsCampaign ? (
            <>
              <span aria-hidden="true" className="text-muted-foreground">
                ·
              </span>
              <span className="flex min-w-0 items-center gap-1.5">
                <PlatformName platform={entry.platform} isNameHidden />
                {entry.campaignId ? (
                  <Link
                    to={`/campaigns/mes-ads/${entry.campaignId}`}
                    className="truncate underline-offset-4 hover:text-primary hover:underline"
                  >
                    {entry.campaignName}
                  </Link>
                ) : (
                  <span className="truncate">{entry.campaignName}</span>
                )}
              </span>
            </>
          ) : null}
          <OutcomeBadge entry={entry} isUndone={isUndone} />
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm tabular-nums">
          <span className="text-muted-foreground">{describeSettings(entry.before, entry.currency, t, locale)}</span>
          <span className="text-muted-foreground">→</span>
          <span className={cn(entry.outcome === "failed" && "text-muted-foreground line-through")}>
            {describeSettings(entry.after, entry.currency, t, locale)}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
          <ActorIcon aria-hidden="true" className="size-3.5" />
          <span>{actorLabel(entry.actor, t)}</span>
          {sourceKey ? <span>· {t(sourceKey)}</span> : null}
          <span aria-hidden="true">·</span>
          <time dateTime={entry.createdAt} title={time.exact(at)}>
            {time.relative(at, now)}
          </time>
        </p>
        {entry.reason ? (
          <p className="border-l-2 pl-2 text-muted-foreground text-sm italic">
            <span className="sr-only">{t("history.reason")} </span>
            {entry.reason}
          </p>
        ) : null}
        {entry.platformResponse ? (
          <Collapsible>
            <CollapsibleTrigger className="group inline-flex items-center gap-1 rounded-sm text-muted-foreground text-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
              {t("history.platformAnswer")}
              <ChevronDown
                aria-hidden="true"
                className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
              />
            </CollapsibleTrigger>
            <CollapsibleContent>
              <p
                className={cn(
                  "mt-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap",
                  entry.outcome === "failed" && "border-destructive/30 text-destructive",
                )}
              >
                {translateChangeMessage(t, entry.platformResponse)}
              </p>
            </CollapsibleContent>
          </Collapsible>
        ) : null}
      </div>
      {entry.canUndo && !isUndone ? <UndoButton entry={entry} undo={undo} /> : null}
    </li>
  );
}

/** Who made a change: a person's name, an API key ("API key “Reporting”") or an automation's name. */
function actorLabel(actor: ChangeLogEntry["actor"], t: ReturnType<typeof useTranslation>["t"]): string {
  const apiKey = actor.type === "api_key" ? actor.label.match(/^API key “(.*)”$/s) : null;
  return apiKey ? t("history.apiKeyActor", { name: apiKey[1] }) : actor.label;
}

function OutcomeBadge({ entry, isUndone }: { entry: ChangeLogEntry; isUndone: boolean }) {
  const { t } = useTranslation("campaigns");
  if (entry.outcome === "failed")
    return (
      <Badge variant="outline" className="border-destructive/40 bg-destructive/10 text-destructive">
        {t("history.failed")}
      </Badge>
    );
  if (isUndone)
    return (
      <Badge variant="outline" className="text-muted-foreground">
        {t("history.undone")}
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-success/40 bg-success/10 text-foreground">
      {t("history.applied")}
    </Badge>
  );
}

/**
 * Undo pushes an entry's "before" back to the platform; the answer is a toast and the page reloads
 * its data. The fetcher lives with the list, which stays while the undone entry changes.
 */
function useUndo() {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const fetcher = useFetcher<CampaignActionResult>();
  const shown = useRef<unknown>(null);
  const asked = useRef<ChangeLogEntry | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    const entry = asked.current;
    if (fetcher.state !== "idle" || !answer || !entry || shown.current === answer) return;
    shown.current = answer;
    if (!answer.ok) toast.error(t("history.undoFailed"), { description: answer.message });
    else if (answer.intent === "undo" && answer.result.outcome === "failed")
      toast.error(t("history.undoFailed"), { description: answer.result.message });
    else
      toast.success(t("history.undoneToast"), {
        description: t("history.backTo", {
          name: entry.campaignName,
          settings: describeSettings(entry.before, entry.currency, t, locale),
        }),
      });
  }, [fetcher.state, fetcher.data, t, locale]);
  const undo = (entry: ChangeLogEntry) => {
    asked.current = entry;
    void fetcher.submit({ intent: "undo", changeId: entry.id }, { method: "post", encType: "application/json" });
  };
  const undoingId = fetcher.state !== "idle" ? (asked.current?.id ?? null) : null;
  return { undo, undoingId, isBusy: fetcher.state !== "idle" };
}

function UndoButton({ entry, undo }: { entry: ChangeLogEntry; undo: ReturnType<typeof useUndo> }) {
  const { t } = useTranslation("campaigns");
  const isUndoing = undo.undoingId === entry.id;
  // A role that may not change campaigns sees Undo disabled, with the reason.
  return (
    <span className="justify-self-start sm:justify-self-end">
      <PermissionGate permission="campaigns.change">
        {(isAllowed) => (
          <Button
            variant="outline"
            size="sm"
            disabled={undo.isBusy || !isAllowed}
            aria-busy={isUndoing}
            onClick={() => undo.undo(entry)}
          >
            {isUndoing ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Undo2 aria-hidden="true" />}
            {t("history.undo")}
          </Button>
        )}
      </PermissionGate>
    </span>
  );
}
