/**
 * What /optimizer shows when it cannot work yet, and what to do about it: connect an ad platform,
 * give campaigns a daily budget of their own, or wait for enough history.
 */
import { ArrowRight, CalendarClock, Megaphone, PlugZap } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { OptimizerReadiness } from "#core/optimizer/optimizer-types.ts";

export function OptimizerEmptyState({
  readiness,
  hasAdPlatform,
  minHistoryDays,
}: {
  readiness: Exclude<OptimizerReadiness, "ready">;
  hasAdPlatform: boolean;
  minHistoryDays: number;
}) {
  const { t } = useTranslation("optimizer");
  if (!hasAdPlatform)
    return (
      <EmptyPanel icon={<PlugZap aria-hidden="true" className="size-6 text-primary" />} title={t("empty.connectTitle")}>
        <p>{t("empty.connectBody")}</p>
        <Button asChild>
          <Link to="/integrations">
            {t("empty.connectAction")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </EmptyPanel>
    );
  if (readiness === "no_campaigns")
    return (
      <EmptyPanel
        icon={<Megaphone aria-hidden="true" className="size-6 text-primary" />}
        title={t("empty.noCampaignsTitle")}
      >
        <p>{t("empty.noCampaignsBody")}</p>
        <Button asChild variant="outline">
          <Link to="/campaigns/mes-ads">
            {t("empty.noCampaignsAction")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </EmptyPanel>
    );
  return (
    <EmptyPanel
      icon={<CalendarClock aria-hidden="true" className="size-6 text-primary" />}
      title={t("empty.historyTitle")}
    >
      <p>{t("empty.historyBody", { count: minHistoryDays })}</p>
      <ul className="grid gap-1 text-left">
        <li>{t("empty.historyStepSync")}</li>
        <li>{t("empty.historyStepBackfill")}</li>
        <li>{t("empty.historyStepMeanwhile")}</li>
      </ul>
      <Button asChild variant="outline">
        <Link to="/integrations">
          {t("empty.historyAction")}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </EmptyPanel>
  );
}

export function EmptyPanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10">{icon}</span>
      <h2 className="font-semibold text-lg tracking-tight">{title}</h2>
      <div className="flex max-w-xl flex-col items-center gap-4 text-muted-foreground text-sm">{children}</div>
    </div>
  );
}
