import { GitCompareArrows, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { AssetThumbnail } from "./asset-thumbnail.tsx";

export type ChosenCreative = Pick<LibraryCreative, "id" | "name" | "kind" | "thumbnailUrl">;

/** The bar that appears once creatives are chosen: their thumbnails, "Compare N" and "Clear". */
export function CompareBar({
  chosen,
  compareHref,
  onRemove,
  onClear,
}: {
  chosen: ChosenCreative[];
  compareHref: string;
  onRemove: (id: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("assets");
  if (chosen.length === 0) return null;
  return (
    <section
      aria-label={t("compare.barLabel")}
      className="sticky bottom-3 z-20 mx-auto flex w-full max-w-3xl flex-wrap items-center gap-3 rounded-2xl border bg-background/95 p-2.5 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      <ul className="flex min-w-0 flex-1 items-center gap-2">
        {chosen.map((creative) => (
          <li key={creative.id} className="relative">
            <span className="block size-10 overflow-hidden rounded-md border">
              <AssetThumbnail asset={creative} isCompact />
            </span>
            <button
              type="button"
              onClick={() => onRemove(creative.id)}
              aria-label={t("compare.remove", { name: creative.name })}
              className="-end-1.5 -top-1.5 absolute flex size-5 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm hover:text-foreground"
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </li>
        ))}
        <li className="ms-1 hidden text-muted-foreground text-xs sm:block">
          {t("compare.hint", { count: chosen.length })}
        </li>
      </ul>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={onClear}>
          {t("compare.clear")}
        </Button>
        {chosen.length >= 2 ? (
          <Button asChild>
            <Link to={compareHref}>
              <GitCompareArrows aria-hidden="true" />
              {t("compare.open", { count: chosen.length })}
            </Link>
          </Button>
        ) : (
          <Button disabled>
            <GitCompareArrows aria-hidden="true" />
            {t("compare.open", { count: chosen.length })}
          </Button>
        )}
      </div>
    </section>
  );
}
