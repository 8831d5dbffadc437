import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import type { LibraryFilters, LibrarySort } from "#core/assets/library-filters.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { AssetFormat } from "./asset-format.ts";
import { AssetThumbnail } from "./asset-thumbnail.tsx";
import { KIND_KEYS } from "./catalog-keys.ts";
import { CREATIVE_FIGURES, type CreativeFigure, useCreativeFigures } from "./creative-figures.ts";
import { CreativeStatus, PlatformMarks } from "./creative-marks.tsx";
import { TiredBadge } from "./fatigue-evidence.tsx";

export interface LibraryItemsProps {
  items: LibraryCreative[];
  format: AssetFormat;
  canManage: boolean;
  onEdit: (asset: LibraryCreative) => void;
  onDelete: (asset: LibraryCreative) => void;
  /** The creative's page, keeping the range. */
  hrefOf: (asset: LibraryCreative) => string;
  /** Chosen for compare. */
  selected: string[];
  onToggle: (asset: LibraryCreative) => void;
}

function facts(asset: LibraryCreative, format: AssetFormat): string[] {
  const upload = asset.upload;
  if (!upload) return [];
  return [
    format.bytes(upload.byteSize),
    format.dimensions(upload.width, upload.height),
    format.duration(upload.durationMs),
  ].filter((fact): fact is string => Boolean(fact));
}

function Actions({
  asset,
  canManage,
  onEdit,
  onDelete,
}: Pick<LibraryItemsProps, "canManage" | "onEdit" | "onDelete"> & { asset: LibraryCreative }) {
  const { t } = useTranslation("assets");
  if (!canManage || asset.source !== "upload") return null;
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("card.edit", { name: asset.name })}
        onClick={() => onEdit(asset)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("card.delete", { name: asset.name })}
        onClick={() => onDelete(asset)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}

function CompareBox({
  asset,
  selected,
  onToggle,
  className,
}: Pick<LibraryItemsProps, "selected" | "onToggle"> & { asset: LibraryCreative; className?: string }) {
  const { t } = useTranslation("assets");
  return (
    <Checkbox
      checked={selected.includes(asset.id)}
      onCheckedChange={() => onToggle(asset)}
      aria-label={t("compare.choose", { name: asset.name })}
      className={className}
    />
  );
}

/** The figures a card shows: spend, CTR and ROAS, and hook rate for a video (CPA when there is no revenue). */
function cardFigures(asset: LibraryCreative): CreativeFigure[] {
  const third: CreativeFigure = asset.metrics && asset.metrics.revenueMinor === 0 ? "cpa" : "roas";
  return asset.kind === "video" ? ["spend", "ctr", third, "hookRate"] : ["spend", "ctr", third, "cpc"];
}

