import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { ChangePreview, RequestedChange } from "#core/campaigns/campaign-change-types.ts";
import { PlatformName } from "./campaign-cells.tsx";
import { type ChangeTarget, withCurrencyCheck } from "./change-dialog-helpers.ts";
import { type BulkAction, type CampaignActionResult, MAX_REASON_LENGTH } from "./change-request.ts";
import { describeSettings } from "./change-summary.ts";

/** A preview shows this many rows; the rest are counted. */
const PREVIEW_ROWS_SHOWN = 200;

/** The confirm button: "Pause 3 campaigns", "Update 1 campaign". */
const CONFIRM_KEYS = {
  pause: "preview.confirmPause",
  enable: "preview.confirmEnable",
  set_budget: "preview.confirmUpdate",
} as const satisfies Record<BulkAction, string>;

/** Before → after for each campaign as the server computes it, an optional reason, and the confirmation. */
export function PreviewStep({
  action,
  change,
  target,
  absoluteCurrency,
  onBack,
  onCancel,
  onConfirm,
}: {
  action: BulkAction;
  change: RequestedChange;
  target: ChangeTarget;
  absoluteCurrency: string | null;
  onBack?: () => void;
  onCancel: () => void;
  onConfirm: (ids: string[], reason: string, previews: ChangePreview[]) => void;
}) {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const id = useId();
  const fetcher = useFetcher<CampaignActionResult>();
  const [reason, setReason] = useState("");
  const hasAsked = useRef(false);
  const submit = fetcher.submit;
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    void submit(
      {
        intent: "preview",
        change,
        target: target.kind === "ids" ? { kind: "ids", ids: target.ids } : { kind: "matching", search: target.search },
      },
      { method: "post", encType: "application/json" },
    );
  }, [submit, change, target]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (!answer)
    return (
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm" role="status">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-muted-foreground" />
        {t("preview.checking", { count: target.count })}
      </div>
    );
  if (!answer.ok || answer.intent !== "preview")
    return (
      <>
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-destructive text-sm"
        >
          {answer.ok ? t("preview.failed") : answer.message}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onBack ?? onCancel}>
            {onBack ? t("dialog.back") : t("dialog.close")}
          </Button>
        </DialogFooter>
      </>
    );

  const previews = answer.previews.map((preview) => withCurrencyCheck(preview, absoluteCurrency, t));
  const actionable = previews.filter((preview) => !preview.isUnchanged && !preview.problem);
  const unchanged = previews.filter((preview) => preview.isUnchanged && !preview.problem).length;
  const impossible = previews.filter((preview) => preview.problem).length;

  return (
    <form
      className="grid min-w-0 gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(
          actionable.map((preview) => preview.campaignId),
          reason.trim(),
          previews,
        );
      }}
    >
      <p className="text-sm" aria-live="polite">
        <span className="font-medium">{t("preview.willChange", { count: actionable.length })}</span>
        {unchanged > 0 ? (
          <span className="text-muted-foreground"> {t("preview.unchanged", { count: unchanged })}</span>
        ) : null}
        {impossible > 0 ? (
          <span className="text-destructive"> {t("preview.impossible", { count: impossible })}</span>
        ) : null}
      </p>
      <div className="max-h-[min(40svh,22rem)] overflow-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("preview.caption")}</caption>
          <thead className="sticky top-0 bg-muted text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("preview.campaign")}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("preview.before")}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("preview.after")}
              </th>
            </tr>
          </thead>
          <tbody>
            {previews.slice(0, PREVIEW_ROWS_SHOWN).map((preview) => (
              <tr key={preview.campaignId} className="border-t align-top">
                <th scope="row" className="max-w-56 px-3 py-2 text-left font-normal">
                  <span className="flex min-w-0 items-center gap-2">
                    <PlatformName platform={preview.platform} isNameHidden />
                    <span className="truncate" title={preview.campaignName}>
                      {preview.campaignName}
                    </span>
                  </span>
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground tabular-nums">
                  {describeSettings(preview.before, preview.currency, t, locale)}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {preview.problem ? (
                    <span className="text-destructive">{preview.problem}</span>
                  ) : preview.isUnchanged ? (
                    <span className="text-muted-foreground">{t("preview.unchangedCell")}</span>
                  ) : (
                    <span className="whitespace-nowrap font-medium">
                      {describeSettings(preview.after, preview.currency, t, locale)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {previews.length > PREVIEW_ROWS_SHOWN ? (
          <p className="border-t px-3 py-2 text-muted-foreground text-xs">
            {t("preview.more", { count: previews.length - PREVIEW_ROWS_SHOWN })}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>
          {t("preview.reason")} <span className="font-normal text-muted-foreground">{t("preview.reasonHint")}</span>
        </Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t("preview.reasonPlaceholder")}
          rows={2}
        />
      </div>
      <DialogFooter>
        {onBack ? (
          <Button variant="outline" onClick={onBack} className="sm:mr-auto">
            {t("dialog.back")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" disabled={actionable.length === 0}>
          {t(CONFIRM_KEYS[action], { count: actionable.length })}
        </Button>
      </DialogFooter>
    </form>
  );
}
