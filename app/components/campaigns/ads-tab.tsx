import { ChevronDown, ImageOff, Plus, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#app/components/ui/collapsible.tsx";
import type { AdGroupWithAds, AdKpis, AdWithMetrics, CampaignAds, Creative } from "#core/ads/ads-types.ts";
import { CampaignStatusBadge } from "./campaign-cells.tsx";

export interface AdSyncState {
  syncedAt: string | null;
  failedAt: string | null;
  error: string | null;
}

/** A synced creative's image through the app's own proxy (the platform's URL never reaches the browser). */
export function adThumbnailUrl(creative: Creative): string | null {
  return creative.thumbnailUrl || creative.mediaUrl
    ? `/creative-media/${encodeURIComponent(creative.id)}/thumbnail`
    : null;
}

/** The page's URL with some search parameters set (null removes one). */
export function useSearchHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
}

/** The campaign page's Ads tab: its ad groups (collapsible, with totals) and their ads with creative and numbers. */
export function AdsTab({ ads, adSync }: { ads: CampaignAds; adSync: AdSyncState | null }) {
  const { t } = useTranslation("campaigns");
  const hrefWith = useSearchHref();
  const failed = adSync?.error && (!adSync.syncedAt || (adSync.failedAt ?? "") > adSync.syncedAt) ? adSync.error : null;
  return (
    <section aria-labelledby="campaign-ads-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="campaign-ads-heading" className="font-semibold text-lg tracking-tight">
            {t("ads.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("ads.intro")}</p>
        </div>
        {ads.adGroups.length > 0 ? (
          <PermissionGate permission="campaigns.change">
            {(isAllowed) =>
              isAllowed ? (
                <Button asChild>
                  <Link to={hrefWith({ newAd: "1", ad: null })} preventScrollReset>
                    <Plus aria-hidden="true" />
                    {t("ads.newAd")}
                  </Link>
                </Button>
              ) : (
                <Button disabled>
                  <Plus aria-hidden="true" />
                  {t("ads.newAd")}
                </Button>
              )
            }
          </PermissionGate>
        ) : null}
      </div>
      {failed ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div className="grid gap-1">
            <p className="font-medium">{t("ads.failedTitle")}</p>
            <p className="break-words text-muted-foreground">{t("ads.failedBody", { error: failed })}</p>
          </div>
        </div>
      ) : null}
      {ads.adGroups.length === 0 ? (
        <Card>
          <CardContent className="grid justify-items-center gap-2 py-10 text-center">
            <p className="font-medium">{t("ads.emptyTitle")}</p>
            <p className="max-w-md text-muted-foreground text-sm">{t("ads.emptyBody")}</p>
          </CardContent>
        </Card>
      ) : (
        ads.adGroups.map((group) => <AdGroupCard key={group.id} group={group} currency={ads.currency} />)
      )}
    </section>
  );
}

function AdGroupCard({ group, currency }: { group: AdGroupWithAds; currency: string }) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  return (
    <Collapsible defaultOpen asChild>
      <Card className="gap-0 overflow-hidden py-0">
        <CollapsibleTrigger asChild>
          <button
            type="button"
            className="group flex w-full flex-wrap items-center gap-x-4 gap-y-2 p-4 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ChevronDown
              aria-hidden="true"
              className="size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
            />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium">{group.name}</span>
              <span className="text-muted-foreground text-xs">
                {t("ads.adGroup")} · {t("ads.adsCount", { count: group.ads.length })}
              </span>
            </span>
            <CampaignStatusBadge status={group.status} />
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
              <Total label={t("ads.columns.spend")} value={format.moneyOrDash(group.metrics.spendMinor, currency)} />
              <Total label={t("ads.columns.ctr")} value={format.percent(group.metrics.ctr)} />
              <Total label={t("ads.columns.conversions")} value={format.number(group.metrics.conversions)} />
              <Total label={t("ads.columns.roas")} value={format.roas(group.metrics.roas)} />
            </dl>
          </button>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <AdsTable ads={group.ads} currency={currency} groupName={group.name} />
          <ul className="grid gap-3 border-t p-3 md:hidden">
            {group.ads.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} currency={currency} />
              </li>
            ))}
          </ul>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

export function AdThumbnail({ creative, name, size = "md" }: { creative: Creative; name: string; size?: "md" | "lg" }) {
  const { t } = useTranslation("campaigns");
  const url = adThumbnailUrl(creative);
  const box = size === "lg" ? "h-40 w-full" : "size-14";
  if (!url)
    return (
      <span className={`${box} flex shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground`}>
        <ImageOff aria-hidden="true" className="size-5" />
        <span className="sr-only">{t("ads.noImage")}</span>
      </span>
    );
  return (
    <img
      src={url}
      alt={t("ads.thumbnailAlt", { name })}
      loading="lazy"
      className={`${box} shrink-0 rounded-md bg-muted object-cover`}
    />
  );
}

