import { ExternalLink, Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import type { CreativeContent } from "#core/assets/get-library-creative.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { AssetThumbnail } from "./asset-thumbnail.tsx";

const hostOf = (url: string | null | undefined) => {
  if (!url) return null;
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * The creative as its platform shows it: a search ad (text), or a feed post with the image, the
 * video's poster or the carousel's first card, the text above and the headline with its link below.
 */
export function CreativePreview({ creative, content }: { creative: LibraryCreative; content: CreativeContent | null }) {
  const { t } = useTranslation("assets");
  const host = hostOf(content?.landing?.finalUrl);
  const platform = creative.platforms[0];
  if (creative.kind === "text")
    return (
      <figure className="grid gap-1.5 rounded-xl border bg-card p-4 text-start shadow-xs">
        <figcaption className="sr-only">
          {t("creative.previewCaption", { platform: platformName(platform ?? "") })}
        </figcaption>
        <p className="flex items-center gap-2 text-xs">
          <span className="flex size-6 items-center justify-center rounded-full bg-muted">
            <Globe aria-hidden="true" className="size-3.5" />
          </span>
          <span className="grid">
            <span className="font-medium">{host ?? t("creative.noLanding")}</span>
            <span className="text-muted-foreground">{t("creative.sponsored")}</span>
          </span>
        </p>
        <p className="font-medium text-blue-700 text-lg leading-snug dark:text-blue-400">
          {content?.headline ?? creative.name}
        </p>
        {content?.body ? <p className="text-muted-foreground text-sm">{content.body}</p> : null}
      </figure>
    );
  return (
    <figure className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <figcaption className="sr-only">
        {platform ? t("creative.previewCaption", { platform: platformName(platform) }) : creative.name}
      </figcaption>
      {content ? (
        <div className="flex items-center gap-2 p-3 text-xs">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          >
            {(host ?? creative.name).slice(0, 1).toUpperCase()}
          </span>
          <span className="grid">
            <span className="font-medium">{host ?? creative.name}</span>
            <span className="text-muted-foreground">{t("creative.sponsored")}</span>
          </span>
        </div>
      ) : null}
      {content?.body ? <p className="px-3 pb-3 text-sm">{content.body}</p> : null}
      <div className="relative w-full bg-muted">
        {(content?.mediaUrl ?? creative.thumbnailUrl) ? (
          <AssetThumbnail asset={creative} src={content?.mediaUrl ?? creative.thumbnailUrl} fit="natural" />
        ) : (
          <div className="aspect-square">
            <AssetThumbnail asset={creative} />
          </div>
        )}
        {creative.kind === "carousel" ? (
          <span className="absolute end-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-white text-xs">
            {t("creative.firstCard")}
          </span>
        ) : null}
      </div>
      {content ? (
        <div className="flex items-center justify-between gap-3 border-t bg-muted/40 p-3">
          <div className="min-w-0">
            {host ? <p className="truncate text-muted-foreground text-xs uppercase">{host}</p> : null}
            <p className="line-clamp-2 font-semibold text-sm">{content.headline ?? creative.name}</p>
          </div>
          {content.landing ? (
            <a
              href={content.landing.finalUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex shrink-0 items-center gap-1 rounded-md border bg-background px-2.5 py-1.5 font-medium text-xs hover:bg-accent"
            >
              {t("creative.visit")}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
