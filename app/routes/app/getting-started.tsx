import { GettingStartedScreen } from "#app/components/onboarding/getting-started-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/getting-started";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.meta.title ?? "Adhelm",
    description: loaderData?.meta.description ?? "",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const progress = await services.onboarding.getOnboardingProgress(actorOf(viewer));
  const t = await translatorFor(request, context);
  return {
    progress,
    email: viewer.user.email,
    // The tab's title, in the reader's language.
    meta: { title: t("onboarding:screen.title"), description: t("onboarding:screen.description") },
  };
}

export default function GettingStartedRoute({ loaderData }: Route.ComponentProps) {
  return <GettingStartedScreen progress={loaderData.progress} email={loaderData.email} />;
}
