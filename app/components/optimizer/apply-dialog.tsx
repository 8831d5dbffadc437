/**
 * The confirmation before budgets change on the platforms: each campaign's daily budget before →
 * after, the total, and the predicted effect of the whole set with its 80% interval.
 */
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformLabel } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import type { Recommendation } from "#core/optimizer/optimizer-types.ts";
import { BudgetChange } from "./budget-change.tsx";
import { useOutcomeFormat } from "./use-outcome-format.ts";
import { sumIntervals } from "./what-if-math.ts";

export function ApplyDialog({
  items,
  onOpenChange,
  onConfirm,
}: {
  /** The recommendations to apply; the dialog is open while there are any. */
  items: Recommendation[];
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const [first] = items;
  const out = useOutcomeFormat(first?.objective ?? "conversions", first?.currency ?? null);
  const currency = first?.currency ?? "USD";
  const before = items.reduce((sum, item) => sum + item.currentBudgetMinor, 0);
  const after = items.reduce((sum, item) => sum + item.recommendedBudgetMinor, 0);
  const effect = sumIntervals(items.map((item) => item.predictedDelta));
  const single = items.length === 1 ? first : undefined;
  return (
    <AlertDialog open={items.length > 0} onOpenChange={onOpenChange}>
      <AlertDialogContent className="sm:max-w-xl">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {single
              ? t("apply.titleOne", { name: single.campaignName })
              : t("apply.titleMany", { count: items.length })}
          </AlertDialogTitle>
          <AlertDialogDescription>{t("apply.body")}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-3">
          <ul
            className="grid max-h-72 gap-0 divide-y overflow-y-auto rounded-lg border"
            aria-label={t("apply.changes")}
          >
            {items.map((item) => (
              <li key={item.id} className="grid gap-1.5 p-3 sm:flex sm:items-center sm:justify-between sm:gap-4">
                <span className="flex min-w-0 items-center gap-2">
                  <PlatformLabel platform={item.platform} showName={false} />
                  <span className="truncate font-medium text-sm">{item.campaignName}</span>
                </span>
                <BudgetChange
                  beforeMinor={item.currentBudgetMinor}
                  afterMinor={item.recommendedBudgetMinor}
                  currency={item.currency}
                  className="text-sm sm:justify-end"
                />
              </li>
            ))}
          </ul>
          <dl className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm sm:grid-cols-2">
            {items.length > 1 ? (
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground text-xs">{t("apply.total")}</dt>
                <dd className="tabular-nums">
                  {format.money(before, currency)} →{" "}
                  <span className="font-semibold">{format.money(after, currency)}</span>
                </dd>
              </div>
            ) : null}
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">{t("apply.effect")}</dt>
              <dd className="tabular-nums">
                <span className="font-semibold">{t("effect.perDay", { value: out.signed(effect.mean) })}</span>{" "}
                <span className="text-muted-foreground text-xs">
                  {t("effect.interval", { range: out.range(effect, true) })}
                </span>
              </dd>
            </div>
          </dl>
          <p className="text-muted-foreground text-xs">{t("apply.undoHint")}</p>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("apply.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>
            <Check aria-hidden="true" />
            {single ? t("apply.confirmOne") : t("apply.confirmMany", { count: items.length })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
