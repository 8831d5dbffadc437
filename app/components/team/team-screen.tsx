import { useTranslation } from "react-i18next";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { InvitationsCard } from "./invitations-card.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { LeaveOrganization } from "./leave-organization.tsx";
import { MembersCard } from "./members-card.tsx";
import { RolesMatrixCard } from "./roles-matrix-card.tsx";
import type { TeamScreenProps } from "./team-types.ts";

/** Settings → Team: the members and their roles, invitations, the permission matrix, and leaving. */
export function TeamScreen({ timeZone, ...props }: TeamScreenProps) {
  const { t } = useTranslation("team");
  const isAlone = props.members.length === 1 && props.invitations.length === 0;
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <div className="mx-auto flex min-w-0 max-w-5xl flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
            <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t("page.intro")}</p>
          </div>
          {props.canManage ? <InviteDialog /> : null}
        </div>

        {!props.canManage ? (
          <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            {t("page.readOnly")}
          </p>
        ) : null}

        {isAlone && props.canManage ? (
          <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
            <h2 className="font-semibold text-lg">{t("empty.title")}</h2>
            <p className="max-w-md text-pretty text-muted-foreground text-sm">{t("empty.body")}</p>
            <InviteDialog />
          </section>
        ) : null}

        <MembersCard {...props} />
        {props.invitations.length > 0 ? <InvitationsCard {...props} /> : null}
        <RolesMatrixCard matrix={props.matrix} />
        {props.viewerRole !== "owner" ? <LeaveOrganization /> : null}
      </div>
    </TimeZoneProvider>
  );
}