/** The library as cards: thumbnail, platforms, status, tired badge and the key figures. */
export function LibraryGrid({ items, format, hrefOf, selected, onToggle, ...actions }: LibraryItemsProps) {
  const { t } = useTranslation("assets");
  const figures = useCreativeFigures();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((asset) => (
        <li
          key={asset.id}
          className={cn(
            "group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md",
            selected.includes(asset.id) && "ring-2 ring-primary",
          )}
        >
          <Link to={hrefOf(asset)} className="block aspect-[16/10] overflow-hidden">
            <AssetThumbnail asset={asset} className="transition-transform group-hover:scale-[1.02]" />
          </Link>
          <span className="absolute start-2 top-2 flex items-center rounded-md bg-background/90 p-1.5 shadow-sm">
            <CompareBox asset={asset} selected={selected} onToggle={onToggle} />
          </span>
          <span className="absolute end-2 top-2 rounded-md bg-background/90 px-1.5 py-1 shadow-sm">
            <PlatformMarks creative={asset} />
          </span>
          <div className="flex flex-1 flex-col gap-2 p-3">
            <div className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 font-medium text-sm leading-snug">
                <Link to={hrefOf(asset)} className="line-clamp-2 break-words hover:underline">
                  {asset.name}
                </Link>
              </h3>
              <Actions asset={asset} {...actions} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
              <Badge variant="outline">{t(KIND_KEYS[asset.kind])}</Badge>
              <CreativeStatus status={asset.status} />
              <TiredBadge verdict={asset.fatigue} currency={asset.metrics?.currency ?? "USD"} name={asset.name} />
              {asset.upload ? <span>{facts(asset, format).join(" · ")}</span> : null}
            </div>
            {asset.metrics ? (
              <dl className="mt-auto grid grid-cols-4 gap-1 border-t pt-2">
                {cardFigures(asset).map((figure) => (
                  <div key={figure} className="min-w-0">
                    <dt className="truncate text-[0.7rem] text-muted-foreground">{figures.label(figure)}</dt>
                    <dd className="truncate font-semibold text-sm tabular-nums">
                      {figures.compact(asset.metrics, figure)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <>
                <Tags tags={asset.tags} />
                {asset.upload ? (
                  <p className="mt-auto text-muted-foreground text-xs">
                    {t("card.uploaded", {
                      who: asset.upload.uploadedBy ?? t("card.someone"),
                      when: format.date(asset.upload.createdAt),
                    })}
                  </p>
                ) : null}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface SortableProps {
  filters: Pick<LibraryFilters, "sort" | "direction">;
  /** The library's URL sorted by `sort` (the other direction when it already is). */
  sortHref: (sort: LibrarySort) => string;
}

function SortHeader({ sort, label, filters, sortHref }: SortableProps & { sort: LibrarySort; label: string }) {
  const { t } = useTranslation("assets");
  const isActive = filters.sort === sort;
  const Icon = !isActive ? ArrowUpDown : filters.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className="text-end"
      aria-sort={isActive ? (filters.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={sortHref(sort)}
        className="inline-flex items-center gap-1 whitespace-nowrap hover:text-foreground"
        aria-label={t("table.sortBy", { column: label })}
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", !isActive && "opacity-40")} />
      </Link>
    </TableHead>
  );
}

/** The library as a table: every figure, sortable headers; it scrolls sideways inside its box. */
export function LibraryTable({
  items,
  format,
  hrefOf,
  selected,
  onToggle,
  filters,
  sortHref,
  ...actions
}: LibraryItemsProps & SortableProps) {
  const { t } = useTranslation("assets");
  const figures = useCreativeFigures();
  return (
    <div className="min-w-0 max-w-full overflow-x-auto rounded-xl border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <span className="sr-only">{t("compare.column")}</span>
            </TableHead>
            <TableHead className="w-20">{t("table.preview")}</TableHead>
            <TableHead>
              <Link to={sortHref("name")} className="inline-flex items-center gap-1 hover:text-foreground">
                {t("table.name")}
              </Link>
            </TableHead>
            <TableHead>{t("table.source")}</TableHead>
            <TableHead>{t("table.status")}</TableHead>
            {CREATIVE_FIGURES.map((figure) => (
              <SortHeader
                key={figure.key}
                sort={figure.sort}
                label={figures.label(figure.key)}
                filters={filters}
                sortHref={sortHref}
              />
            ))}
            <TableHead>{t("table.usedIn")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("table.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((asset) => (
            <TableRow key={asset.id} data-state={selected.includes(asset.id) ? "selected" : undefined}>
              <TableCell>
                <CompareBox asset={asset} selected={selected} onToggle={onToggle} />
              </TableCell>
              <TableCell>
                <div className="h-10 w-14 overflow-hidden rounded">
                  <AssetThumbnail asset={asset} isCompact />
                </div>
              </TableCell>
              <TableCell className="min-w-48 max-w-72">
                <Link to={hrefOf(asset)} className="line-clamp-2 font-medium hover:underline">
                  {asset.name}
                </Link>
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground text-xs">
                <span className="flex items-center gap-2">
                  <PlatformMarks creative={asset} />
                  <span>{t(KIND_KEYS[asset.kind])}</span>
                </span>
                {asset.upload ? <span className="mt-1 block">{facts(asset, format).join(" · ")}</span> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="flex flex-col items-start gap-1">
                  <CreativeStatus status={asset.status} />
                  <TiredBadge verdict={asset.fatigue} currency={asset.metrics?.currency ?? "USD"} name={asset.name} />
                </div>
              </TableCell>
              {CREATIVE_FIGURES.map((figure) => (
                <TableCell key={figure.key} className="whitespace-nowrap text-end tabular-nums">
                  {figures.value(asset.metrics, figure.key)}
                </TableCell>
              ))}
              <TableCell className="min-w-40 text-muted-foreground text-xs">
                {asset.usage.length === 0
                  ? asset.tags.length > 0
                    ? asset.tags.join(", ")
                    : "—"
                  : t("table.usedInCount", { count: asset.usage.length, campaign: asset.usage[0]?.campaign })}
              </TableCell>
              <TableCell>
                <Actions asset={asset} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
