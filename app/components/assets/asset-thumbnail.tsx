import { Film, GalleryHorizontal, Globe, ImageIcon, Play, Type } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { KIND_KEYS } from "./catalog-keys.ts";

const PLACEHOLDER_ICONS = { image: ImageIcon, video: Film, carousel: GalleryHorizontal, text: Type } as const;

type ThumbnailCreative = Pick<LibraryCreative, "kind" | "name" | "thumbnailUrl"> &
  Partial<Pick<LibraryCreative, "copy">>;

/**
 * A creative's thumbnail or poster (videos with a play mark); a text ad drawn as a small search
 * ad; or a clear placeholder for its kind when there is no image or it does not load (a platform
 * URL that expired, also when it failed before the page was interactive).
 */
export function AssetThumbnail({
  asset,
  className,
  src,
  isCompact = false,
  fit = "cover",
}: {
  asset: ThumbnailCreative;
  className?: string;
  /** Another image than the thumbnail (the creative's page shows the full image). */
  src?: string | null;
  /** A small box (a table's row): the placeholder shows its icon only. */
  isCompact?: boolean;
  /** cover: fill the box, cropped (cards); natural: the whole image at its own proportions (a preview). */
  fit?: "cover" | "natural";
}) {
  const { t } = useTranslation("assets");
  const url = src === undefined ? asset.thumbnailUrl : src;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed while the server-rendered page loaded never fires onError for React.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && url) setFailedUrl(url);
  }, [url]);
  if (url && failedUrl !== url)
    return (
      <span className={cn("relative block bg-muted", fit === "cover" && "size-full", className)}>
        <img
          ref={image}
          src={url}
          alt={t("card.thumbnailAlt", { name: asset.name })}
          loading="lazy"
          onError={() => setFailedUrl(url)}
          className={fit === "natural" ? "h-auto max-h-[36rem] w-full object-contain" : "size-full object-cover"}
        />
        {asset.kind === "video" ? (
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <span className="flex size-9 items-center justify-center rounded-full bg-black/55 text-white">
              <Play className="size-4 translate-x-px fill-current" />
            </span>
          </span>
        ) : null}
      </span>
    );
  if (asset.kind === "text" && asset.copy && !isCompact)
    return (
      <span
        role="img"
        aria-label={t("card.textAd", { name: asset.name })}
        className={cn("flex size-full flex-col justify-center gap-1.5 bg-muted/60 p-4 text-start", className)}
      >
        <span className="flex items-center gap-1.5 text-[0.7rem] text-muted-foreground" aria-hidden="true">
          <Globe className="size-3" />
          <span className="truncate">{asset.copy.host ?? t("creative.sponsored")}</span>
          <span className="font-semibold text-foreground/70">· {t("creative.sponsored")}</span>
        </span>
        <span className="line-clamp-2 font-medium text-blue-700 leading-snug dark:text-blue-400" aria-hidden="true">
          {asset.copy.headline ?? asset.name}
        </span>
        {asset.copy.body ? (
          <span className="line-clamp-3 text-muted-foreground text-xs" aria-hidden="true">
            {asset.copy.body}
          </span>
        ) : null}
      </span>
    );
  const Icon = PLACEHOLDER_ICONS[asset.kind];
  return (
    <span
      role="img"
      aria-label={t("card.placeholder", { name: asset.name, kind: t(KIND_KEYS[asset.kind]) })}
      className={cn(
        "flex size-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground",
        fit === "natural" && "aspect-square",
        className,
      )}
    >
      <Icon aria-hidden="true" className={isCompact ? "size-4" : "size-6"} />
      {isCompact ? null : (
        <span className="text-xs" aria-hidden="true">
          {t("card.noPreview")}
        </span>
      )}
    </span>
  );
}