const METRIC_COLUMNS = [
  "spend",
  "impressions",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "revenue",
  "roas",
  "hookRate",
] as const;
type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Each column's label, as catalog keys. */
export const AD_COLUMN_LABELS = {
  spend: "ads.columns.spend",
  impressions: "ads.columns.impressions",
  ctr: "ads.columns.ctr",
  cpc: "ads.columns.cpc",
  conversions: "ads.columns.conversions",
  cpa: "ads.columns.cpa",
  revenue: "ads.columns.revenue",
  roas: "ads.columns.roas",
  hookRate: "ads.columns.hookRate",
} as const satisfies Record<MetricColumn, string>;

/** Each creative kind's name, as catalog keys. */
const KIND_LABELS = {
  image: "ads.kind.image",
  video: "ads.kind.video",
  carousel: "ads.kind.carousel",
  text: "ads.kind.text",
} as const;

function useMetricCell(currency: string) {
  const format = useMetricFormat();
  return (metrics: AdKpis, column: MetricColumn): string => {
    switch (column) {
      case "spend":
        return format.moneyOrDash(metrics.spendMinor, currency);
      case "impressions":
        return format.number(metrics.impressions);
      case "ctr":
        return format.percent(metrics.ctr);
      case "cpc":
        return format.moneyOrDash(metrics.cpcMinor, currency);
      case "conversions":
        return format.number(metrics.conversions);
      case "cpa":
        return format.moneyOrDash(metrics.cpaMinor, currency);
      case "revenue":
        return format.moneyOrDash(metrics.revenueMinor, currency);
      case "roas":
        return format.roas(metrics.roas);
      case "hookRate":
        return metrics.hookRate === null ? "—" : format.percent(metrics.hookRate);
    }
  };
}

function AdsTable({ ads, currency, groupName }: { ads: AdWithMetrics[]; currency: string; groupName: string }) {
  const { t } = useTranslation("campaigns");
  const cell = useMetricCell(currency);
  const hrefWith = useSearchHref();
  // Hook rate is a video's: the column shows only where an ad of the group has one.
  const columns = METRIC_COLUMNS.filter(
    (column) => column !== "hookRate" || ads.some((ad) => ad.metrics.hookRate !== null),
  );
  return (
    <div className="hidden overflow-x-auto border-t md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("ads.tableCaption", { name: groupName })}</caption>
        <thead className="bg-muted/40 text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t("ads.columns.ad")}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t("ads.columns.status")}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-medium">
                {t(AD_COLUMN_LABELS[column])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ads.map((ad) => (
            <tr key={ad.id} className="border-t align-middle hover:bg-muted/30">
              <td className="max-w-80 px-3 py-2">
                <div className="flex items-center gap-3">
                  <AdThumbnail creative={ad.creative} name={ad.name} />
                  <div className="grid min-w-0 gap-0.5">
                    <Link
                      to={hrefWith({ ad: ad.id, newAd: null })}
                      preventScrollReset
                      className="truncate font-medium underline-offset-4 hover:underline"
                    >
                      {ad.creative.headline || ad.name}
                    </Link>
                    <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                      <Badge variant="outline">{t(KIND_LABELS[ad.creative.kind])}</Badge>
                      <span className="truncate">{ad.name}</span>
                    </span>
                  </div>
                </div>
              </td>
              <td className="px-3 py-2">
                <CampaignStatusBadge status={ad.status} />
              </td>
              {columns.map((column) => (
                <td key={column} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {cell(ad.metrics, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AdCard({ ad, currency }: { ad: AdWithMetrics; currency: string }) {
  const { t } = useTranslation("campaigns");
  const cell = useMetricCell(currency);
  const hrefWith = useSearchHref();
  const shown: MetricColumn[] = ["spend", "ctr", "cpc", "conversions", "cpa", "roas"];
  if (ad.metrics.hookRate !== null) shown.push("hookRate");
  return (
    <article className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-start gap-3">
        <AdThumbnail creative={ad.creative} name={ad.name} />
        <div className="grid min-w-0 flex-1 gap-1">
          <Link
            to={hrefWith({ ad: ad.id, newAd: null })}
            preventScrollReset
            className="break-words font-medium underline-offset-4 hover:underline"
          >
            {ad.creative.headline || ad.name}
          </Link>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{t(KIND_LABELS[ad.creative.kind])}</Badge>
            <CampaignStatusBadge status={ad.status} />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        {shown.map((column) => (
          <div key={column} className="grid gap-0.5">
            <dt className="text-muted-foreground">{t(AD_COLUMN_LABELS[column])}</dt>
            <dd className="font-medium tabular-nums">{cell(ad.metrics, column)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
