import { ChevronDown, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExportFormatItems } from "#app/components/exports/export-format-items.tsx";
import { ExportProgress } from "#app/components/exports/export-progress.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { useExportDownload } from "#app/lib/use-export-download.ts";

/** The exports take the table's filters, sort and range from the same query string; paging does not apply. */
export function exportSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ["page", "size", "view", "cursor"]) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * "Export": the campaigns as the table shows them (every page), or one row per campaign and day,
 * each as CSV, CSV for spreadsheets or Excel. The file downloads in the page, which shows how much
 * has arrived, and is then saved.
 */
export function ExportMenu({ search }: { search: string }) {
  const { t } = useTranslation("campaigns");
  const query = exportSearch(search);
  const download = useExportDownload();
  const isBusy = download.state.status === "downloading";
  return (
    // The button stays where it is; the progress comes after it (beside it, or below on a phone).
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-9" disabled={isBusy}>
            <Download aria-hidden="true" />
            {t("export.button")}
            <ChevronDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel className="font-normal text-muted-foreground text-xs">
            {t("export.scope")}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <ExportFormatItems
            label={t("export.campaigns")}
            hint={t("export.campaignsHint")}
            path="/exports/campaigns"
            query={query}
            onDownload={download.start}
          />
          <DropdownMenuSeparator />
          <ExportFormatItems
            label={t("export.daily")}
            hint={t("export.dailyHint")}
            path="/exports/daily-metrics"
            query={query}
            onDownload={download.start}
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <ExportProgress state={download.state} onCancel={download.cancel} />
    </div>
  );
}
