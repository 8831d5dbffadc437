import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import {
  AD_PLATFORMS,
  COMMERCE_PLATFORMS,
  type IntegrationTile,
  UPCOMING_PLATFORMS,
} from "#app/lib/marketing-content.ts";

const TILES: readonly IntegrationTile[] = [...AD_PLATFORMS, ...COMMERCE_PLATFORMS, ...UPCOMING_PLATFORMS];

/** First letters of the words, e.g. "Google Ads" → "GA", "Twitter/X" → "X". */
export function monogramOf(name: string): string {
  const shortName = name.includes("/") ? (name.split("/").at(-1) ?? name) : name;
  return shortName
    .split(/\s+/)
    .map((word) => word[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** The seven platforms a team can connect today, and the ones coming soon. */
export function IntegrationTiles({ className }: { className?: string }) {
  return (
    <ul className={cn("grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4", className)}>
      {TILES.map((tile) => (
        <li
          key={tile.name}
          className={cn(
            "flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow hover:shadow-md sm:flex-row sm:items-start sm:gap-4 sm:p-5",
            tile.isComingSoon && "border-dashed bg-card/60 shadow-none",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "inline-flex size-10 shrink-0 items-center justify-center rounded-lg font-bold text-sm sm:size-11",
              tile.isComingSoon ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary",
            )}
          >
            {monogramOf(tile.name)}
          </span>
          <span className="grid min-w-0 gap-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold leading-tight">
              {tile.name}
              {tile.isComingSoon ? <Badge variant="secondary">Coming soon</Badge> : null}
            </span>
            <span className="text-pretty text-muted-foreground text-sm">{tile.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
