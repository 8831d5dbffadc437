import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, MoreHorizontal, Pause, Play, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignRow, CampaignSortKey } from "#core/analytics/analytics-types.ts";
import type { CampaignTableTotals } from "#core/analytics/get-campaign-table.ts";
import type { Density } from "#core/table-views/table-view-schema.ts";
import { PlatformMark } from "./campaign-cells.tsx";
import type { CampaignColumn } from "./campaign-columns.tsx";
import { CampaignLabelChips } from "./campaign-label-chips.tsx";
import { type CampaignTableParams, searchWith } from "./campaign-table-params.ts";
import type { BulkAction } from "./change-request.ts";
import type { CampaignSelection } from "./use-campaign-selection.ts";

/** Cells paint the row's hover and selection, opaque, because the sticky ones cover others when scrolled (app.css). */
const ROW_CELL = "campaign-cell";
const STICKY_CELL = `${ROW_CELL} sticky z-[1]`;
const HEAD_CELL = "sticky top-0 z-[2] h-10 bg-muted/95 backdrop-blur supports-[backdrop-filter]:bg-muted/80";
/** The totals row stays at the bottom of the table's box, like the header at its top. */
const FOOT_CELL = "sticky bottom-0 z-[2] border-t bg-muted font-medium";
/** Vertical padding of body and footer cells per density. */
const PADDING: Record<Density, string> = { comfortable: "py-2", compact: "py-1" };

export interface CampaignTableProps {
  rows: CampaignRow[];
  columns: readonly CampaignColumn[];
  params: CampaignTableParams;
  /** The page's query string, so sort links keep the range and filters. */
  search: string;
  selection: CampaignSelection;
  /** Dims the rows while the next page or sort loads. */
  isLoading: boolean;
  onAction: (action: BulkAction, rows: CampaignRow[]) => void;
  /** Rows' height: comfortable, or compact (less padding, no change against the previous period). */
  density?: Density;
  /** The footer: every matching campaign's totals (all pages), one row per currency. */
  totals?: CampaignTableTotals[];
  /** How many campaigns match the filters, over every page. */
  total?: number;
}

/** Adhelm's own labels, which the table's rows carry. */
export function labelsOf(row: CampaignRow): string[] {
  return (row as CampaignRow & { labels?: string[] }).labels ?? [];
}

/**
 * The campaigns table: a header that stays on top and a name column that stays on the left while
 * the table scrolls in its own box, sortable headers (aria-sort), a selection column and a menu
 * per row.
 */
