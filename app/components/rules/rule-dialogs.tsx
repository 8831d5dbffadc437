/**
 * The two confirmations of a rule's life: activating it (it will then change campaigns on the
 * platforms, so the dialog says what, when and on which campaigns) and deleting it.
 */
import { Play, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import type { Rule } from "#core/rules/rule-types.ts";
import { useRuleText } from "./use-rule-text.ts";

export function ActivateRuleDialog({
  rule,
  currency,
  isAutomationPaused,
  onConfirm,
  children,
}: {
  rule: Pick<Rule, "name" | "definition">;
  currency: string;
  isAutomationPaused: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("rules");
  const text = useRuleText(currency);
  const changesCampaigns = rule.definition.actions.some((action) => action.kind !== "notify");
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("activate.title", { name: rule.name })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-3">
              <p>{t("activate.what", { rule: text.rule(rule.definition) })}</p>
              <p>{t("activate.when", { schedule: text.schedule(rule.definition.schedule) })}</p>
              <p>{changesCampaigns ? t("activate.changes") : t("activate.notifyOnly")}</p>
              {isAutomationPaused ? (
                <p className="font-medium text-amber-700 dark:text-amber-400">{t("activate.automationPaused")}</p>
              ) : null}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("dialogs.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>
            <Play aria-hidden="true" />
            {t("activate.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Controlled: opened from a menu item or a button, so the menu can close first. */
export function DeleteRuleDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("rules");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("delete.title", { name })}</AlertDialogTitle>
          <AlertDialogDescription>{t("delete.body")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("dialogs.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            <Trash2 aria-hidden="true" />
            {t("delete.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
