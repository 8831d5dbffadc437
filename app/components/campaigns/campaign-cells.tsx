import { CircleCheck, CirclePause, CircleSlash } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { GoodDirection } from "#app/components/analytics/delta.ts";
import { DeltaIndicator } from "#app/components/analytics/delta-indicator.tsx";
import { PlatformLogo } from "#app/components/integrations/platform-logo.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import { platformListingOf, platformNameOf, STATUS_KEYS } from "./campaign-labels.ts";

/**
 * The platform's small tile, decorative: say the platform's name elsewhere. `fromSymbol`: the
 * table drew the marks once (PlatformMarkSymbols), so each row's tile only points at its mark.
 */
export function PlatformMark({ platform, fromSymbol = false }: { platform: string; fromSymbol?: boolean }) {
  const listing = platformListingOf(platform);
  if (!listing) return null;
  return (
    <PlatformLogo
      listing={listing}
      fromSymbol={fromSymbol}
      className="size-5 rounded-[5px] shadow-none [&>span]:text-[0.6rem] [&_svg]:size-3"
    />
  );
}

/** The platform's small tile and its name. */
export function PlatformName({
  platform,
  isNameHidden = false,
  className,
  fromSymbol = false,
}: {
  platform: string;
  /** Only the tile, with the name for screen readers (tight spots such as the phone layout). */
  isNameHidden?: boolean;
  className?: string;
  /** See PlatformMark. */
  fromSymbol?: boolean;
}) {
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-2", className)}>
      <PlatformMark platform={platform} fromSymbol={fromSymbol} />
      <span className={cn("truncate", isNameHidden && "sr-only")}>{platformNameOf(platform)}</span>
    </span>
  );
}

const STATUS_STYLES: Record<CampaignStatus, { className: string; icon: typeof CircleCheck }> = {
  enabled: { className: "border-success/40 bg-success/10 text-foreground [&>svg]:text-success", icon: CircleCheck },
  paused: { className: "border-warning/50 bg-warning/10 text-foreground [&>svg]:text-warning", icon: CirclePause },
  removed: { className: "border-border bg-muted text-muted-foreground", icon: CircleSlash },
};

/** Status in words with an icon; the colour only repeats what the word says. */
export function CampaignStatusBadge({ status, className }: { status: CampaignStatus; className?: string }) {
  const { t } = useTranslation("campaigns");
  const { className: tone, icon: Icon } = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={cn(tone, className)}>
      <Icon aria-hidden="true" />
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

/** A figure for the range, right-aligned, with its change against the previous period below it. */
export function MetricValue({
  value,
  current,
  previous,
  goodDirection,
}: {
  value: string;
  current: number | null;
  previous: number | null;
  goodDirection: GoodDirection;
}) {
  return (
    <div className="flex flex-col items-end gap-0.5 leading-tight">
      <span className="tabular-nums">{value}</span>
      {/* A compact table leaves the change out: one line per row. */}
      <DeltaIndicator
        current={current}
        previous={previous}
        goodDirection={goodDirection}
        className="text-[0.7rem] group-data-[density=compact]/table:hidden"
      />
    </div>
  );
}