export function CampaignTable({
  rows,
  columns,
  params,
  search,
  selection,
  isLoading,
  onAction,
  density = "comfortable",
  totals = [],
}: CampaignTableProps) {
  // The labels column shows when a campaign on the page has a label.
  const showsLabels = rows.some((row) => labelsOf(row).length > 0);
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const pageState = selection.isPageSelected ? true : selection.selectedOnPage > 0 ? "indeterminate" : false;
  return (
    <div
      data-slot="campaign-table"
      data-density={density}
      aria-busy={isLoading}
      className="relative max-h-[max(22rem,min(calc(100svh-21rem),56rem))] overflow-auto overscroll-x-contain rounded-lg border bg-card"
    >
      <table
        data-density={density}
        className={cn(
          "group/table w-full min-w-max caption-bottom border-separate border-spacing-0",
          density === "compact" ? "text-[0.8125rem]" : "text-sm",
        )}
      >
        <caption className="sr-only">{t("table.caption", { rows: rows.length })}</caption>
        <thead>
          <tr>
            <th scope="col" className={cn(HEAD_CELL, "left-0 z-[3] w-10 border-b pr-0 pl-3")}>
              <Checkbox
                aria-label={t("table.selectPage")}
                checked={pageState}
                onCheckedChange={(checked) => selection.togglePage(checked === true)}
                disabled={rows.length === 0}
              />
            </th>
            <SortableHeader
              column={{ id: "name", label: "columns.name", isNumeric: false, firstDirection: "asc" }}
              params={params}
              search={search}
              className="left-10 z-[3] min-w-40 shadow-[inset_-1px_0_0_var(--border)] sm:min-w-60"
            />
            {showsLabels ? (
              <th
                scope="col"
                className={cn(
                  HEAD_CELL,
                  "whitespace-nowrap border-b px-2.5 text-left font-medium text-muted-foreground",
                )}
              >
                {t("columns.labels")}
              </th>
            ) : null}
            {columns.map((column) => (
              <SortableHeader key={column.id} column={column} params={params} search={search} />
            ))}
            <th scope="col" className={cn(HEAD_CELL, "w-12 border-b")}>
              <span className="sr-only">{t("table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className={cn("transition-opacity [&>tr:last-child>*]:border-b-0", isLoading && "opacity-50")}>
          {rows.map((row) => {
            const isSelected = selection.isSelected(row.id);
            return (
              <tr key={row.id} data-state={isSelected ? "selected" : undefined} className="group">
                <td className={cn(STICKY_CELL, PADDING[density], "left-0 w-10 pr-0 pl-3")}>
                  <Checkbox
                    aria-label={t("table.selectRow", { name: row.name })}
                    checked={isSelected}
                    onCheckedChange={(checked) => selection.toggle(row.id, checked === true)}
                  />
                </td>
                <th
                  scope="row"
                  className={cn(
                    STICKY_CELL,
                    PADDING[density],
                    "left-10 max-w-40 px-3 text-left font-normal shadow-[inset_-1px_0_0_var(--border)] sm:max-w-72",
                  )}
                >
                  <div className="flex min-w-0 items-center gap-2">
                    {/* The platform column names it too; phones keep the room for the name. */}
                    <span className="hidden sm:contents">
                      <PlatformMark platform={row.platform} fromSymbol />
                    </span>
                    <Link
                      to={`/campaigns/mes-ads/${row.id}`}
                      className="truncate font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
                      title={row.name}
                    >
                      {row.name}
                    </Link>
                  </div>
                </th>
                {showsLabels ? (
                  <td className={cn(ROW_CELL, PADDING[density], "px-2.5 align-middle")}>
                    <CampaignLabelChips labels={labelsOf(row)} />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      ROW_CELL,
                      PADDING[density],
                      "whitespace-nowrap px-2.5 align-middle",
                      column.isNumeric && "text-right",
                    )}
                  >
                    {column.render(row, format)}
                  </td>
                ))}
                <td className={cn(ROW_CELL, density === "compact" ? "py-0.5" : "py-2", "px-2 text-right")}>
                  <RowMenu row={row} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
        {totals.length > 0 ? (
          <TotalsFooter totals={totals} columns={columns} showsLabels={showsLabels} density={density} />
        ) : null}
      </table>
    </div>
  );
}

/**
 * The totals of every matching campaign (all pages, not only this one), per currency: sums, and
 * ratios of the sums (the server computes them).
 */
function TotalsFooter({
  totals,
  columns,
  showsLabels,
  density,
}: {
  totals: CampaignTableTotals[];
  columns: readonly CampaignColumn[];
  showsLabels: boolean;
  density: Density;
}) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const isMixed = totals.length > 1;
  return (
    <tfoot>
      {totals.map((total, index) => (
        <tr key={total.currency} className="[&>*]:bg-muted">
          <td className={cn(FOOT_CELL, "left-0 z-[3] w-10", index > 0 && "border-t-0")} />
          <th
            scope="row"
            className={cn(
              FOOT_CELL,
              PADDING[density],
              "left-10 z-[3] px-3 text-left shadow-[inset_-1px_0_0_var(--border)]",
              index > 0 && "border-t-0",
            )}
          >
            <span className="block">
              {isMixed ? t("totals.labelCurrency", { currency: total.currency }) : t("totals.label")}
            </span>
            <span className="block font-normal text-muted-foreground text-xs">
              {t("totals.campaigns", { count: total.campaigns })}
            </span>
          </th>
          {showsLabels ? <td className={cn(FOOT_CELL, index > 0 && "border-t-0")} /> : null}
          {columns.map((column) => (
            <td
              key={column.id}
              className={cn(
                FOOT_CELL,
                PADDING[density],
                "whitespace-nowrap px-2.5 text-right tabular-nums",
                index > 0 && "border-t-0",
              )}
            >
              {column.total ? column.total(total, format) : null}
            </td>
          ))}
          <td className={cn(FOOT_CELL, index > 0 && "border-t-0")} />
        </tr>
      ))}
    </tfoot>
  );
}

function SortableHeader({
  column,
  params,
  search,
  className,
}: {
  column: Pick<CampaignColumn, "label" | "isNumeric" | "firstDirection"> & { id: CampaignSortKey };
  params: CampaignTableParams;
  search: string;
  className?: string;
}) {
  const { t } = useTranslation("campaigns");
  const isSorted = params.sort.key === column.id;
  const nextDirection = isSorted ? (params.sort.direction === "asc" ? "desc" : "asc") : column.firstDirection;
  const Icon = !isSorted ? ArrowUpDown : params.sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (params.sort.direction === "asc" ? "ascending" : "descending") : "none"}
      className={cn(
        HEAD_CELL,
        "whitespace-nowrap border-b px-2.5 font-medium text-muted-foreground",
        column.isNumeric ? "text-right" : "text-left",
        className,
      )}
    >
      <Link
        to={{ search: searchWith(search, { sort: column.id, dir: nextDirection }) }}
        preventScrollReset
        className={cn(
          "-mx-1.5 inline-flex items-center gap-1 rounded-sm px-1.5 py-1 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          column.isNumeric && "flex-row-reverse",
          isSorted && "text-foreground",
        )}
      >
        {t(column.label)}
        <Icon aria-hidden="true" className={cn("size-3.5", !isSorted && "opacity-40")} />
      </Link>
    </th>
  );
}

function RowMenu({ row, onAction }: { row: CampaignRow; onAction: CampaignTableProps["onAction"] }) {
  const { t } = useTranslation("campaigns");
  const isRemoved = row.status === "removed";
  const refusal = useRefusalReason()("campaigns.change");
  const isLocked = refusal !== null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t("actions.rowActions", { name: row.name })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="truncate text-muted-foreground text-xs">{row.name}</DropdownMenuLabel>
        {refusal ? (
          <DropdownMenuLabel className="font-normal text-muted-foreground text-xs">{refusal}</DropdownMenuLabel>
        ) : null}
        {row.status === "enabled" ? (
          <DropdownMenuItem disabled={isLocked} onSelect={() => onAction("pause", [row])}>
            <Pause aria-hidden="true" />
            {t("actions.pause")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem disabled={isRemoved || isLocked} onSelect={() => onAction("enable", [row])}>
            <Play aria-hidden="true" />
            {t("actions.enable")}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={isRemoved || isLocked} onSelect={() => onAction("set_budget", [row])}>
          <Wallet aria-hidden="true" />
          {t("actions.setBudgetMenu")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/campaigns/mes-ads/${row.id}`}>
            <ExternalLink aria-hidden="true" />
            {t("actions.openCampaign")}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
