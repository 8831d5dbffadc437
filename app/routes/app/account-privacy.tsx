import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { PrivacyScreen } from "#app/components/privacy/privacy-screen.tsx";
import type { PrivacyActionResult, PrivacyIntent } from "#app/components/privacy/privacy-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { isLanguage } from "#app/lib/i18n/languages.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/account-privacy";

export const handle = translatedPage;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const language = (matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined)
    ?.language;
  const i18n = i18nFor(isLanguage(language) ? language : "en") ?? i18nFor("en");
  const t = (key: string) => i18n?.t(key, { ns: "privacy" }) ?? key;
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
  const overview = await services.privacy.getPrivacyOverview(actor);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    organizationName: viewer.organization.name,
    timeZone: viewer.profile?.timezone ?? "UTC",
    exports: overview.exports.map((item) => ({
      id: item.id,
      kind: item.kind,
      status: item.status,
      progress: item.progress,
      sizeBytes: item.sizeBytes,
      createdAt: item.createdAt.toISOString(),
      expiresAt: iso(item.expiresAt),
      downloadable: item.downloadable,
      expired: item.expired,
    })),
    accountDeletion: overview.accountDeletion && {
      requestedAt: overview.accountDeletion.requestedAt.toISOString(),
      purgeAfter: overview.accountDeletion.purgeAfter.toISOString(),
    },
    organizationDeletion: overview.organizationDeletion && {
      requestedAt: overview.organizationDeletion.requestedAt.toISOString(),
      purgeAfter: overview.organizationDeletion.purgeAfter.toISOString(),
    },
    ownedSharedOrganizations: overview.ownedSharedOrganizations,
    canExportOrganization: can(actor, "organization.export"),
    canDeleteOrganization: can(actor, "organization.own"),
  };
}

const INTENTS = [
  "requestPersonalExport",
  "requestOrganizationExport",
  "requestAccountDeletion",
  "cancelAccountDeletion",
  "requestOrganizationDeletion",
  "cancelOrganizationDeletion",
] as const satisfies readonly PrivacyIntent[];

const actionSchema = z.object({ intent: z.enum(INTENTS) });

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
    const { intent } = parsed.data;
    await services.privacy[intent](actor);
    return { ok: true, intent } satisfies PrivacyActionResult;
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "privacy action failed"), t);
  }
}

export default function AccountPrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <PrivacyScreen {...loaderData} />;
}
