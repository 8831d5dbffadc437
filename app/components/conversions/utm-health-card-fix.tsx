/**
 * The UTM health card's fix: a confirmation that shows the suffix each ad gets, then the fix sent
 * in pages of ten (progress "Fixing 20 of 45…"), then each ad's result. A page the server refuses
 * as a whole marks its ads failed with the reason; nothing is ever shown as fixed that was not.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { UntaggedAd, UtmFixResult } from "#core/utm-health/utm-health-types.ts";
import {
  BLOCKER_KEYS,
  OUTCOME_KEYS,
  UTM_FIX_CHUNK_SIZE,
  UTM_FIX_PATH,
  type UtmFixActionResult,
} from "./utm-health-card-types.ts";

interface FixRun {
  total: number;
  done: number;
  results: UtmFixResult[];
  isFinished: boolean;
}

/** Sends the fix page by page and keeps each ad's result as it comes back. */
function useUtmFixRun() {
  const { t } = useTranslation("utm-health");
  const revalidator = useRevalidator();
  const [run, setRun] = useState<FixRun | null>(null);
  const start = useCallback(
    async (ads: UntaggedAd[]) => {
      let state: FixRun = { total: ads.length, done: 0, results: [], isFinished: false };
      setRun(state);
      for (let from = 0; from < ads.length; from += UTM_FIX_CHUNK_SIZE) {
        const page = ads.slice(from, from + UTM_FIX_CHUNK_SIZE);
        let results: UtmFixResult[];
        try {
          const response = await fetch(UTM_FIX_PATH, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify({ adIds: page.map((ad) => ad.adId) }),
          });
          const answer = (await response.json()) as UtmFixActionResult;
          results = answer.ok
            ? answer.report.results
            : page.map((ad) => failed(ad, translateMessage(t, answer.message)));
        } catch {
          results = page.map((ad) => failed(ad, t("fix.noAnswer")));
        }
        state = { ...state, done: state.done + page.length, results: [...state.results, ...results] };
        setRun(state);
      }
      state = { ...state, isFinished: true };
      setRun(state);
      const fixed = state.results.filter((result) => result.outcome === "fixed").length;
      const notFixed = state.results.filter(
        (result) => result.outcome === "failed" || result.outcome === "refused",
      ).length;
      if (notFixed === 0) toast.success(t("toasts.fixed", { count: fixed }));
      else toast.error(t("toasts.partly", { fixed, failed: notFixed }));
      // The page's figures are read again: the fixed ads leave the list.
      void revalidator.revalidate();
    },
    [t, revalidator],
  );
  return { run, start, reset: () => setRun(null) };
}

function failed(ad: UntaggedAd, message: string): UtmFixResult {
  return {
    adId: ad.adId,
    adName: ad.adName,
    platform: ad.platform,
    outcome: "failed",
    message,
    blocker: null,
    suffixBefore: ad.urlSuffix,
    suffixAfter: ad.urlSuffix,
  };
}

/** The dialog of a fix: the suffix per ad, then the progress, then the results. `ads` empty: closed. */
export function UtmFixDialog({ ads, onClose }: { ads: UntaggedAd[]; onClose: () => void }) {
  const { t } = useTranslation("utm-health");
  const { run, start, reset } = useUtmFixRun();
  const isRunning = run !== null && !run.isFinished;
  const close = () => {
    if (isRunning) return;
    reset();
    onClose();
  };
  const names = new Map(ads.map((ad) => [ad.adId, ad]));
  return (
    <Dialog open={ads.length > 0} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-2xl" showCloseButton={!isRunning}>
        <DialogHeader>
          <DialogTitle>{t("fix.title", { count: ads.length })}</DialogTitle>
          <DialogDescription>{t("fix.description")}</DialogDescription>
        </DialogHeader>
        {run === null ? (
          <ul className="grid max-h-80 gap-3 overflow-y-auto" aria-label={t("fix.suffixesLabel")}>
            {ads.map((ad) => (
              <li key={ad.adId} className="grid gap-1 rounded-md border p-3">
                <span className="font-medium text-sm">
                  {ad.adName}{" "}
                  <span className="font-normal text-muted-foreground">
                    {platformName(ad.platform)} · {ad.campaignName}
                  </span>
                </span>
                <span className="text-muted-foreground text-xs">{t("fix.suffixToSet")}</span>
                <code className="break-all rounded bg-muted px-2 py-1 font-mono text-xs">{ad.proposedSuffix}</code>
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <p className="text-sm" aria-live="polite">
                {run.isFinished
                  ? t("fix.finished", { count: run.results.filter((result) => result.outcome === "fixed").length })
                  : t("fix.progress", { done: run.done, total: run.total })}
              </p>
              <Progress value={run.done} max={run.total} aria-label={t("fix.progressLabel")} />
            </div>
            <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label={t("fix.resultsLabel")}>
              {run.results.map((result) => (
                <FixResultRow
                  key={result.adId}
                  result={result}
                  name={names.get(result.adId)?.adName ?? result.adName}
                />
              ))}
            </ul>
          </div>
        )}
        <DialogFooter>
          {run === null ? (
            <>
              <Button variant="outline" onClick={close}>
                {t("fix.cancel")}
              </Button>
              <Button onClick={() => void start(ads)}>{t("fix.confirm", { count: ads.length })}</Button>
            </>
          ) : (
            <Button onClick={close} disabled={isRunning}>
              {t("fix.close")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function FixResultRow({ result, name }: { result: UtmFixResult; name: string }) {
  const { t } = useTranslation("utm-health");
  const tone =
    result.outcome === "fixed"
      ? "text-emerald-700 dark:text-emerald-400"
      : result.outcome === "unchanged"
        ? "text-muted-foreground"
        : "text-destructive";
  // A refusal is worded from its reason; a platform's failure is its own answer.
  const detail =
    result.outcome === "failed"
      ? result.message
      : result.outcome === "refused" && result.blocker
        ? t(BLOCKER_KEYS[result.blocker], { platform: result.platform ? platformName(result.platform) : "" })
        : result.outcome === "unchanged"
          ? t("outcomes.unchangedDetail")
          : null;
  return (
    <li className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
      <span className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{name}</span>
        <span className={`font-medium text-xs ${tone}`}>{t(OUTCOME_KEYS[result.outcome])}</span>
      </span>
      {detail ? <span className="text-muted-foreground text-xs">{detail}</span> : null}
    </li>
  );
}
