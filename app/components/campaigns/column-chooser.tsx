/**
 * The campaigns table's column chooser: presets (Performance, Delivery, Budget), every column with a
 * checkbox to show or hide it, Move up / Move down buttons to reorder the shown ones (keyboard and
 * screen-reader friendly, no drag needed), and the rows' density.
 */
import { ArrowDown, ArrowUp, Columns3 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignSortKey } from "#core/analytics/analytics-types.ts";
import { DENSITIES, type Density } from "#core/table-views/table-view-schema.ts";
import { CAMPAIGN_COLUMNS, type ColumnPreset, PRESET_IDS, presetOf } from "./campaign-columns.tsx";
import type { ColumnLayoutControls } from "./use-column-visibility.ts";

const PRESET_LABELS: Record<ColumnPreset, string> = {
  performance: "chooser.preset.performance",
  delivery: "chooser.preset.delivery",
  budget: "chooser.preset.budget",
};
const PRESET_HINTS: Record<ColumnPreset, string> = {
  performance: "chooser.presetHint.performance",
  delivery: "chooser.presetHint.delivery",
  budget: "chooser.presetHint.budget",
};
const DENSITY_LABELS: Record<Density, string> = {
  comfortable: "chooser.densities.comfortable",
  compact: "chooser.densities.compact",
};

export function ColumnChooser({ controls }: { controls: ColumnLayoutControls }) {
  const { t } = useTranslation("campaigns");
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const { layout } = controls;
  const shown = layout.columns;
  const hidden = CAMPAIGN_COLUMNS.filter((column) => !shown.includes(column.id));
  const preset = presetOf(shown);
  const labelOf = (column: CampaignSortKey) =>
    t(CAMPAIGN_COLUMNS.find((candidate) => candidate.id === column)?.label ?? column);

  // Moving a column re-renders the list: keep the focus on the button that moved it (or its twin).
  const move = (column: CampaignSortKey, by: -1 | 1) => {
    controls.move(column, by);
    requestAnimationFrame(() => {
      const same = document.getElementById(`${id}-${column}-${by}`) as HTMLButtonElement | null;
      const twin = document.getElementById(`${id}-${column}-${-by}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : twin)?.focus();
    });
  };

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <Columns3 aria-hidden="true" />
          <span className="max-sm:sr-only">{t("filters.columns")}</span>
          <span className="text-muted-foreground tabular-nums max-sm:sr-only">
            {shown.length}/{CAMPAIGN_COLUMNS.length}
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={t("chooser.title")}
        collisionPadding={8}
        className="flex max-h-[min(var(--radix-popover-content-available-height),40rem)] w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-4 overflow-y-auto p-0"
      >
        <div className="grid gap-2 px-4 pt-4">
          <h2 id={`${id}-presets`} className="font-medium text-sm">
            {t("chooser.presets")}
          </h2>
          <fieldset aria-labelledby={`${id}-presets`} className="grid grid-cols-3 gap-1.5">
            {PRESET_IDS.map((presetId) => (
              <Button
                key={presetId}
                type="button"
                size="sm"
                variant={preset === presetId ? "default" : "outline"}
                aria-pressed={preset === presetId}
                onClick={() => controls.applyPreset(presetId)}
              >
                {t(PRESET_LABELS[presetId])}
              </Button>
            ))}
          </fieldset>
          <p className="text-muted-foreground text-xs">{preset ? t(PRESET_HINTS[preset]) : t("chooser.custom")}</p>
        </div>

        <div className="grid gap-1.5 border-t px-4 pt-3">
          <h2 id={`${id}-shown`} className="font-medium text-sm">
            {t("chooser.shown", { count: shown.length })}
          </h2>
          <ul aria-labelledby={`${id}-shown`} className="grid">
            {shown.map((column, index) => (
              <li key={column} className="flex min-h-9 items-center gap-2 rounded-md pr-0.5 pl-1 hover:bg-muted/60">
                <Checkbox
                  id={`${id}-check-${column}`}
                  checked
                  disabled={shown.length === 1}
                  onCheckedChange={(checked) => controls.setVisible(column, checked === true)}
                />
                <Label htmlFor={`${id}-check-${column}`} className="min-w-0 flex-1 truncate py-2 font-normal">
                  {labelOf(column)}
                </Label>
                <span className="w-5 text-right text-muted-foreground text-xs tabular-nums" aria-hidden="true">
                  {index + 1}
                </span>
                <Button
                  id={`${id}-${column}--1`}
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === 0}
                  aria-label={t("chooser.moveUp", { column: labelOf(column) })}
                  onClick={() => move(column, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  id={`${id}-${column}-1`}
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === shown.length - 1}
                  aria-label={t("chooser.moveDown", { column: labelOf(column) })}
                  onClick={() => move(column, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          {hidden.length > 0 ? (
            <>
              <h2 id={`${id}-hidden`} className="mt-2 font-medium text-sm">
                {t("chooser.hidden")}
              </h2>
              <ul aria-labelledby={`${id}-hidden`} className="grid">
                {hidden.map((column) => (
                  <li key={column.id} className="flex min-h-9 items-center gap-2 rounded-md pl-1 hover:bg-muted/60">
                    <Checkbox
                      id={`${id}-check-${column.id}`}
                      checked={false}
                      onCheckedChange={(checked) => controls.setVisible(column.id, checked === true)}
                    />
                    <Label
                      htmlFor={`${id}-check-${column.id}`}
                      className="flex-1 py-2 font-normal text-muted-foreground"
                    >
                      {labelOf(column.id)}
                    </Label>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>

        <div className="grid gap-2 border-t px-4 pt-3 pb-4">
          <h2 id={`${id}-density`} className="font-medium text-sm">
            {t("chooser.density")}
          </h2>
          <RadioGroup
            aria-labelledby={`${id}-density`}
            value={layout.density}
            onValueChange={(value) => controls.setDensity(value as Density)}
            className="grid grid-cols-2 gap-2"
          >
            {DENSITIES.map((density) => (
              <Label
                key={density}
                htmlFor={`${id}-density-${density}`}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 font-normal",
                  layout.density === density && "border-primary bg-primary/5",
                )}
              >
                <RadioGroupItem id={`${id}-density-${density}`} value={density} />
                {t(DENSITY_LABELS[density])}
              </Label>
            ))}
          </RadioGroup>
        </div>
      </PopoverContent>
    </Popover>
  );
}
