/**
 * /optimizer: what the optimizer recommends (apply, dismiss, undo), what if the total budget
 * changed, each campaign's response curve, the month's pacing, and how past recommendations
 * turned out. When it cannot work yet, it says what is missing.
 */
import { PauseCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HistoryCard } from "./history-card.tsx";
import { OptimizerEmptyState } from "./optimizer-empty.tsx";
import { OptimizerHeader } from "./optimizer-header.tsx";
import type { OptimizerPageData } from "./optimizer-page-types.ts";
import { PacingCard } from "./pacing-card.tsx";
import { RecommendationsSection } from "./recommendations-section.tsx";
import { ResponseCurvesCard } from "./response-curves-card.tsx";
import { RunSummary } from "./run-summary.tsx";
import { useOptimizerActions } from "./use-optimizer-actions.ts";
import { WhatIfCard } from "./what-if-card.tsx";

export function OptimizerScreen(props: OptimizerPageData) {
  const { t } = useTranslation("optimizer");
  const { overview, whatIf, curves, pacing, plan, canApply } = props;
  const actions = useOptimizerActions();
  const isReady = overview.readiness === "ready";
  const currency = overview.lastRun?.currency ?? whatIf.currency ?? curves.currency;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <OptimizerHeader
        plan={plan}
        isReady={isReady}
        isRecommending={actions.isRecommending}
        isBusy={actions.isBusy}
        campaignCount={curves.campaigns.length}
        onRecommend={actions.recommend}
      />

      {plan.autoApply && overview.automationPaused ? (
        <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t("page.automationPaused")}{" "}
            <Link to="/rules" className="font-medium underline underline-offset-4">
              {t("page.automationLink")}
            </Link>
          </span>
        </p>
      ) : null}

      {overview.readiness === "ready" ? (
        <>
          {overview.lastRun ? <RunSummary run={overview.lastRun} now={props.now} timeZone={props.timeZone} /> : null}
          <RecommendationsSection overview={overview} canApply={canApply} actions={actions} />
        </>
      ) : (
        <OptimizerEmptyState
          readiness={overview.readiness}
          hasAdPlatform={props.hasAdPlatform}
          minHistoryDays={props.minHistoryDays}
        />
      )}

      {whatIf.currency && whatIf.points.length > 0 ? (
        <WhatIfCard whatIf={{ ...whatIf, currency: whatIf.currency }} />
      ) : null}

      {curves.campaigns.length > 0 ? <ResponseCurvesCard campaigns={curves.campaigns} /> : null}

      <PacingCard pacing={pacing} />

      {isReady || overview.history.length > 0 ? (
        <HistoryCard
          history={overview.history}
          calibration={overview.calibration}
          outcomeDays={props.outcomeDays}
          currency={currency}
        />
      ) : null}
    </div>
  );
}
