import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { PreferencesForm } from "#app/components/account/preferences-form.tsx";
import { PushTestCard } from "#app/components/notifications/push-test-card.tsx";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "#app/components/ui/breadcrumb.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/preferences";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.meta.title ?? "Adhelm",
    description: loaderData?.meta.description ?? "",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { preferences } = await requireViewerContext(request, context);
  const t = await translatorFor(request, context);
  return {
    preferences,
    meta: { title: t("account:preferences.meta.title"), description: t("account:preferences.meta.description") },
  };
}

/** JSON: the whole preferences document, validated by the schema before it is saved. */
export async function action({ request, context }: Route.ActionArgs) {
  // Same session lookup as requireViewerContext, but a fetcher is answered 401 instead of redirected.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(await translatorFor(request, context));
  const { services, logger, requestId } = context.get(appContext);
  const body = await readJsonBody(request);
  try {
    const preferences = await services.accounts.savePreferences(actorOf(viewer), body);
    // The toast speaks the language just saved: the whole app switches to it as the page revalidates.
    const t = await translatorIn(preferences.language);
    const toast = {
      title: t("account:preferences.toast.saved.title"),
      description: t("account:preferences.toast.saved.description"),
    };
    return { ok: true as const, preferences, toast };
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "preferences action failed"),
      await translatorFor(request, context),
    );
  }
}

/** `t` in `language`, its catalogs loaded. */
async function translatorIn(language: Language) {
  await loadResources(language);
  return (i18nFor(language) as i18n).t;
}

export default function PreferencesScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Breadcrumb aria-label={t("preferences.breadcrumb.label")}>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/dashboard">{t("preferences.breadcrumb.dashboard")}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{t("preferences.title")}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("preferences.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("preferences.description")}</p>
      </div>
      <PreferencesForm preferences={loaderData.preferences} />
      <PushTestCard />
    </div>
  );
}
