import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";
import { useTableNavigation } from "./campaign-filters.tsx";
import { PAGE_SIZES, searchWith } from "./campaign-table-params.ts";

/** "1–50 of 10,000", rows per page, and first / previous / next / last page links. */
export function TablePagination({
  page,
  pageSize,
  total,
  search,
}: {
  page: number;
  pageSize: number;
  total: number;
  search: string;
}) {
  const { t } = useTranslation("campaigns");
  const go = useTableNavigation();
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const pageLink = (target: number) => ({ search: searchWith(search, { page: String(target) }) });

  return (
    <nav
      aria-label={t("pagination.label")}
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm"
    >
      <p className="text-muted-foreground tabular-nums" aria-live="polite">
        {t("pagination.range", { first, last, total })}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap text-muted-foreground">
            {t("pagination.rowsPerPage")}
          </label>
          <NativeSelect
            id={sizeId}
            value={String(pageSize)}
            onChange={(event) => void go({ size: event.target.value })}
            className="h-8 w-[4.75rem]"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="whitespace-nowrap tabular-nums">{t("pagination.page", { page, pages: pageCount })}</p>
        <div className="flex items-center gap-1">
          <PageLink
            to={pageLink(1)}
            isDisabled={page <= 1}
            label={t("pagination.first")}
            className="hidden sm:inline-flex"
          >
            <ChevronsLeft aria-hidden="true" />
          </PageLink>
          <PageLink to={pageLink(page - 1)} isDisabled={page <= 1} label={t("pagination.previous")}>
            <ChevronLeft aria-hidden="true" />
          </PageLink>
          <PageLink to={pageLink(page + 1)} isDisabled={page >= pageCount} label={t("pagination.next")}>
            <ChevronRight aria-hidden="true" />
          </PageLink>
          <PageLink
            to={pageLink(pageCount)}
            isDisabled={page >= pageCount}
            label={t("pagination.last")}
            className="hidden sm:inline-flex"
          >
            <ChevronsRight aria-hidden="true" />
          </PageLink>
        </div>
      </div>
    </nav>
  );
}

function PageLink({
  to,
  isDisabled,
  label,
  className,
  children,
}: {
  to: { search: string };
  isDisabled: boolean;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (isDisabled)
    return (
      <Button variant="outline" size="icon" className={cn("size-8", className)} disabled aria-label={label}>
        {children}
      </Button>
    );
  return (
    <Button asChild variant="outline" size="icon" className={cn("size-8", className)}>
      <Link to={to} preventScrollReset aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}
