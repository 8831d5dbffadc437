import { cn } from "#app/lib/cn.ts";
import type { IntegrationCard } from "./integrations-types.ts";

type Listing = IntegrationCard["listing"];

/** Short marks that read as each platform without shipping its trademarked artwork. */
const MONOGRAMS: Record<string, string> = {
  "google-ads": "G",
  "facebook-ads": "∞",
  "twitter-ads": "X",
  "linkedin-ads": "in",
  "tiktok-ads": "T",
  shopify: "S",
  woocommerce: "Woo",
};

/** A tile in the platform's brand colour: the only place brand colours appear. Decorative: the name sits beside it. */
export function PlatformLogo({ listing, className }: { listing: Listing; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-platform={listing.id}
      className={cn(
        "flex size-10 shrink-0 select-none items-center justify-center rounded-lg font-bold text-white shadow-xs ring-1 ring-black/5 dark:ring-white/15",
        className,
      )}
      style={{ backgroundColor: listing.brandColor }}
    >
      {listing.id === "microsoft-ads" ? (
        <FourSquares />
      ) : (
        <Monogram text={MONOGRAMS[listing.id] ?? listing.name.charAt(0)} />
      )}
    </span>
  );
}

function Monogram({ text }: { text: string }) {
  const size = text.length >= 3 ? "text-xs" : text === "∞" ? "text-2xl leading-none" : "text-lg";
  return <span className={cn("tracking-tight", size)}>{text}</span>;
}

function FourSquares() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" role="presentation">
      <rect x="1" y="1" width="8.5" height="8.5" />
      <rect x="10.5" y="1" width="8.5" height="8.5" opacity="0.85" />
      <rect x="1" y="10.5" width="8.5" height="8.5" opacity="0.85" />
      <rect x="10.5" y="10.5" width="8.5" height="8.5" opacity="0.7" />
    </svg>
  );
}
