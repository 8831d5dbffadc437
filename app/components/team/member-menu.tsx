import { MoreHorizontal } from "lucide-react";
import { useId, useState } from "react";
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
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { TeamMember } from "#core/teams/team-types.ts";
import { submitTeam, type TeamFetcher } from "./use-team-fetcher.ts";

/** A member's "…" menu: remove them, or (the owner's own row) transfer ownership to an admin. */
export function MemberMenu({
  member,
  fetcher,
  admins,
  canRemove,
  canTransfer,
}: {
  member: TeamMember;
  fetcher: TeamFetcher;
  admins: TeamMember[];
  canRemove: boolean;
  canTransfer: boolean;
}) {
  const { t } = useTranslation("team");
  const selectId = useId();
  const [dialog, setDialog] = useState<"remove" | "transfer" | null>(null);
  const [nextOwnerId, setNextOwnerId] = useState(admins[0]?.id ?? "");
  const nextOwner = admins.find((admin) => admin.id === nextOwnerId);
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("members.actionsFor", { name: member.name })}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canRemove ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setDialog("remove")}>
              {t("members.remove")}
            </DropdownMenuItem>
          ) : null}
          {canTransfer ? (
            <DropdownMenuItem onSelect={() => setDialog("transfer")}>{t("transfer.action")}</DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog open={dialog === "remove"} onOpenChange={close}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("members.removeTitle", { name: member.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t("members.removeBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => submitTeam(fetcher, { intent: "remove", memberId: member.id })}
            >
              {t("members.remove")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={dialog === "transfer"} onOpenChange={close}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("transfer.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("transfer.body")}</AlertDialogDescription>
          </AlertDialogHeader>
          {admins.length === 0 ? (
            <p className="text-sm">{t("transfer.noAdmins")}</p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={selectId}>{t("transfer.to")}</Label>
              <NativeSelect id={selectId} value={nextOwnerId} onChange={(event) => setNextOwnerId(event.target.value)}>
                {admins.map((admin) => (
                  <option key={admin.id} value={admin.id}>
                    {admin.name} ({admin.email})
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              disabled={!nextOwner}
              onClick={() => submitTeam(fetcher, { intent: "transfer", memberId: nextOwnerId })}
            >
              {nextOwner ? t("transfer.confirm", { name: nextOwner.name }) : t("transfer.action")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
