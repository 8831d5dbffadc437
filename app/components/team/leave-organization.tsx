import { LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { submitTeam, useTeamFetcher } from "./use-team-fetcher.ts";

/** "Leave organization" for everyone but the owner; the session then works in another organization. */
export function LeaveOrganization() {
  const { t } = useTranslation("team");
  const isHydrated = useIsHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const fetcher = useTeamFetcher((result) => {
    if (result.intent !== "leave") return;
    toast.success(t("toasts.left", { organization: result.organizationName }));
    // A full load: every screen now works in another organization.
    window.location.assign("/dashboard");
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("leave.title")}</h2>
        </CardTitle>
        <CardDescription>{t("leave.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={!isHydrated}>
              <LogOut aria-hidden="true" />
              {t("leave.action")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("leave.confirmTitle")}</AlertDialogTitle>
              <AlertDialogDescription>{t("leave.confirmBody")}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
              <AlertDialogAction
                disabled={fetcher.state !== "idle"}
                onClick={(event) => {
                  event.preventDefault();
                  submitTeam(fetcher, { intent: "leave" });
                }}
              >
                {t("leave.action")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
