import { ChevronDown, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExportFormatItems } from "#app/components/exports/export-format-items.tsx";
import { ExportProgress } from "#app/components/exports/export-progress.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "#app/components/ui/dropdown-menu.tsx";
import { useExportDownload } from "#app/lib/use-export-download.ts";

/** The audit log's export, with the page's filters: CSV, CSV for spreadsheets or Excel, with progress. */
export function AuditExportMenu({ query, label }: { query: string; label: string }) {
  const { t } = useTranslation("exports");
  const download = useExportDownload();
  return (
    // The button stays at the end of its row; the progress comes before it (or above it on a phone).
    <div className="flex min-w-0 max-w-full flex-wrap items-center justify-end gap-2">
      <ExportProgress state={download.state} onCancel={download.cancel} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={download.state.status === "downloading"}>
            <Download aria-hidden="true" /> {label}
            <ChevronDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <ExportFormatItems
            label={t("audit.group")}
            hint={t("audit.hint")}
            path="/exports/audit-log"
            query={query}
            onDownload={download.start}
          />
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
