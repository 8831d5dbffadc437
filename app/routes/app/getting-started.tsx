import { GettingStartedScreen } from "#app/components/onboarding/getting-started-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/getting-started";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Getting started",
    description: "Six steps to get Adhelm working for your team.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const progress = await services.onboarding.getOnboardingProgress(actorOf(viewer));
  return { progress, email: viewer.user.email };
}

export default function GettingStartedRoute({ loaderData }: Route.ComponentProps) {
  return <GettingStartedScreen progress={loaderData.progress} email={loaderData.email} />;
}
