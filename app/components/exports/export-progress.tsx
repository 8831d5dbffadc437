import { CircleCheck, CircleX, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { ExportDownloadState } from "#app/lib/use-export-download.ts";

/** "1.4 MB", "820 kB" in the reader's locale. */
function sizeText(bytes: number, locale: string): string {
  const isLarge = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: isLarge ? "megabyte" : "kilobyte",
    maximumFractionDigits: isLarge ? 1 : 0,
  }).format(isLarge ? bytes / 1_000_000 : bytes / 1_000);
}

/**
 * How far an export download has got: the file's name and the bytes received so far (the export
 * streams, so its size is not known until it ends), with a way to cancel; then done or failed.
 */
export function ExportProgress({ state, onCancel }: { state: ExportDownloadState; onCancel: () => void }) {
  const { t } = useTranslation("exports");
  const locale = useLocale();
  if (state.status === "idle") return <div role="status" aria-live="polite" className="sr-only" />;
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-w-0 max-w-full items-center gap-2 rounded-md border bg-card px-3 py-1.5 text-sm sm:max-w-md"
    >
      {state.status === "downloading" ? (
        <>
          <div className="grid min-w-0 flex-1 gap-1">
            <span className="truncate">
              {t("progress.downloading", {
                file: state.filename ?? t("progress.starting"),
                size: sizeText(state.bytes, locale),
              })}
            </span>
            <Progress aria-label={t("progress.label")} value={null} className="h-1.5 w-full min-w-32 animate-pulse" />
          </div>
          <Button variant="ghost" size="icon" className="size-7 shrink-0" onClick={onCancel}>
            <X aria-hidden="true" />
            <span className="sr-only">{t("progress.cancel")}</span>
          </Button>
        </>
      ) : state.status === "done" ? (
        <span className="flex min-w-0 items-center gap-1.5">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          <span className="truncate">
            {t("progress.done", { file: state.filename, size: sizeText(state.bytes, locale) })}
          </span>
        </span>
      ) : (
        <span className="flex items-center gap-1.5 text-destructive">
          <CircleX aria-hidden="true" className="size-4 shrink-0" />
          {state.httpStatus === 403 ? t("progress.forbidden") : t("progress.failed")}
        </span>
      )}
    </div>
  );
}
