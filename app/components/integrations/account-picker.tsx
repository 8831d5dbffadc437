import { Loader2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { PlanLimitAlert } from "#app/components/billing/plan-limit-alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ConnectionView } from "./integrations-types.ts";
import type { ActionFetcher } from "./use-action-fetcher.ts";

/**
 * Which of a connection's ad accounts Adhelm manages: a checkbox per account and a Save that posts
 * intent "choose-accounts" with every checked `adAccountIds`. The first choice, straight after
 * consent, starts with every account checked and tells the server so ("Connection successful!").
 */
export function AccountPicker({
  connection,
  platformName,
  fetcher,
  isFirstChoice = false,
  footer,
}: {
  connection: ConnectionView;
  platformName: string;
  fetcher: ActionFetcher;
  isFirstChoice?: boolean;
  /** Extra buttons beside Save (a dialog's Cancel). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation("integrations");
  const { accounts } = connection;
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(accounts.filter((account) => isFirstChoice || account.isManaged).map((account) => account.id)),
  );
  const baseId = useId();
  const errorId = `${baseId}-error`;
  // A role that may not manage connections sees which accounts are managed, read-only, and why.
  const refusal = useRefusalReason()("connections.manage");
  const refusalId = `${baseId}-refusal`;
  const isSaving = fetcher.state !== "idle";
  // The plan's ad account limit refused the choice: said here, with Upgrade (a toast's button
  // cannot be reached beside the modal dialog this picker lives in).
  const answer = isSaving ? undefined : fetcher.data;
  const limitRefusal = answer && !answer.ok && answer.limit ? answer.toast : null;
  const isLocked = isSaving || refusal !== null;
  const isNoneChosen = selected.size === 0;
  const isUnchanged = !isFirstChoice && accounts.every((account) => account.isManaged === selected.has(account.id));
  const isAllChosen = accounts.length > 0 && selected.size === accounts.length;

  const toggle = (id: string, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (isChecked: boolean) =>
    setSelected(isChecked ? new Set(accounts.map((account) => account.id)) : new Set());

  if (accounts.length === 0)
    return (
      <div className="grid gap-4">
        <p className="rounded-md border border-dashed p-4 text-muted-foreground text-sm">
          {t("accountPicker.noAccounts", { platform: platformName })}
        </p>
        {footer ? <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
      </div>
    );

  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      aria-label={t("accountPicker.formLabel", { platform: platformName })}
    >
      <input type="hidden" name="intent" value="choose-accounts" />
      <input type="hidden" name="connectionId" value={connection.id} />
      <input type="hidden" name="isFirstChoice" value={isFirstChoice ? "true" : "false"} />
      {[...selected].map((id) => (
        <input key={id} type="hidden" name="adAccountIds" value={id} />
      ))}
      {refusal ? (
        <p id={refusalId} role="note" className="text-muted-foreground text-sm">
          {refusal}
        </p>
      ) : null}
      <fieldset className="grid gap-2" aria-describedby={refusal ? refusalId : isNoneChosen ? errorId : undefined}>
        <legend className="sr-only">{t("accountPicker.legend")}</legend>
        <div className="flex items-center justify-between gap-4 border-b pb-2">
          <div className="flex items-center gap-3">
            <Checkbox
              id={`${baseId}-all`}
              checked={isAllChosen ? true : isNoneChosen ? false : "indeterminate"}
              onCheckedChange={(checked) => toggleAll(checked === true)}
              disabled={isLocked}
            />
            <Label htmlFor={`${baseId}-all`}>{t("accountPicker.selectAll")}</Label>
          </div>
          <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
            {t("accountPicker.selected", { selected: selected.size, total: accounts.length })}
          </p>
        </div>
        <ul className="-mx-1 grid max-h-72 gap-1 overflow-y-auto px-1">
          {accounts.map((account) => {
            const id = `${baseId}-${account.id}`;
            const isChecked = selected.has(account.id);
            return (
              <li key={account.id}>
                <div
                  className={cn(
                    "flex items-start gap-3 rounded-md border p-3 transition-colors",
                    isChecked ? "border-primary/40 bg-primary/5" : "border-border",
                  )}
                >
                  <Checkbox
                    id={id}
                    checked={isChecked}
                    onCheckedChange={(checked) => toggle(account.id, checked === true)}
                    disabled={isLocked}
                    aria-describedby={`${id}-details`}
                    className="mt-0.5"
                  />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <Label htmlFor={id} className="break-words leading-snug">
                      {account.name}
                    </Label>
                    <p id={`${id}-details`} className="text-muted-foreground text-xs">
                      <span className="font-mono">{account.externalId}</span>
                      <span aria-hidden="true"> · </span>
                      <span className="sr-only">{t("accountPicker.currency")}</span>
                      {account.currency}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {isNoneChosen ? (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {t("accountPicker.noneChosen")}
        </p>
      ) : null}
      {limitRefusal ? <PlanLimitAlert title={limitRefusal.title} message={limitRefusal.description ?? ""} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {footer}
        <Button
          type="submit"
          disabled={isLocked || isNoneChosen || isUnchanged}
          aria-busy={isSaving}
          aria-describedby={refusal ? refusalId : undefined}
        >
          {isSaving ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {t("accountPicker.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
