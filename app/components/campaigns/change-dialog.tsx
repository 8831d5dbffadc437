import { ArrowRight, CircleCheck, CircleMinus, CircleX, Loader2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { ChangePreview, RequestedChange } from "../../../core/campaigns/campaign-change-types.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Progress } from "../ui/progress.tsx";
import { RadioGroup, RadioGroupItem } from "../ui/radio-group.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { PlatformName } from "./campaign-cells.tsx";
import {
  type BudgetForm,
  type BulkAction,
  budgetChangeFrom,
  budgetFormSchema,
  type CampaignActionResult,
  MAX_REASON_LENGTH,
} from "./change-request.ts";
import { countOutcomes, describeSettings, outcomeSentence } from "./change-summary.ts";
import { type AppliedItem, type ApplyRun, useChunkedApply } from "./use-chunked-apply.ts";

/** What a change applies to: ticked rows, or every campaign the table's filters match. */
export type ChangeTarget =
  | { kind: "ids"; ids: string[]; count: number; currencies: string[]; campaignName?: string }
  | { kind: "matching"; search: string; count: number; currencies: string[] };

/** A preview shows this many rows; the rest are counted. */
const PREVIEW_ROWS_SHOWN = 200;

const ACTION_TITLES: Record<BulkAction, string> = {
  pause: "Pause",
  enable: "Enable",
  set_budget: "Set daily budget",
};

const count = (value: number) => value.toLocaleString("en-US");
const campaignsWord = (value: number) => `${count(value)} ${value === 1 ? "campaign" : "campaigns"}`;

/**
 * Pause, enable or set a daily budget for one campaign or a selection: (for budgets) the amount,
 * then before → after for each campaign as the server computes it, an optional reason, and on
 * confirmation a progress bar and each campaign's result. Closing is held while changes are sent.
 */
export function ChangeDialog({
  action,
  target,
  onClose,
}: {
  action: BulkAction | null;
  target: ChangeTarget | null;
  onClose: () => void;
}) {
  // A new flow starts each time the dialog opens; its content stays while it animates out.
  const last = useRef<{ action: BulkAction; target: ChangeTarget; session: number } | null>(null);
  const wasOpen = useRef(false);
  if (action && target && !wasOpen.current)
    last.current = { action, target, session: (last.current?.session ?? 0) + 1 };
  wasOpen.current = Boolean(action && target);
  const isOpen = Boolean(action && target);
  const [isBusy, setIsBusy] = useState(false);
  const shown = last.current;
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      {shown ? (
        <DialogContent
          className="gap-5 sm:max-w-2xl"
          showCloseButton={!isBusy}
          onEscapeKeyDown={(event) => isBusy && event.preventDefault()}
          onInteractOutside={(event) => isBusy && event.preventDefault()}
        >
          <ChangeFlow
            key={shown.session}
            action={shown.action}
            target={shown.target}
            onBusyChange={setIsBusy}
            onClose={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ChangeFlow({
  action,
  target,
  onBusyChange,
  onClose,
}: {
  action: BulkAction;
  target: ChangeTarget;
  onBusyChange: (isBusy: boolean) => void;
  onClose: () => void;
}) {
  const revalidator = useRevalidator();
  const [change, setChange] = useState<RequestedChange | null>(action === "set_budget" ? null : { action });
  const [budgetForm, setBudgetForm] = useState<BudgetForm>({ mode: "percent", value: "" });
  const currency = target.currencies.length === 1 ? (target.currencies[0] ?? null) : null;
  const { run, start, stop } = useChunkedApply((results) => {
    const counts = countOutcomes(results);
    const sentence = outcomeSentence(counts);
    const show = counts.failed === 0 ? toast.success : counts.succeeded === 0 ? toast.error : toast.warning;
    show(sentence, {
      description: counts.failed > 0 ? "The failed campaigns and the platforms' reasons are listed." : undefined,
    });
    void revalidator.revalidate();
  });
  const isRunning = run !== null && run.status !== "finished";
  useEffect(() => onBusyChange(isRunning), [isRunning, onBusyChange]);

  const title =
    target.kind === "ids" && target.count === 1 && target.campaignName
      ? `${ACTION_TITLES[action]}: ${target.campaignName}`
      : ACTION_TITLES[action];
  const description =
    target.kind === "matching"
      ? `Every campaign matching your filters: ${campaignsWord(target.count)}.`
      : `${campaignsWord(target.count)} selected.`;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="pr-6 leading-snug">{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {run ? (
        <ApplyProgress run={run} onStop={stop} onClose={onClose} />
      ) : change ? (
        <PreviewStep
          action={action}
          change={change}
          target={target}
          absoluteCurrency={change.action === "set_budget" && change.budget.kind === "absolute" ? currency : null}
          onBack={action === "set_budget" ? () => setChange(null) : undefined}
          onCancel={onClose}
          onConfirm={(ids, reason, previews) => start({ change, ids, reason, previews })}
        />
      ) : (
        <BudgetStep
          currencies={target.currencies}
          currency={currency}
          initial={budgetForm}
          onCancel={onClose}
          onSubmit={(form) => {
            setBudgetForm(form);
            setChange(budgetChangeFrom(form, currency));
          }}
        />
      )}
    </>
  );
}

function BudgetStep({
  currencies,
  currency,
  initial,
  onCancel,
  onSubmit,
}: {
  currencies: string[];
  currency: string | null;
  initial: BudgetForm;
  onCancel: () => void;
  onSubmit: (form: BudgetForm) => void;
}) {
  const id = useId();
  const canSetAmount = currency !== null;
  const [mode, setMode] = useState<BudgetForm["mode"]>(canSetAmount ? initial.mode : "percent");
  const [value, setValue] = useState(initial.value);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = budgetFormSchema(currency).safeParse({ mode, value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the amount.");
      return;
    }
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <RadioGroup
        value={mode}
        onValueChange={(next) => {
          setMode(next === "absolute" ? "absolute" : "percent");
          setError(null);
        }}
        aria-label="How to change the daily budget"
        className="grid gap-2 sm:grid-cols-2"
      >
        <ModeOption
          id={`${id}-percent`}
          value="percent"
          label="Change by a percentage"
          hint="e.g. +10 or −20, from each campaign's own budget"
        />
        <ModeOption
          id={`${id}-absolute`}
          value="absolute"
          label="Set an amount"
          hint={
            canSetAmount
              ? `The same daily budget in ${currency} for each campaign`
              : currencies.length > 1
                ? `These campaigns use ${currencies.join(" and ")}: use a percentage`
                : "Choose campaigns on this page to set an amount"
          }
          isDisabled={!canSetAmount}
        />
      </RadioGroup>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-value`}>{mode === "percent" ? "Change (%)" : `Daily budget (${currency})`}</Label>
        <div className="relative">
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            placeholder={mode === "percent" ? "-20" : "50.00"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="pr-12 tabular-nums"
            autoFocus
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground text-sm">
            {mode === "percent" ? "%" : currency}
          </span>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          Review changes
          <ArrowRight aria-hidden="true" />
        </Button>
      </DialogFooter>
    </form>
  );
}

function ModeOption({
  id,
  value,
  label,
  hint,
  isDisabled = false,
}: {
  id: string;
  value: string;
  label: string;
  hint: string;
  isDisabled?: boolean;
}) {
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-md border p-3 has-data-[state=checked]:border-primary/50 has-data-[state=checked]:bg-primary/5",
        isDisabled && "opacity-60",
      )}
    >
      <RadioGroupItem id={id} value={value} disabled={isDisabled} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** An absolute amount is in one currency: campaigns in another cannot take it. */
function withCurrencyCheck(preview: ChangePreview, absoluteCurrency: string | null): ChangePreview {
  if (!absoluteCurrency || preview.currency === absoluteCurrency || preview.problem) return preview;
  return { ...preview, problem: `Its budget is in ${preview.currency}; this amount is in ${absoluteCurrency}.` };
}

function PreviewStep({
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
        Checking {target.count === 1 ? "the campaign" : campaignsWord(target.count)}…
      </div>
    );
  if (!answer.ok || answer.intent !== "preview")
    return (
      <>
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-destructive text-sm"
        >
          {answer.ok ? "Something went wrong." : answer.message}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onBack ?? onCancel}>
            {onBack ? "Back" : "Close"}
          </Button>
        </DialogFooter>
      </>
    );

  const previews = answer.previews.map((preview) => withCurrencyCheck(preview, absoluteCurrency));
  const actionable = previews.filter((preview) => !preview.isUnchanged && !preview.problem);
  const unchanged = previews.filter((preview) => preview.isUnchanged && !preview.problem).length;
  const impossible = previews.filter((preview) => preview.problem).length;
  const verb = action === "pause" ? "Pause" : action === "enable" ? "Enable" : "Update";

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
        <span className="font-medium">{campaignsWord(actionable.length)} will change.</span>
        {unchanged > 0 ? <span className="text-muted-foreground"> {count(unchanged)} already as asked.</span> : null}
        {impossible > 0 ? <span className="text-destructive"> {count(impossible)} cannot change.</span> : null}
      </p>
      <div className="max-h-[min(40svh,22rem)] overflow-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Before and after, per campaign</caption>
          <thead className="sticky top-0 bg-muted text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Campaign
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Before
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                After
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
                  {describeSettings(preview.before, preview.currency)}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {preview.problem ? (
                    <span className="text-destructive">{preview.problem}</span>
                  ) : preview.isUnchanged ? (
                    <span className="text-muted-foreground">Unchanged</span>
                  ) : (
                    <span className="whitespace-nowrap font-medium">
                      {describeSettings(preview.after, preview.currency)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {previews.length > PREVIEW_ROWS_SHOWN ? (
          <p className="border-t px-3 py-2 text-muted-foreground text-xs">
            And {campaignsWord(previews.length - PREVIEW_ROWS_SHOWN)} more.
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>
          Reason <span className="font-normal text-muted-foreground">(optional, saved in the change history)</span>
        </Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. Cutting spend on low-ROAS campaigns before the weekend"
          rows={2}
        />
      </div>
      <DialogFooter>
        {onBack ? (
          <Button variant="outline" onClick={onBack} className="sm:mr-auto">
            Back
          </Button>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={actionable.length === 0}>
          {verb} {campaignsWord(actionable.length)}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ApplyProgress({ run, onStop, onClose }: { run: ApplyRun; onStop: () => void; onClose: () => void }) {
  const labelId = useId();
  const counts = countOutcomes(run.results);
  const isFinished = run.status === "finished";
  const failures = run.results.filter((result) => result.outcome === "failed");
  const ordered = [
    ...failures,
    ...run.results.filter((result) => result.outcome === "skipped"),
    ...run.results.filter((result) => result.outcome === "succeeded"),
  ];
  const label = isFinished
    ? `Done: ${outcomeSentence(counts)}`
    : run.status === "stopping"
      ? `Stopping after this step… ${count(run.done)} of ${count(run.total)}`
      : `Updating ${count(Math.min(run.done + 1, run.total))} of ${count(run.total)}…`;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <p id={labelId} className="font-medium text-sm tabular-nums" aria-live="polite">
          {label}
        </p>
        <Progress value={run.done} max={Math.max(run.total, 1)} aria-labelledby={labelId} />
      </div>
      {isFinished && failures.length > 0 ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <span className="font-medium text-destructive">
            {failures.length === 1 ? "1 campaign failed" : `${count(failures.length)} campaigns failed`}:
          </span>{" "}
          {failures
            .slice(0, 5)
            .map((failure) => failure.campaignName)
            .join(", ")}
          {failures.length > 5 ? ` and ${count(failures.length - 5)} more` : ""}. Each one's reason is below.
        </p>
      ) : null}
      {ordered.length > 0 ? (
        <ul aria-label="Results" className="max-h-[min(40svh,22rem)] divide-y overflow-auto rounded-lg border text-sm">
          {ordered.map((result) => (
            <ResultItem key={`${result.campaignId}-${result.changeId ?? result.outcome}`} result={result} />
          ))}
        </ul>
      ) : null}
      <DialogFooter>
        {isFinished ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <Button variant="outline" onClick={onStop} disabled={run.status === "stopping"}>
            {run.status === "stopping" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Stop
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

const OUTCOME_ICONS = {
  succeeded: { icon: CircleCheck, className: "text-success", label: "Updated" },
  failed: { icon: CircleX, className: "text-destructive", label: "Failed" },
  skipped: { icon: CircleMinus, className: "text-muted-foreground", label: "Skipped" },
} as const;

function ResultItem({ result }: { result: AppliedItem }) {
  const { icon: Icon, className, label } = OUTCOME_ICONS[result.outcome];
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", className)} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{result.campaignName}</span>
          <span className={cn("shrink-0 text-xs", className)}>{label}</span>
        </p>
        {result.outcome === "succeeded" ? (
          <p className="text-muted-foreground text-xs tabular-nums">
            {describeSettings(result.before, result.currency)} → {describeSettings(result.after, result.currency)}
          </p>
        ) : (
          <p className={cn("text-xs", result.outcome === "failed" ? "text-destructive" : "text-muted-foreground")}>
            {result.message}
          </p>
        )}
      </div>
    </li>
  );
}
