import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { cn } from "#app/lib/cn.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { STATUS_KEYS } from "./catalog-keys.ts";

const STATUS_DOT: Record<string, string> = {
  enabled: "bg-emerald-500",
  paused: "bg-amber-500",
  removed: "bg-muted-foreground/60",
};

/** A synced creative's status as a dot and a word; nothing for an upload. */
export function CreativeStatus({ status, className }: { status: string | null; className?: string }) {
  const { t } = useTranslation("assets");
  if (!status) return null;
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs", className)}>
      <span aria-hidden="true" className={cn("size-2 rounded-full", STATUS_DOT[status] ?? "bg-muted-foreground")} />
      {STATUS_KEYS[status] ? t(STATUS_KEYS[status] as string) : status}
    </span>
  );
}

/** The platforms a creative runs on, as logo tiles named for screen readers; "Uploaded" for an upload. */
export function PlatformMarks({ creative, className }: { creative: LibraryCreative; className?: string }) {
  const { t } = useTranslation("assets");
  if (creative.source === "upload")
    return <span className={cn("text-muted-foreground text-xs", className)}>{t("source.uploaded")}</span>;
  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <span className="sr-only">{creative.platforms.map(platformName).join(", ")}</span>
      {creative.platforms.map((platform) => (
        <span key={platform} title={platformName(platform)} aria-hidden="true">
          <PlatformLabel platform={platform} showName={false} />
        </span>
      ))}
    </span>
  );
}
