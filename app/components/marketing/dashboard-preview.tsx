import { ArrowUpRight, Sparkles } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import { formatChange, formatRoas } from "#core/shared/number-format.ts";

// Illustrative figures for the hero's product picture; they are not anyone's real account.
const PREVIEW_KPIS = [
  { label: "Spend", value: "$48,210", change: "+4.1%" },
  { label: "Revenue", value: "$212,340", change: "+18.6%" },
  // As the app writes them: revenue over spend, and the change against the previous period.
  { label: "Blended ROAS", value: formatRoas(212_340 / 48_210), change: formatChange(1.186 / 1.041 - 1) },
  { label: "Conversions", value: "3,912", change: "+12.3%" },
] as const;

const PREVIEW_PLATFORMS = [
  { name: "Google Ads", roas: 5.1 },
  { name: "Microsoft Advertising", roas: 4.4 },
  { name: "Meta", roas: 3.8 },
  { name: "TikTok", roas: 2.9 },
  { name: "LinkedIn", roas: 2.2 },
] as const;

const MAX_PREVIEW_ROAS = 6;

// Thirty days of revenue and spend, as points of a 300×100 chart.
const REVENUE_LINE =
  "0,78 20,74 40,76 60,66 80,68 100,58 120,60 140,52 160,55 180,44 200,46 220,38 240,36 260,28 280,30 300,20";
const SPEND_LINE =
  "0,88 20,87 40,88 60,85 80,86 100,83 120,84 140,82 160,83 180,80 200,81 220,79 240,80 260,77 280,78 300,76";

/**
 * A picture of the dashboard made of HTML and CSS: sharp at any size, light to load, and
 * themed with the page. Announced as one image.
 */
export function DashboardPreview({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="An illustration of the Adhelm dashboard: spend, revenue and blended ROAS across five ad platforms, with a budget recommendation for one campaign and its predicted effect."
      className={cn(
        "rounded-2xl border bg-card/80 p-2 shadow-2xl shadow-primary/10 ring-1 ring-border sm:p-3",
        className,
      )}
    >
      <div className="overflow-hidden rounded-xl border bg-background text-left">
        <div className="flex items-center gap-2 border-b px-4 py-3">
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="ml-3 font-medium text-muted-foreground text-xs">Overview · Last 30 days</span>
        </div>
        <div className="grid gap-4 p-4 sm:p-6">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {PREVIEW_KPIS.map((kpi) => (
              <div key={kpi.label} className="rounded-lg border bg-card p-3">
                <div className="text-muted-foreground text-xs">{kpi.label}</div>
                <div className="mt-1 font-semibold text-lg tabular-nums sm:text-xl">{kpi.value}</div>
                <div className="mt-1 flex items-center gap-1 text-xs">
                  <ArrowUpRight className="size-3 text-primary" />
                  <span className="tabular-nums">{kpi.change}</span>
                </div>
              </div>
            ))}
          </div>
          <div className="grid gap-4 lg:grid-cols-[1.6fr_1fr]">
            <div className="rounded-lg border bg-card p-4">
              <div className="flex items-center justify-between text-xs">
                <span className="font-medium">Revenue vs. spend</span>
                <span className="flex items-center gap-3 text-muted-foreground">
                  <span className="flex items-center gap-1">
                    <span className="size-2 rounded-full bg-primary" />
                    Revenue
                  </span>
                  <span className="flex items-center gap-1">
                    <span className="size-2 rounded-full bg-muted-foreground" />
                    Spend
                  </span>
                </span>
              </div>
              <svg
                aria-hidden="true"
                viewBox="0 0 300 100"
                preserveAspectRatio="none"
                className="mt-3 h-32 w-full sm:h-40"
              >
                <polygon points={`${REVENUE_LINE} 300,100 0,100`} className="fill-primary/10" />
                <polyline
                  points={REVENUE_LINE}
                  fill="none"
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-primary"
                />
                <polyline
                  points={SPEND_LINE}
                  fill="none"
                  strokeWidth="2"
                  strokeDasharray="4 4"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-muted-foreground"
                />
              </svg>
            </div>
            <div className="hidden rounded-lg border bg-card p-4 sm:block">
              <div className="font-medium text-xs">ROAS by platform</div>
              <div className="mt-3 grid gap-3">
                {PREVIEW_PLATFORMS.map((platform) => (
                  <div key={platform.name} className="grid gap-1">
                    <div className="flex justify-between text-xs">
                      <span>{platform.name}</span>
                      <span className="tabular-nums">{formatRoas(platform.roas)}</span>
                    </div>
                    <div className="h-1.5 rounded-full bg-muted">
                      <div
                        className="h-full rounded-full bg-primary"
                        style={{ width: `${(platform.roas / MAX_PREVIEW_ROAS) * 100}%` }}
                      />
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </div>
          <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Sparkles className="size-4" />
            </span>
            <div className="flex-1 text-sm">
              <div className="font-semibold">Raise “Shopping | Bestsellers” from $400 to $520 a day</div>
              <div className="text-muted-foreground text-xs">
                Predicted +$1,900 revenue a day (80% interval +$1,200 to +$2,600)
              </div>
            </div>
            <span className="inline-flex h-8 w-fit items-center rounded-md bg-primary px-3 font-medium text-primary-foreground text-xs">
              Review change
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
