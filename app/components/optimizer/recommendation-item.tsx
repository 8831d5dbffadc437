/**
 * One recommendation as a row: the campaign, its daily budget's move, the predicted effect with its
 * 80% interval, the CPA or ROAS before → after, the confidence and, while it is open, Apply and
 * Dismiss; under it the plain reasons. On a wide screen the rows line up under the list's column
 * heads (RECOMMENDATION_COLUMNS); on a narrow one each figure carries its own label. An applied
 * one says so and offers Undo while its budget is still the recommended one.
 */
import { Check, CircleAlert, Compass, Loader2, Undo2, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { cn } from "#app/lib/cn.ts";
import type { Recommendation } from "#core/optimizer/optimizer-types.ts";
import { BudgetChange } from "./budget-change.tsx";
import { ConfidenceMeter } from "./confidence-meter.tsx";
import { useOutcomeFormat } from "./use-outcome-format.ts";
import { useReasonText } from "./use-reason-text.ts";

/** Where a recommendation of the latest run stands, as the list shows it. */
export type ShownStatus = "open" | "applied" | "undone" | "failed";

/** The row's columns on a wide screen; the list's column heads use the same template. */
export const RECOMMENDATION_COLUMNS =
  "xl:grid-cols-[minmax(0,1.7fr)_minmax(0,1.25fr)_minmax(0,1.1fr)_minmax(0,0.95fr)_5.5rem_12.5rem]";

export interface RecommendationItemProps {
  recommendation: Recommendation;
  status: ShownStatus;
  canApply: boolean;
  isSelected: boolean;
  isWorking: boolean;
  isBusy: boolean;
  onSelect: (selected: boolean) => void;
  onApply: () => void;
  onDismiss: () => void;
  onUndo: (() => void) | null;
}

const EFFICIENCY_KEYS = { cpa: "effect.cpa", roas: "effect.roas" } as const;

export function RecommendationItem(props: RecommendationItemProps) {
  const { recommendation: item, status, canApply, isSelected } = props;
  const { t } = useTranslation("optimizer");
  const out = useOutcomeFormat(item.objective, item.currency);
  const reasonText = useReasonText(out);
  const headingId = useId();
  const { predictedDelta: delta, efficiency } = item;
  const isOpen = status === "open";
  // "Exploring" has its badge: its sentence comes last, after the reasons that carry numbers.
  const reasons = [...item.reasons].sort((a, b) => Number(a.code === "learning") - Number(b.code === "learning"));
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          "grid gap-3 rounded-xl border bg-card p-4 shadow-xs",
          isSelected && "border-primary/50 ring-1 ring-primary/20",
          !isOpen && "bg-muted/30",
        )}
      >
        <div className={cn("grid grid-cols-2 items-center gap-x-4 gap-y-3 sm:grid-cols-4", RECOMMENDATION_COLUMNS)}>
          <div className="col-span-2 flex min-w-0 items-center gap-3 sm:col-span-4 xl:col-span-1">
            {isOpen && canApply ? (
              <Checkbox
                checked={isSelected}
                onCheckedChange={(checked) => props.onSelect(checked === true)}
                aria-label={t("list.select", { name: item.campaignName })}
              />
            ) : null}
            <PlatformLabel platform={item.platform} showName={false} />
            <div className="min-w-0 flex-1">
              <h3 id={headingId} className="line-clamp-2 font-semibold text-sm leading-snug" title={item.campaignName}>
                {item.campaignName}
              </h3>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                <span>{platformName(item.platform)}</span>
                {item.exploration ? (
                  <Badge variant="outline" className="border-chart-4/40 bg-chart-4/10 px-1.5 py-0 text-foreground">
                    <Compass aria-hidden="true" />
                    {t("list.exploring")}
                  </Badge>
                ) : null}
                <StatusBadge status={status} />
              </div>
            </div>
          </div>

          <Cell label={t("budget.daily")} className="col-span-2 sm:col-span-1">
            <BudgetChange
              beforeMinor={item.currentBudgetMinor}
              afterMinor={item.recommendedBudgetMinor}
              currency={item.currency}
              className="text-sm"
            />
          </Cell>
          <Cell label={t("effect.label")}>
            <span className="grid">
              <span
                className={cn(
                  "font-semibold text-sm tabular-nums",
                  delta.mean >= 0 ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400",
                )}
              >
                {t("effect.perDay", { value: out.signed(delta.mean) })}
              </span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {t("effect.intervalShort", { range: out.range(delta, true) })}
              </span>
            </span>
          </Cell>
          <Cell label={t(EFFICIENCY_KEYS[efficiency.metric])}>
            <span className="text-sm tabular-nums">
              <span className="text-muted-foreground">{out.efficiency(efficiency.metric, efficiency.before)}</span>
              <span aria-hidden="true" className="mx-1 text-muted-foreground">
                →
              </span>
              <span className="sr-only">{t("budget.to")}</span>
              <span className="font-medium">{out.efficiency(efficiency.metric, efficiency.after)}</span>
            </span>
          </Cell>
          <Cell label={t("confidence.label")}>
            <ConfidenceMeter confidence={item.confidence} />
          </Cell>
          <Actions {...props} />
        </div>

        {reasons.length > 0 ? (
          <ul className="grid gap-1 border-t pt-3 text-muted-foreground text-sm" aria-label={t("list.reasons")}>
            {reasons.map((reason) => (
              <li key={JSON.stringify(reason)} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1 shrink-0 rounded-full bg-muted-foreground/60" />
                <span>{reasonText(reason, item)}</span>
              </li>
            ))}
          </ul>
        ) : null}

        {status === "failed" && item.failureMessage ? (
          <p className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-2.5 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {item.failureMessage}
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** A figure with its label; the label shows only while the list has no column heads. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid min-w-0 content-start gap-1", className)}>
      <span className="text-muted-foreground text-xs xl:sr-only">{label}</span>
      {children}
    </div>
  );
}

