import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { TeamScreen } from "#app/components/team/team-screen.tsx";
import type { TeamActionResult } from "#app/components/team/team-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { ROLES, roleOf } from "#core/access/actor.ts";
import { can, PERMISSIONS, PERMISSIONS_BY_ROLE } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/settings-team";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "team");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const viewer = await requireViewerContext(request, context);
  const actor = actorOf(viewer);
  const team = await services.teams.listTeam(actor);
  return {
    ...team,
    viewerId: viewer.user.id,
    viewerRole: roleOf(viewer.organization.role),
    canManage: can(actor, "members.manage"),
    canTransfer: can(actor, "organization.own"),
    // The matrix the server enforces, straight from core.
    matrix: PERMISSIONS.map((permission) => ({
      permission,
      roles: ROLES.filter((role) => PERMISSIONS_BY_ROLE[role].has(permission)),
    })),
    now: new Date().toISOString(),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), values: z.unknown() }),
  z.object({ intent: z.literal("resend"), invitationId: z.string().min(1) }),
  z.object({ intent: z.literal("revoke"), invitationId: z.string().min(1) }),
  z.object({ intent: z.literal("role"), memberId: z.string().min(1), role: z.unknown() }),
  z.object({ intent: z.literal("remove"), memberId: z.string().min(1) }),
  z.object({ intent: z.literal("transfer"), memberId: z.string().min(1) }),
  z.object({ intent: z.literal("leave") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  // A body that is not JSON (or not a form) is answered 400/415 by the reader itself, before anything runs.
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    switch (input.intent) {
      case "invite": {
        const invitation = await services.teams.inviteMember(actor, input.values);
        return { ok: true, intent: "invite", email: invitation.email } satisfies TeamActionResult;
      }
      case "resend": {
        const invitation = await services.teams.resendInvitation(actor, input.invitationId);
        return { ok: true, intent: "resend", email: invitation.email } satisfies TeamActionResult;
      }
      case "revoke": {
        const invitation = await services.teams.revokeInvitation(actor, input.invitationId);
        return { ok: true, intent: "revoke", email: invitation.email } satisfies TeamActionResult;
      }
      case "role": {
        const member = await services.teams.changeMemberRole(actor, input);
        return { ok: true, intent: "role", name: member.name, role: member.role } satisfies TeamActionResult;
      }
      case "remove": {
        const member = await services.teams.removeMember(actor, input.memberId);
        return { ok: true, intent: "remove", name: member.name } satisfies TeamActionResult;
      }
      case "transfer": {
        const member = await services.teams.transferOwnership(actor, input.memberId);
        return { ok: true, intent: "transfer", name: member.name } satisfies TeamActionResult;
      }
      case "leave": {
        await services.teams.leaveOrganization(actor);
        return { ok: true, intent: "leave", organizationName: viewer.organization.name } satisfies TeamActionResult;
      }
    }
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "team action failed"), t);
  }
}

export default function SettingsTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}
