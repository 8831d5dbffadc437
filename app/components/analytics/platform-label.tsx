/**
 * An ad platform as the analytics views name it.
 *
 * - `<PlatformLabel platform="google-ads" />`: its small logo tile and its name; `showName={false}`
 *   keeps only the logo, which is decorative: name the platform in text nearby.
 * - `platformName(id)`: "Google Ads".
 * - `platformChartColor(id)`: a stable chart colour per platform (`var(--chart-N)`), so a platform
 *   keeps its colour from chart to chart.
 */

import { PlatformLogo } from "#app/components/integrations/platform-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { findListing } from "#core/connections/platform-catalog.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

export function platformName(platform: string): string {
  return findListing(platform)?.name ?? platform;
}

export function platformChartColor(platform: string): string {
  const index = (AD_PLATFORM_IDS as readonly string[]).indexOf(platform);
  return `var(--chart-${(Math.max(index, 0) % 5) + 1})`;
}

export function PlatformLabel({
  platform,
  showName = true,
  className,
}: {
  platform: string;
  showName?: boolean;
  className?: string;
}) {
  const listing = findListing(platform);
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-2", className)}>
      {listing ? <PlatformLogo listing={listing} className="size-6 rounded-md text-[0.6rem] [&_svg]:size-3.5" /> : null}
      {showName ? <span className="truncate">{platformName(platform)}</span> : null}
    </span>
  );
}