function Actions({
  recommendation: item,
  status,
  canApply,
  isWorking,
  isBusy,
  onApply,
  onDismiss,
  onUndo,
}: RecommendationItemProps) {
  const { t } = useTranslation("optimizer");
  const box = "flex flex-nowrap items-center justify-end gap-2 sm:col-span-4 xl:col-span-1";
  if (status === "undone") return <div className={box} />;
  // A role that may not apply still sees where Apply would be, disabled, with the reason.
  if (!canApply)
    return (
      <div className={box}>
        {status === "open" || status === "failed" ? (
          <PermissionGate permission="optimizer.apply">
            {() => (
              <Button size="sm" disabled aria-label={t("list.applyNamed", { name: item.campaignName })}>
                <Check aria-hidden="true" />
                {t("list.apply")}
              </Button>
            )}
          </PermissionGate>
        ) : null}
      </div>
    );
  if (status === "applied")
    return (
      <div className={box}>
        {item.appliedByLabel ? (
          <span className="text-muted-foreground text-xs">{t("list.appliedBy", { name: item.appliedByLabel })}</span>
        ) : null}
        {onUndo ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onUndo}
            aria-label={t("list.undoNamed", { name: item.campaignName })}
          >
            <Undo2 aria-hidden="true" />
            {t("list.undo")}
          </Button>
        ) : null}
      </div>
    );
  return (
    <div className={box}>
      {status === "open" ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={isBusy}
          onClick={onDismiss}
          aria-label={t("list.dismissNamed", { name: item.campaignName })}
        >
          <X aria-hidden="true" />
          <span className="max-sm:sr-only">{t("list.dismiss")}</span>
        </Button>
      ) : null}
      <Button
        size="sm"
        disabled={isBusy}
        aria-busy={isWorking}
        onClick={onApply}
        aria-label={t(status === "failed" ? "list.retryNamed" : "list.applyNamed", { name: item.campaignName })}
      >
        {isWorking ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
        {status === "failed" ? t("list.retry") : t("list.apply")}
      </Button>
    </div>
  );
}

const STATUS_KEYS = {
  applied: "status.applied",
  undone: "status.undone",
  failed: "status.failed",
} as const;

function StatusBadge({ status }: { status: ShownStatus }) {
  const { t } = useTranslation("optimizer");
  if (status === "open") return null;
  return (
    <Badge
      variant="outline"
      className={cn(
        "px-1.5 py-0",
        status === "applied" && "border-success/40 bg-success/10 text-foreground",
        status === "failed" && "border-destructive/40 bg-destructive/10 text-foreground",
      )}
    >
      {status === "applied" ? <Check aria-hidden="true" /> : null}
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}
