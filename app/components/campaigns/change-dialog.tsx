import { ArrowRight } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { RequestedChange } from "#core/campaigns/campaign-change-types.ts";
import { ApplyProgress } from "./apply-progress.tsx";
import type { ChangeTarget } from "./change-dialog-helpers.ts";
import { PreviewStep } from "./change-preview-step.tsx";
import {
  type BudgetForm,
  type BulkAction,
  budgetChangeFrom,
  budgetErrorValues,
  budgetFormSchema,
} from "./change-request.ts";
import { countOutcomes, outcomeSentence } from "./change-summary.ts";
import { useChunkedApply } from "./use-chunked-apply.ts";

const ACTION_TITLES = {
  pause: "dialog.pause",
  enable: "dialog.enable",
  set_budget: "dialog.setBudget",
} as const satisfies Record<BulkAction, string>;

/** The title when the change is for one named campaign ("Pause: Brand Search"). */
const ACTION_TITLES_FOR_ONE = {
  pause: "dialog.pauseOne",
  enable: "dialog.enableOne",
  set_budget: "dialog.setBudgetOne",
} as const satisfies Record<BulkAction, string>;

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
  const { t } = useTranslation("campaigns");
  const revalidator = useRevalidator();
  const [change, setChange] = useState<RequestedChange | null>(action === "set_budget" ? null : { action });
  const [budgetForm, setBudgetForm] = useState<BudgetForm>({ mode: "percent", value: "" });
  const currency = target.currencies.length === 1 ? (target.currencies[0] ?? null) : null;
  const { run, start, stop } = useChunkedApply((results) => {
    const counts = countOutcomes(results);
    const sentence = outcomeSentence(counts, t);
    const show = counts.failed === 0 ? toast.success : counts.succeeded === 0 ? toast.error : toast.warning;
    show(sentence, {
      description: counts.failed > 0 ? t("dialog.failedToast") : undefined,
    });
    void revalidator.revalidate();
  });
  const isRunning = run !== null && run.status !== "finished";
  useEffect(() => onBusyChange(isRunning), [isRunning, onBusyChange]);

  const title =
    target.kind === "ids" && target.count === 1 && target.campaignName
      ? t(ACTION_TITLES_FOR_ONE[action], { name: target.campaignName })
      : t(ACTION_TITLES[action]);
  const description =
    target.kind === "matching"
      ? t("dialog.matching", { count: target.count })
      : t("dialog.selected", { count: target.count });

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
          onSubmit={(typed, parsed) => {
            setBudgetForm(typed);
            setChange(budgetChangeFrom(parsed, currency));
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
  /** What was typed (shown again on Back) and what it means. */
  onSubmit: (typed: BudgetForm, parsed: BudgetForm) => void;
}) {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const id = useId();
  const canSetAmount = currency !== null;
  const [mode, setMode] = useState<BudgetForm["mode"]>(canSetAmount ? initial.mode : "percent");
  const [value, setValue] = useState(initial.value);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = budgetFormSchema(currency, locale).safeParse({ mode, value });
    if (!parsed.success) {
      // The schema's messages are keys of this catalog.
      const key = parsed.error.issues[0]?.message ?? "budget.errors.check";
      setError(t(key, { ...budgetErrorValues(currency), defaultValue: t("budget.errors.check") }));
      return;
    }
    onSubmit({ mode, value }, parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <RadioGroup
        value={mode}
        onValueChange={(next) => {
          setMode(next === "absolute" ? "absolute" : "percent");
          setError(null);
        }}
        aria-label={t("budget.modeLabel")}
        className="grid gap-2 sm:grid-cols-2"
      >
        <ModeOption id={`${id}-percent`} value="percent" label={t("budget.percent")} hint={t("budget.percentHint")} />
        <ModeOption
          id={`${id}-absolute`}
          value="absolute"
          label={t("budget.absolute")}
          hint={
            canSetAmount
              ? t("budget.absoluteHint", { currency })
              : currencies.length > 1
                ? t("budget.mixedCurrencies", {
                    currencies: new Intl.ListFormat(locale, { type: "conjunction" }).format(currencies),
                  })
                : t("budget.unknownCurrency")
          }
          isDisabled={!canSetAmount}
        />
      </RadioGroup>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-value`}>
          {mode === "percent" ? t("budget.percentLabel") : t("budget.amountLabel", { currency })}
        </Label>
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
            placeholder={mode === "percent" ? "-20" : examplePlaceholder(currency, locale)}
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
          {t("dialog.cancel")}
        </Button>
        <Button type="submit">
          {t("budget.review")}
          <ArrowRight aria-hidden="true" />
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "50.00", "50,00" for a German reader, "50" for a currency without decimals. */
function examplePlaceholder(currency: string | null, locale: string): string {
  const decimals = budgetErrorValues(currency).count;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(50);
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
