/**
 * The last run's recommendations: the open ones to select, apply (one, or every selected one, after
 * a before → after confirmation) or dismiss, then the ones applied from this run with their Undo
 * (and the ones whose change was undone since, from here or the change log).
 * Without a run it invites the first; when nothing should move, it says the allocation is already
 * near the best.
 */
import { CheckCheck, ChevronDown, Scale, Sparkles } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { cn } from "#app/lib/cn.ts";
import type { OptimizerOverview, Recommendation } from "#core/optimizer/optimizer-types.ts";
import { ApplyDialog } from "./apply-dialog.tsx";
import { EmptyPanel } from "./optimizer-empty.tsx";
import { RECOMMENDATION_COLUMNS, RecommendationItem, type ShownStatus } from "./recommendation-item.tsx";
import type { OptimizerActions } from "./use-optimizer-actions.ts";
import { useOutcomeFormat } from "./use-outcome-format.ts";

/** The largest gains first; the rest behind "Show all". */
const FIRST_SHOWN = 8;

export function RecommendationsSection({
  overview,
  canApply,
  actions,
}: {
  overview: OptimizerOverview;
  canApply: boolean;
  actions: OptimizerActions;
}) {
  const { t } = useTranslation("optimizer");
  const headingId = useId();
  const selectAllId = useId();
  const { lastRun, open } = overview;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Recommendation[]>([]);
  const [isShowingAll, setShowingAll] = useState(false);

  // This run's applied and failed ones stay in the list, under the open ones.
  const done = useMemo(
    () =>
      overview.history.filter(
        (item) =>
          item.runId === lastRun?.id &&
          (item.status === "applied" || item.status === "undone" || item.status === "failed"),
      ),
    [overview.history, lastRun?.id],
  );
  const openIds = new Set(open.map((item) => item.id));
  const selectedOpen = open.filter((item) => selected.has(item.id));
  const isAllSelected = open.length > 0 && selectedOpen.length === open.length;

  const all = [...open, ...done];
  // What this run already applied stays in sight under the first open ones.
  const shown = isShowingAll ? all : [...open.slice(0, FIRST_SHOWN), ...done];
  const hidden = all.length - shown.length;

  const statusOf = (item: Recommendation): ShownStatus =>
    item.status === "failed" || item.status === "applied" || item.status === "undone" ? item.status : "open";

  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set([...current].filter((each) => openIds.has(each)));
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirm = () => {
    const ids = confirming.map((item) => item.id);
    setConfirming([]);
    setSelected(new Set());
    actions.apply(ids);
  };

  if (!lastRun)
    return (
      <EmptyPanel icon={<Sparkles aria-hidden="true" className="size-6 text-primary" />} title={t("list.firstTitle")}>
        <p>{t("list.firstBody")}</p>
        {/* A role that may not ask sees the button disabled, with the reason. */}
        <PermissionGate permission="optimizer.apply">
          {(isAllowed) => (
            <Button onClick={actions.recommend} disabled={actions.isBusy || !isAllowed}>
              <Sparkles aria-hidden="true" />
              {t("header.recommend")}
            </Button>
          )}
        </PermissionGate>
      </EmptyPanel>
    );

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
          {t("list.title")}
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground text-xs tabular-nums">
            {open.length}
          </span>
        </h2>
        {!canApply && open.length > 0 ? (
          <PermissionGate permission="optimizer.apply">
            {() => (
              <Button size="sm" disabled>
                <CheckCheck aria-hidden="true" />
                {t("list.applySelectedNone")}
              </Button>
            )}
          </PermissionGate>
        ) : null}
        {canApply && open.length > 0 ? (
          <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
            <label htmlFor={selectAllId} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={selectAllId}
                checked={isAllSelected ? true : selectedOpen.length > 0 ? "indeterminate" : false}
                onCheckedChange={(checked) => setSelected(new Set(checked === true ? open.map((item) => item.id) : []))}
              />
              {t("list.selectAll")}
            </label>
            <Button
              size="sm"
              disabled={selectedOpen.length === 0 || actions.isBusy}
              onClick={() => setConfirming(selectedOpen)}
            >
              <CheckCheck aria-hidden="true" />
              {selectedOpen.length === 0
                ? t("list.applySelectedNone")
                : t("list.applySelected", { count: selectedOpen.length })}
            </Button>
          </div>
        ) : null}
      </div>

      {open.length === 0 ? <NearBest overview={overview} /> : null}

      {open.length + done.length > 0 ? (
        <div
          aria-hidden="true"
          className={cn("hidden gap-x-4 px-4 text-muted-foreground text-xs xl:grid", RECOMMENDATION_COLUMNS)}
        >
          <span className={canApply ? "pl-7" : undefined}>{t("history.campaign")}</span>
          <span>{t("budget.daily")}</span>
          <span>{t("effect.label")}</span>
          <span>{open[0]?.efficiency.metric === "roas" ? t("effect.roas") : t("effect.cpa")}</span>
          <span>{t("confidence.label")}</span>
          <span />
        </div>
      ) : null}

      {open.length + done.length > 0 ? (
        <ul className="grid gap-2.5">
          {shown.map((item) => {
            const status = statusOf(item);
            return (
              <RecommendationItem
                key={item.id}
                recommendation={item}
                status={status}
                canApply={canApply}
                isSelected={selected.has(item.id)}
                isWorking={actions.workingIds.has(item.id)}
                isBusy={actions.isBusy}
                onSelect={(isOn) => toggle(item.id, isOn)}
                onApply={() => setConfirming([item])}
                onDismiss={() => actions.dismiss(item.id)}
                onUndo={
                  status === "applied" && item.changeLogId ? () => actions.undo([item.changeLogId as string]) : null
                }
              />
            );
          })}
        </ul>
      ) : null}

      {hidden > 0 ? (
        <Button variant="outline" className="justify-self-center" onClick={() => setShowingAll(true)}>
          <ChevronDown aria-hidden="true" />
          {t("list.showAll", { count: open.length + done.length })}
        </Button>
      ) : null}

      <ApplyDialog
        items={confirming}
        onOpenChange={(isOpen) => (isOpen ? null : setConfirming([]))}
        onConfirm={confirm}
      />
    </section>
  );
}

function NearBest({ overview }: { overview: OptimizerOverview }) {
  const { t } = useTranslation("optimizer");
  const run = overview.lastRun;
  const out = useOutcomeFormat(run?.objective ?? "conversions", run?.currency ?? null);
  if (!run) return null;
  return (
    <div className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-xs">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success/10">
        <Scale aria-hidden="true" className="size-5 text-success" />
      </span>
      <div className="grid gap-1">
        <h3 className="font-semibold">{t("list.nearBestTitle")}</h3>
        <p className="text-muted-foreground text-sm">
          {t("list.nearBestBody", {
            today: out.perDay(run.summary.predictedBefore.mean),
            best: out.perDay(run.summary.predictedAfter.mean),
          })}
        </p>
      </div>
    </div>
  );
}
