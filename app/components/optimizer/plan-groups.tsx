import { Layers, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { BudgetPlanGroup } from "#core/budgets/budget-plan-types.ts";
import { PlanGroupDialog } from "./plan-group-dialog.tsx";
import { usePlanSubmit } from "./plan-submit.ts";
import type { PlanPageData } from "./plan-types.ts";

/** The plan's groups with their monthly limits: add, edit and delete (owners and admins). */
export function PlanGroups({ plan, canManage }: { plan: PlanPageData; canManage: boolean }) {
  const { t } = useTranslation("budgets");
  // The group being edited, a new one ("new"), or none.
  const [editing, setEditing] = useState<BudgetPlanGroup | "new" | null>(null);
  const [deleting, setDeleting] = useState<BudgetPlanGroup | null>(null);
  const remover = usePlanSubmit({ successToast: t("groups.deleted"), onSaved: () => setDeleting(null) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("groups.title")}</h2>
        </CardTitle>
        <CardDescription>{t("groups.description")}</CardDescription>
        {canManage ? (
          <CardAction>
            <Button size="sm" variant="outline" onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" />
              {t("groups.add")}
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        {plan.groups.length === 0 ? (
          <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
            <Layers aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("groups.empty")}
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {plan.groups.map((group) => (
              <GroupItem
                key={group.id}
                group={group}
                currency={plan.currency}
                canManage={canManage}
                onEdit={() => setEditing(group)}
                onDelete={() => setDeleting(group)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {editing !== null ? (
        <PlanGroupDialog plan={plan} group={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("groups.deleteTitle", { name: deleting?.name ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>{t("groups.deleteBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("groups.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              disabled={remover.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (deleting) remover.submit("deleteGroup", { groupId: deleting.id });
              }}
            >
              {t("groups.confirmDelete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function GroupItem({
  group,
  currency,
  canManage,
  onEdit,
  onDelete,
}: {
  group: BudgetPlanGroup;
  currency: string | null;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const limits = [
    group.minMonthlyMinor !== null && currency
      ? t("groups.min", { amount: format.money(group.minMonthlyMinor, currency) })
      : null,
    group.maxMonthlyMinor !== null && currency
      ? t("groups.max", { amount: format.money(group.maxMonthlyMinor, currency) })
      : null,
  ].filter((limit): limit is string => limit !== null);
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="truncate font-medium">{group.name}</h3>
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            {group.kind === "platform" && group.platform ? (
              <>
                <PlatformLabel platform={group.platform} showName={false} />
                {t("groups.platformKind", { platform: platformName(group.platform) })}
              </>
            ) : (
              t("groups.campaignCount", { count: group.campaignIds.length })
            )}
          </p>
        </div>
        {canManage ? (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("groups.edit", { name: group.name })}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={t("groups.delete", { name: group.name })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {limits.length === 0 ? (
          <Badge variant="outline" className="text-muted-foreground">
            {t("groups.noLimits")}
          </Badge>
        ) : (
          limits.map((limit) => (
            <Badge key={limit} variant="secondary" className="tabular-nums">
              {limit}
            </Badge>
          ))
        )}
      </div>
    </li>
  );
}
