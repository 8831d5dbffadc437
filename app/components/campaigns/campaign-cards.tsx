/**
 * The campaigns on a phone (below 768px): one card per campaign with its name, status, spend and the
 * key metric (ROAS when it is one of the chosen columns, as by default; else the most telling one shown), and the table's actions,
 * pause or enable and the daily budget, through the same change dialog. Cards can be selected for
 * the selection bar's bulk actions, like rows.
 */
import { Pause, Play, Wallet } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignRow } from "#core/analytics/analytics-types.ts";
import type { CampaignTableTotals } from "#core/analytics/get-campaign-table.ts";
import { CampaignStatusBadge, PlatformName } from "./campaign-cells.tsx";
import { CAMPAIGN_COLUMNS, type CampaignColumn } from "./campaign-columns.tsx";
import type { BulkAction } from "./change-request.ts";
import type { CampaignSelection } from "./use-campaign-selection.ts";

/** A card's action: its word on the button, the campaign in its accessible name, and why a role may not. */
function CardAction({
  icon,
  label,
  name,
  refusal,
  isDisabled = false,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  name: string;
  refusal: string | null;
  isDisabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-10 flex-1"
      disabled={isDisabled || refusal !== null}
      title={refusal ?? undefined}
      aria-label={name}
      onClick={onClick}
    >
      {icon}
      {label}
    </Button>
  );
}

const SPEND = CAMPAIGN_COLUMNS.find((column) => column.id === "spend") as CampaignColumn;

export function CampaignCards({
  rows,
  keyMetric,
  selection,
  isLoading,
  onAction,
  totals,
}: {
  rows: CampaignRow[];
  /** The figure shown beside spend. */
  keyMetric: CampaignColumn;
  selection: CampaignSelection;
  isLoading: boolean;
  onAction: (action: BulkAction, rows: CampaignRow[]) => void;
  totals: CampaignTableTotals[];
}) {
  const { t } = useTranslation("campaigns");
  const id = useId();
  const format = useMetricFormat();
  const refusal = useRefusalReason()("campaigns.change");
  const pageState = selection.isPageSelected ? true : selection.selectedOnPage > 0 ? "indeterminate" : false;
  return (
    <div className={cn("grid gap-2 transition-opacity", isLoading && "opacity-50")} aria-busy={isLoading}>
      <div className="flex min-h-10 items-center gap-3 px-1 text-muted-foreground text-sm">
        <Checkbox
          id={`${id}-page`}
          checked={pageState}
          onCheckedChange={(checked) => selection.togglePage(checked === true)}
          disabled={rows.length === 0}
        />
        <Label htmlFor={`${id}-page`} className="font-normal text-muted-foreground">
          {t("table.selectPage")}
        </Label>
      </div>
      <ul aria-label={t("cards.list")} className="grid gap-2">
        {rows.map((row) => {
          const isSelected = selection.isSelected(row.id);
          const isRemoved = row.status === "removed";
          return (
            <li
              key={row.id}
              data-state={isSelected ? "selected" : undefined}
              className="grid gap-3 rounded-lg border bg-card p-3 data-[state=selected]:border-primary/60 data-[state=selected]:bg-primary/5"
            >
              <div className="flex items-start gap-3">
                <Checkbox
                  className="mt-1"
                  aria-label={t("table.selectRow", { name: row.name })}
                  checked={isSelected}
                  onCheckedChange={(checked) => selection.toggle(row.id, checked === true)}
                />
                <div className="grid min-w-0 flex-1 gap-1">
                  <Link
                    to={`/campaigns/mes-ads/${row.id}`}
                    className="line-clamp-2 break-words font-medium leading-snug underline-offset-4 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                    <PlatformName platform={row.platform} fromSymbol />
                    <CampaignStatusBadge status={row.status} />
                  </div>
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-2">
                {[SPEND, keyMetric].map((column) => (
                  <div key={column.id} className="rounded-md bg-muted/50 px-3 py-2">
                    <dt className="text-muted-foreground text-xs">{t(column.label)}</dt>
                    <dd className="font-semibold text-base [&_*]:items-start">{column.render(row, format)}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex flex-wrap gap-2">
                {row.status === "enabled" ? (
                  <CardAction
                    icon={<Pause aria-hidden="true" />}
                    label={t("actions.pause")}
                    name={t("cards.pause", { name: row.name })}
                    refusal={refusal}
                    onClick={() => onAction("pause", [row])}
                  />
                ) : (
                  <CardAction
                    icon={<Play aria-hidden="true" />}
                    label={t("actions.enable")}
                    name={t("cards.enable", { name: row.name })}
                    refusal={refusal}
                    isDisabled={isRemoved}
                    onClick={() => onAction("enable", [row])}
                  />
                )}
                <CardAction
                  icon={<Wallet aria-hidden="true" />}
                  label={t("cards.budgetShort")}
                  name={t("cards.budget", { name: row.name })}
                  refusal={refusal}
                  isDisabled={isRemoved}
                  onClick={() => onAction("set_budget", [row])}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {totals.length > 0 ? (
        <section aria-label={t("totals.label")} className="grid gap-2 rounded-lg border bg-muted p-3">
          {totals.map((total) => (
            <dl key={total.currency} className="grid grid-cols-2 gap-2 text-sm">
              <div className="col-span-2 flex items-baseline justify-between">
                <dt className="font-medium">
                  {totals.length > 1 ? t("totals.labelCurrency", { currency: total.currency }) : t("totals.label")}
                </dt>
                <dd className="text-muted-foreground text-xs">{t("totals.campaigns", { count: total.campaigns })}</dd>
              </div>
              {[SPEND, keyMetric].map((column) => (
                <div key={column.id}>
                  <dt className="text-muted-foreground text-xs">{t(column.label)}</dt>
                  <dd className="font-semibold tabular-nums">{column.total?.(total, format)}</dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      ) : null}
    </div>
  );
}
