import { cn } from "#app/lib/cn.ts";
import type { IntegrationCard } from "./integrations-types.ts";
import { hasPlatformMark, PlatformMark } from "./platform-marks.tsx";

type Listing = IntegrationCard["listing"];

/**
 * The platform's mark on a neutral tile, the same on cards, charts, tables and forms. Decorative:
 * the platform's name always sits beside it. A platform without a mark here shows its initial.
 */
export function PlatformLogo({
  listing,
  className,
  fromSymbol = false,
}: {
  listing: Listing;
  className?: string;
  /** The page drew the marks once with PlatformMarkSymbols (a table's rows). */
  fromSymbol?: boolean;
}) {
  const hasMark = hasPlatformMark(listing.id);
  return (
    <span
      aria-hidden="true"
      data-platform={listing.id}
      className={cn(
        "flex size-10 shrink-0 select-none items-center justify-center rounded-lg bg-white font-bold shadow-xs ring-1 ring-black/10 dark:bg-white/5 dark:ring-white/15",
        !hasMark && "text-white",
        className,
      )}
      style={hasMark ? undefined : { backgroundColor: listing.brandColor }}
    >
      {hasMark ? (
        <PlatformMark platform={listing.id} fromSymbol={fromSymbol} />
      ) : (
        <span className="text-lg">{listing.name.charAt(0)}</span>
      )}
    </span>
  );
}
