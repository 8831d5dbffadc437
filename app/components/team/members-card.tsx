import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { ASSIGNABLE_ROLES } from "#core/access/actor.ts";
import type { TeamMember } from "#core/teams/team-types.ts";
import { MemberMenu } from "./member-menu.tsx";
import { ROLE_LABEL_KEYS, type TeamViewProps } from "./team-types.ts";
import { submitTeam, type TeamFetcher, useTeamFetcher } from "./use-team-fetcher.ts";

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || "?"
  );
}

/** The members: a list of rows that wrap into cards on a phone (no page overflow at 375 px). */
export function MembersCard(props: TeamViewProps) {
  const { t } = useTranslation("team");
  const fetcher = useTeamFetcher((result) => {
    if (result.intent === "role")
      toast.success(t("toasts.roleChanged", { name: result.name, role: t(ROLE_LABEL_KEYS[result.role]) }));
    if (result.intent === "remove") toast.success(t("toasts.removed", { name: result.name }));
    if (result.intent === "transfer") toast.success(t("toasts.transferred", { name: result.name }));
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("members.title")}</h2>
        </CardTitle>
        <CardDescription>{t("members.count", { count: props.members.length })}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t("members.title")} className="divide-y">
          {props.members.map((member) => (
            <MemberRow key={member.id} member={member} fetcher={fetcher} {...props} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({
  member,
  fetcher,
  viewerId,
  canManage,
  canTransfer,
  members,
  now,
}: TeamViewProps & { member: TeamMember; fetcher: TeamFetcher }) {
  const { t } = useTranslation("team");
  const time = useTimeFormat();
  const isHydrated = useIsHydrated();
  const isSelf = member.userId === viewerId;
  const isOwner = member.role === "owner";
  const canChange = canManage && !isOwner && !isSelf;
  const admins = members.filter((other) => other.role === "admin");
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3" aria-label={member.name}>
      <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
        <Avatar className="size-9">
          {member.avatarUrl ? <AvatarImage src={member.avatarUrl} alt="" /> : null}
          <AvatarFallback>{initialsOf(member.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate font-medium">
            {member.name}
            {isSelf ? <span className="ml-2 font-normal text-muted-foreground text-sm">{t("members.you")}</span> : null}
          </p>
          <p className="truncate text-muted-foreground text-sm">{member.email}</p>
        </div>
      </div>
      <p className="text-muted-foreground text-sm sm:w-36">
        {t("members.joined", { when: time.relative(new Date(member.joinedAt), new Date(now)) })}
      </p>
      <div className="flex items-center gap-2 sm:w-52 sm:justify-end">
        {canChange ? (
          <NativeSelect
            aria-label={t("members.roleOf", { name: member.name })}
            value={member.role}
            disabled={!isHydrated || fetcher.state !== "idle"}
            className="w-40"
            onChange={(event) => submitTeam(fetcher, { intent: "role", memberId: member.id, role: event.target.value })}
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(ROLE_LABEL_KEYS[role])}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Badge variant={isOwner ? "default" : "secondary"}>{t(ROLE_LABEL_KEYS[member.role])}</Badge>
        )}
        {(canChange || (isOwner && isSelf && canTransfer)) && isHydrated ? (
          <MemberMenu
            member={member}
            fetcher={fetcher}
            admins={admins}
            canRemove={canChange}
            canTransfer={isOwner && canTransfer}
          />
        ) : null}
      </div>
    </li>
  );
}
