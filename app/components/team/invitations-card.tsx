import { RotateCw, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useNow } from "#app/components/integrations/use-now.ts";
import { useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { ROLE_LABEL_KEYS, type TeamViewProps } from "./team-types.ts";
import { submitTeam, useTeamFetcher } from "./use-team-fetcher.ts";

/** Invitations not accepted yet: when they expire, and (for admins) resend or revoke. */
export function InvitationsCard({ invitations, canManage, now: serverNow }: TeamViewProps) {
  const { t } = useTranslation("team");
  const time = useTimeFormat();
  const now = useNow(serverNow);
  const isHydrated = useIsHydrated();
  const fetcher = useTeamFetcher((result) => {
    if (result.intent === "resend") toast.success(t("toasts.resent", { email: result.email }));
    if (result.intent === "revoke") toast.success(t("toasts.revoked", { email: result.email }));
  });
  const isBusy = !isHydrated || fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("invitations.title")}</h2>
        </CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t("invitations.title")} className="divide-y">
          {invitations.map((invitation) => {
            const expiresAt = new Date(invitation.expiresAt);
            return (
              <li
                key={invitation.id}
                aria-label={invitation.email}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0 flex-1 basis-60">
                  <p className="truncate font-medium">{invitation.email}</p>
                  <p className="text-muted-foreground text-sm">
                    {invitation.invitedByName
                      ? t("invitations.invitedBy", {
                          name: invitation.invitedByName,
                          when: time.relative(new Date(invitation.sentAt), now),
                        })
                      : t("invitations.sent", { when: time.relative(new Date(invitation.sentAt), now) })}
                  </p>
                </div>
                <Badge variant="secondary">{t(ROLE_LABEL_KEYS[invitation.role])}</Badge>
                <p className="text-sm sm:w-40" title={time.exact(expiresAt)}>
                  {invitation.isExpired || expiresAt <= now ? (
                    <span className="text-destructive">{t("invitations.expired")}</span>
                  ) : (
                    t("invitations.expires", { when: time.relative(expiresAt, now) })
                  )}
                </p>
                {canManage ? (
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={isBusy}
                      aria-label={t("invitations.resendTo", { email: invitation.email })}
                      onClick={() => submitTeam(fetcher, { intent: "resend", invitationId: invitation.id })}
                    >
                      <RotateCw aria-hidden="true" />
                      {t("invitations.resend")}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={isBusy}
                      aria-label={t("invitations.revokeFor", { email: invitation.email })}
                      onClick={() => submitTeam(fetcher, { intent: "revoke", invitationId: invitation.id })}
                    >
                      <X aria-hidden="true" />
                      {t("invitations.revoke")}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
