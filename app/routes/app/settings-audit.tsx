import { data } from "react-router";
import { AUDIT_FILTER_FIELDS, auditFilterOf } from "#app/components/audit/audit-filter-params.ts";
import { AuditScreen } from "#app/components/audit/audit-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/settings-audit";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "audit");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/**
 * GET /settings/audit: the organization's log, filtered by the address's query. Admins and the
 * owner only: anyone else gets the page's "only admins" state with a 403 status, and the use
 * cases refuse them too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const organizationName = viewer.organization.name;
  if (!can(actor, "audit.read")) return data({ state: "refused" as const, organizationName }, { status: 403 });
  const searchParams = new URL(request.url).searchParams;
  const filter = auditFilterOf(searchParams);
  const cursor = searchParams.get("cursor");
  const isFiltered = AUDIT_FILTER_FIELDS.some((field) => filter[field] !== "");
  const actors = await services.audit.listAuditActors(actor);
  const ready = {
    state: "ready" as const,
    organizationName,
    actors,
    filter,
    isFiltered,
    isLaterPage: Boolean(cursor),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
  try {
    const page = await services.audit.listAuditEvents(actor, { filter, cursor });
    return {
      ...ready,
      events: page.events,
      nextCursor: page.nextCursor,
      organizationTimeZone: page.timeZone,
      fieldErrors: {},
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 403) throw error;
    // A filter or page that does not parse: the form says which, and nothing is listed.
    const fieldErrors = (error.details?.fieldErrors as Record<string, string> | undefined) ?? { form: error.message };
    return data(
      { ...ready, events: [], nextCursor: null, organizationTimeZone: ready.timeZone, fieldErrors },
      { status: error.status },
    );
  }
}

export default function SettingsAuditRoute({ loaderData }: Route.ComponentProps) {
  return <AuditScreen {...loaderData} />;
}
