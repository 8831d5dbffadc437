import { Link } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { PreferencesForm } from "#app/components/account/preferences-form.tsx";
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
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/preferences";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Preferences",
    description: "Appearance, notifications, dashboard and privacy settings.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { preferences } = await requireViewerContext(request, context);
  return { preferences };
}

/** JSON: the whole preferences document, validated by the schema before it is saved. */
export async function action({ request, context }: Route.ActionArgs) {
  // Same session lookup as requireViewerContext, but a fetcher is answered 401 instead of redirected.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous();
  const { services, logger, requestId } = context.get(appContext);
  const body = await readJsonBody(request);
  try {
    const preferences = await services.accounts.savePreferences(actorOf(viewer), body);
    return { ok: true as const, preferences };
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "preferences action failed"));
  }
}

export default function PreferencesScreen({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/dashboard">Dashboard</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>Preferences</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Preferences</h1>
        <p className="mt-1 text-muted-foreground">Choose how Adhelm looks and behaves for you.</p>
      </div>
      <PreferencesForm preferences={loaderData.preferences} />
    </div>
  );
}
