import { Home } from "lucide-react";
import { data, isRouteErrorResponse, Link, type RouterContextProvider, useRouteError } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/not-found";

/** Logs the missing path (the spec asks for it; it shows us broken links from outside) and returns it. */
export function logMissingPage(request: Request, context: Readonly<RouterContextProvider>): string {
  const { logger, requestId } = context.get(appContext);
  const path = new URL(request.url).pathname;
  logger.warn({ requestId, path, referer: request.headers.get("referer") ?? undefined }, "page not found");
  return path;
}

export function notFoundMeta(matches: Parameters<typeof appUrlFrom>[0], path: string) {
  return pageMeta({
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return data({ path: logMissingPage(request, context) }, { status: 404 });
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, location }) => notFoundMeta(matches, location.pathname);

export function NotFoundScreen() {
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="font-semibold text-7xl text-primary tabular-nums tracking-tight">404</p>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for has moved or never existed.</p>
      <Button asChild className="mt-2">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </section>
  );
}

export default function NotFoundPage() {
  return <NotFoundScreen />;
}

/**
 * The error boundary of a page that shows one item of content (a blog post, a legal document): a
 * missing one is the site's 404 screen; anything else is a real failure, rendered here rather than
 * rethrown so the site's header and footer stay around it.
 */
export function ContentErrorScreen({
  subject,
  backTo,
  backLabel,
}: {
  subject: string;
  backTo: string;
  backLabel: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Something went wrong</h1>
      <p className="text-muted-foreground">We could not show this {subject}. Please try again in a moment.</p>
      <Link to={backTo} className="font-medium text-primary underline-offset-4 hover:underline">
        {backLabel}
      </Link>
    </section>
  );
}
