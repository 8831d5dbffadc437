import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignRow } from "#core/analytics/analytics-types.ts";

/** Five campaigns by ROAS, each a link to its page, with its spend and platform. */
export function RankedCampaignsCard({
  title,
  description,
  campaigns,
  tone,
}: {
  title: string;
  description: string;
  campaigns: CampaignRow[];
  tone: "good" | "bad";
}) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {campaigns.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {t("ranked.empty")}
          </p>
        ) : (
          <ol aria-label={title} className="-mx-2 flex flex-col">
            {campaigns.map((campaign, index) => (
              <li key={campaign.id}>
                <Link
                  to={`/campaigns/mes-ads/${campaign.id}`}
                  className="flex items-center gap-3 rounded-md px-2 py-2 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span aria-hidden="true" className="w-4 shrink-0 text-muted-foreground text-xs tabular-nums">
                    {index + 1}
                  </span>
                  <PlatformLabel platform={campaign.platform} showName={false} className="shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 break-words font-medium text-sm">{campaign.name}</span>
                    <span className="block truncate text-muted-foreground text-xs">
                      {platformName(campaign.platform)} · {campaign.adAccountName}
                    </span>
                  </span>
                  {/* Narrow enough to leave the name room in every language: "… dépensés" wraps under its amount. */}
                  <span className="max-w-[6.5rem] shrink-0 text-right sm:max-w-[9rem]">
                    <span
                      className={cn(
                        "block font-semibold text-sm tabular-nums",
                        tone === "good" ? "text-success" : "text-destructive",
                      )}
                    >
                      {format.roas(campaign.current.roas)}
                    </span>
                    <span className="block text-muted-foreground text-xs tabular-nums">
                      {t("ranked.spent", { amount: format.money(campaign.current.spendMinor, campaign.currency) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
