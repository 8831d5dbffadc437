import { Film, ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";

/** A creative's thumbnail or poster, or a clear placeholder when there is none (a video without a poster). */
export function AssetThumbnail({ asset, className }: { asset: LibraryCreative; className?: string }) {
  const { t } = useTranslation("assets");
  if (asset.thumbnailUrl)
    return (
      <img
        src={asset.thumbnailUrl}
        alt={t("card.thumbnailAlt", { name: asset.name })}
        loading="lazy"
        className={cn("size-full bg-muted object-cover", className)}
      />
    );
  const Icon = asset.kind === "video" ? Film : ImageIcon;
  return (
    <div
      className={cn(
        "flex size-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
      <span className="text-xs">{t("card.noPreview")}</span>
    </div>
  );
}
