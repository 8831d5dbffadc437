import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { cn } from "../../lib/cn.ts";
import {
  findLegalDocument,
  LEGAL_DOCUMENTS,
  LEGAL_DOCUMENTS_LAST_UPDATED,
  LEGAL_DOCUMENTS_VERSION,
} from "../../lib/legal-documents.ts";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import { logMissingPage, NotFoundScreen, notFoundMeta } from "../not-found.tsx";
import type { Route } from "./+types/legal-document";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const document = findLegalDocument(params.document);
  if (!document) {
    logMissingPage(request, context);
    throw data(null, { status: 404 });
  }
  return { slug: document.slug, title: document.title };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const document = findLegalDocument(loaderData?.slug);
  if (!document) return notFoundMeta(matches, location.pathname);
  return pageMeta({
    title: document.title,
    description: document.summary,
    path: `/legal/${document.slug}`,
    appUrl: appUrlFrom(matches),
  });
};

/** Formatted in UTC so the server and the browser render the same text. */
const LAST_UPDATED_LABEL = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
  new Date(`${LEGAL_DOCUMENTS_LAST_UPDATED}T00:00:00Z`),
);

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  const { slug, title } = loaderData;
  const summary = findLegalDocument(slug)?.summary;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="Legal documents">
            <Link
              to="/legal"
              className="inline-flex items-center gap-1 rounded-sm font-medium text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              All legal documents
            </Link>
            <ul className="-mx-3 mt-4 flex flex-wrap gap-1 lg:mx-0 lg:flex-col">
              {LEGAL_DOCUMENTS.map((document) => {
                const isCurrent = document.slug === slug;
                return (
                  <li key={document.slug}>
                    <Link
                      to={`/legal/${document.slug}`}
                      aria-current={isCurrent ? "page" : undefined}
                      className={cn(
                        "block whitespace-nowrap rounded-md px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                        isCurrent
                          ? "bg-accent font-medium text-accent-foreground"
                          : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                      )}
                    >
                      {document.title}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>

        <article className="min-w-0">
          <header className="border-b pb-6">
            <h1 className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
            <div className="mt-4 flex flex-wrap items-center gap-3 text-muted-foreground text-sm">
              <p>
                Last updated <time dateTime={LEGAL_DOCUMENTS_LAST_UPDATED}>{LAST_UPDATED_LABEL}</time>
              </p>
              <Badge variant="secondary">Version {LEGAL_DOCUMENTS_VERSION}</Badge>
            </div>
          </header>
          {summary ? <p className="mt-6 max-w-prose text-pretty text-lg text-muted-foreground">{summary}</p> : null}
        </article>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen />;
  }
  // Anything else is a real failure, not a missing page. Rendered here rather than rethrown so a
  // server render never fails outright; the site header and footer stay around it.
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Something went wrong</h1>
      <p className="text-muted-foreground">We could not show this document. Please try again in a moment.</p>
      <Link to="/legal" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to Legal Documentation
      </Link>
    </section>
  );
}
