import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ChangeItemResult, ChangePreview, RequestedChange } from "#core/campaigns/campaign-change-types.ts";
import { APPLY_CHUNK_SIZE, type CampaignActionResult } from "./change-request.ts";

/** A campaign's result with its currency (from the preview), to show budgets as money. */
export type AppliedItem = ChangeItemResult & { currency: string | null };

export interface ApplyRun {
  total: number;
  done: number;
  results: AppliedItem[];
  status: "running" | "stopping" | "finished";
}

interface PendingRun {
  batchId: string;
  change: RequestedChange;
  reason: string;
  chunks: string[][];
  next: number;
  total: number;
  done: number;
  results: AppliedItem[];
  previews: ReadonlyMap<string, ChangePreview>;
}

/**
 * Applies a change to a selection in chunks of ten, one request after another under one batch id,
 * so the dialog can show "Updating 23 of 120…" and each campaign's result as it comes in. A chunk
 * the server refuses as a whole marks its campaigns failed with the reason; the next chunk still
 * goes. `onFinished` gets every result once the last chunk (or a stop) is done.
 */
export function useChunkedApply(onFinished: (results: AppliedItem[]) => void) {
  const { t } = useTranslation("campaigns");
  const fetcher = useFetcher<CampaignActionResult>();
  const [run, setRun] = useState<ApplyRun | null>(null);
  const pending = useRef<PendingRun | null>(null);
  const isStopRequested = useRef(false);
  const handled = useRef<unknown>(null);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  const submitRef = useRef(fetcher.submit);
  submitRef.current = fetcher.submit;

  const sendNext = useCallback(() => {
    const current = pending.current;
    if (!current) return;
    const ids = current.chunks[current.next];
    if (!ids) return;
    void submitRef.current(
      { intent: "apply", change: current.change, ids, batchId: current.batchId, reason: current.reason },
      { method: "post", encType: "application/json" },
    );
  }, []);

  useEffect(() => {
    const current = pending.current;
    const answer = fetcher.data;
    if (!current || fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    const ids = current.chunks[current.next] ?? [];
    const results: AppliedItem[] = (
      answer.ok && answer.intent === "apply"
        ? answer.result.results
        : ids.map((id) => failedItem(current.previews.get(id), id, answer.ok ? t("progress.noAnswer") : answer.message))
    ).map((result) => ({ ...result, currency: current.previews.get(result.campaignId)?.currency ?? null }));
    current.next += 1;
    current.done += ids.length;
    current.results = [...current.results, ...results];
    const isLast = current.next >= current.chunks.length || isStopRequested.current;
    setRun({
      total: current.total,
      done: current.done,
      results: current.results,
      status: isLast ? "finished" : isStopRequested.current ? "stopping" : "running",
    });
    if (isLast) {
      pending.current = null;
      onFinishedRef.current(current.results);
    } else sendNext();
  }, [fetcher.state, fetcher.data, sendNext, t]);

  const start = useCallback(
    (input: { change: RequestedChange; ids: string[]; reason: string; previews: ChangePreview[] }) => {
      const chunks: string[][] = [];
      for (let index = 0; index < input.ids.length; index += APPLY_CHUNK_SIZE)
        chunks.push(input.ids.slice(index, index + APPLY_CHUNK_SIZE));
      isStopRequested.current = false;
      pending.current = {
        batchId: crypto.randomUUID(),
        change: input.change,
        reason: input.reason,
        chunks,
        next: 0,
        total: input.ids.length,
        done: 0,
        results: [],
        previews: new Map(input.previews.map((preview) => [preview.campaignId, preview])),
      };
      setRun({ total: input.ids.length, done: 0, results: [], status: "running" });
      sendNext();
    },
    [sendNext],
  );

  const stop = useCallback(() => {
    isStopRequested.current = true;
    setRun((state) => (state && state.status === "running" ? { ...state, status: "stopping" } : state));
  }, []);

  const reset = useCallback(() => {
    pending.current = null;
    setRun(null);
  }, []);

  return { run, start, stop, reset };
}

function failedItem(preview: ChangePreview | undefined, id: string, message: string): ChangeItemResult {
  return {
    campaignId: id,
    campaignName: preview?.campaignName ?? id,
    platform: preview?.platform ?? "google-ads",
    outcome: "failed",
    message,
    changeId: null,
    before: preview?.before ?? {},
    after: preview?.after ?? {},
  };
}
