import { CheckCheck, Pause, Play, Tag, TagsIcon, Wallet, X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { BulkAction } from "./change-request.ts";
import type { LabelsMode } from "./labels-dialog.tsx";

/** The campaigns table's selection: how many, "select all matching", and the bulk actions. */
export function SelectionBar({
  selectedCount,
  total,
  canSelectAllMatching,
  isAllMatching,
  onSelectAllMatching,
  onClear,
  onAction,
  onLabels,
}: {
  selectedCount: number;
  total: number;
  canSelectAllMatching: boolean;
  isAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
  /** Labels are set on chosen campaigns, not on "every campaign matching". */
  onLabels: (mode: LabelsMode) => void;
}) {
  const { t } = useTranslation("campaigns");
  const labelsHintId = useId();
  const roleHintId = useId();
  // A role that may not change campaigns keeps the buttons (they show what the table can do), disabled, with the reason.
  const refusal = useRefusalReason()("campaigns.change");
  const roleHint = refusal ? roleHintId : undefined;
  return (
    <section
      aria-label={t("selection.region")}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
    >
      <p className="flex items-center gap-2 font-medium text-sm tabular-nums" aria-live="polite">
        <CheckCheck aria-hidden="true" className="size-4 text-primary" />
        {isAllMatching
          ? t("selection.allMatching", { count: total })
          : t("selection.selected", { count: selectedCount })}
      </p>
      {canSelectAllMatching ? (
        <Button variant="link" size="sm" className="h-8 px-0" onClick={onSelectAllMatching}>
          {t("selection.selectAllMatching", { count: total })}
        </Button>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button
          size="sm"
          variant="outline"
          disabled={refusal !== null}
          aria-describedby={roleHint}
          onClick={() => onAction("pause")}
        >
          <Pause aria-hidden="true" />
          {t("actions.pause")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={refusal !== null}
          aria-describedby={roleHint}
          onClick={() => onAction("enable")}
        >
          <Play aria-hidden="true" />
          {t("actions.enable")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={refusal !== null}
          aria-describedby={roleHint}
          onClick={() => onAction("set_budget")}
        >
          <Wallet aria-hidden="true" />
          {t("actions.setBudget")}
        </Button>
        {/* Labels go on chosen campaigns only: with "every matching campaign" the buttons say why they are off. */}
        <Button
          size="sm"
          variant="outline"
          disabled={isAllMatching || refusal !== null}
          aria-describedby={roleHint ?? (isAllMatching ? labelsHintId : undefined)}
          onClick={() => onLabels("add")}
        >
          <Tag aria-hidden="true" />
          {t("actions.addLabel")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isAllMatching || refusal !== null}
          aria-describedby={roleHint ?? (isAllMatching ? labelsHintId : undefined)}
          onClick={() => onLabels("remove")}
        >
          <TagsIcon aria-hidden="true" />
          {t("actions.removeLabel")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" />
          {t("selection.clear")}
        </Button>
      </div>
      {refusal ? (
        <p id={roleHintId} className="w-full text-muted-foreground text-xs sm:text-right">
          {refusal}
        </p>
      ) : null}
      {isAllMatching && !refusal ? (
        <p id={labelsHintId} className="w-full text-muted-foreground text-xs sm:text-right">
          {t("selection.labelsNeedPage")}
        </p>
      ) : null}
    </section>
  );
}
