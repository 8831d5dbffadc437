import { Bot, ChevronDown, History, KeyRound, Loader2, Undo2, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { formatExactTime, formatRelativeTime } from "#app/components/integrations/relative-time.ts";
import { useNow } from "#app/components/integrations/use-now.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#app/components/ui/collapsible.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { PlatformName } from "./campaign-cells.tsx";
import { ACTION_LABELS } from "./campaign-labels.ts";
import type { CampaignActionResult } from "./change-request.ts";
import { describeSettings } from "./change-summary.ts";

const ACTOR_ICONS = { user: User, api_key: KeyRound, system: Bot } as const;
const SOURCE_LABELS = { app: null, api: "via the API", undo: "undo", rule: "by a rule" } as const;

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
}: {
  entries: ChangeLogEntry[];
  /** The server's time at render, so "5 minutes ago" reads the same before and after hydration. */
  now: string;
  /** The campaigns page names each entry's campaign; a campaign's own page does not. */
  showsCampaign: boolean;
  /** A link to the next (older) page, when there is one. */
  olderHref: string | null;
  emptyHint: string;
}) {
  const now = useNow(serverNow);
  const undo = useUndo();
  if (entries.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
        <History aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No changes yet</p>
        <p className="max-w-sm text-muted-foreground text-sm">{emptyHint}</p>
      </div>
    );
  return (
    <div className="grid gap-3">
      <ol aria-label="Change history" className="divide-y rounded-lg border bg-card">
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
            Show older changes
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
  const ActorIcon = ACTOR_ICONS[entry.actor.type];
  const at = new Date(entry.createdAt);
  const source = SOURCE_LABELS[entry.source];
  const title = entry.undoOf ? `Undo: ${ACTION_LABELS[entry.action].toLowerCase()}` : ACTION_LABELS[entry.action];
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
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
          <span className="text-muted-foreground">{describeSettings(entry.before, entry.currency)}</span>
          <span className="text-muted-foreground">→</span>
          <span className={cn(entry.outcome === "failed" && "text-muted-foreground line-through")}>
            {describeSettings(entry.after, entry.currency)}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
          <ActorIcon aria-hidden="true" className="size-3.5" />
          <span>{entry.actor.label}</span>
          {source ? <span>· {source}</span> : null}
          <span aria-hidden="true">·</span>
          <time dateTime={entry.createdAt} title={formatExactTime(at)}>
            {formatRelativeTime(at, now)}
          </time>
        </p>
        {entry.reason ? (
          <p className="border-l-2 pl-2 text-muted-foreground text-sm italic">
            <span className="sr-only">Reason: </span>
            {entry.reason}
          </p>
        ) : null}
        {entry.platformResponse ? (
          <Collapsible>
            <CollapsibleTrigger className="group inline-flex items-center gap-1 rounded-sm text-muted-foreground text-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
              Platform answer
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
                {entry.platformResponse}
              </p>
            </CollapsibleContent>
          </Collapsible>
        ) : null}
      </div>
      {entry.canUndo && !isUndone ? <UndoButton entry={entry} undo={undo} /> : null}
    </li>
  );
}

function OutcomeBadge({ entry, isUndone }: { entry: ChangeLogEntry; isUndone: boolean }) {
  if (entry.outcome === "failed")
    return (
      <Badge variant="outline" className="border-destructive/40 bg-destructive/10 text-destructive">
        Failed
      </Badge>
    );
  if (isUndone)
    return (
      <Badge variant="outline" className="text-muted-foreground">
        Undone
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-success/40 bg-success/10 text-foreground">
      Applied
    </Badge>
  );
}

/**
 * Undo pushes an entry's "before" back to the platform; the answer is a toast and the page reloads
 * its data. The fetcher lives with the list, which stays while the undone entry changes.
 */
function useUndo() {
  const fetcher = useFetcher<CampaignActionResult>();
  const shown = useRef<unknown>(null);
  const asked = useRef<ChangeLogEntry | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    const entry = asked.current;
    if (fetcher.state !== "idle" || !answer || !entry || shown.current === answer) return;
    shown.current = answer;
    if (!answer.ok) toast.error("Could not undo", { description: answer.message });
    else if (answer.intent === "undo" && answer.result.outcome === "failed")
      toast.error("Could not undo", { description: answer.result.message });
    else
      toast.success("Change undone", {
        description: `${entry.campaignName} is back to ${describeSettings(entry.before, entry.currency)}.`,
      });
  }, [fetcher.state, fetcher.data]);
  const undo = (entry: ChangeLogEntry) => {
    asked.current = entry;
    void fetcher.submit({ intent: "undo", changeId: entry.id }, { method: "post", encType: "application/json" });
  };
  const undoingId = fetcher.state !== "idle" ? (asked.current?.id ?? null) : null;
  return { undo, undoingId, isBusy: fetcher.state !== "idle" };
}

function UndoButton({ entry, undo }: { entry: ChangeLogEntry; undo: ReturnType<typeof useUndo> }) {
  const isUndoing = undo.undoingId === entry.id;
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start sm:justify-self-end"
      disabled={undo.isBusy}
      aria-busy={isUndoing}
      onClick={() => undo.undo(entry)}
    >
      {isUndoing ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Undo2 aria-hidden="true" />}
      Undo
    </Button>
  );
}
