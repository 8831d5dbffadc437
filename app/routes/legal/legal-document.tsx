import { Download } from "lucide-react";
import { data } from "react-router";
import { formatLongDate } from "#app/components/content/format-date.ts";
import { TableOfContents } from "#app/components/content/table-of-contents.tsx";
import { LegalContactCard } from "#app/components/legal/legal-contact.tsx";
import { LegalDocumentNav } from "#app/components/legal/legal-document-nav.tsx";
import { LegalProse } from "#app/components/legal/legal-prose.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getLegalDocumentContent } from "#app/lib/legal-content.server.ts";
import {
  findLegalDocument,
  LEGAL_DOCUMENTS_LAST_UPDATED,
  LEGAL_DOCUMENTS_VERSION,
  legalPdfPath,
} from "#app/lib/legal-documents.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { ContentErrorScreen, logMissingPage, notFoundMeta } from "#app/routes/not-found.tsx";
import type { Route } from "./+types/legal-document";

// Links, anchors and a download: nothing here needs React in the browser.
export const handle = staticPage;

export function loader({ params, request, context }: Route.LoaderArgs) {
  const document = findLegalDocument(params.document);
  if (!document) {
    logMissingPage(request, context);
    throw data(null, { status: 404 });
  }
  const { html, headings } = getLegalDocumentContent(document.slug);
  return { slug: document.slug, title: document.title, html, headings };
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

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  const { slug, title, html, headings } = loaderData;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <LegalDocumentNav current={slug} />
        </aside>

        {/* From xl the table of contents is a third column beside the text, sticky like the side list. */}
        <article className="min-w-0 xl:grid xl:grid-cols-[minmax(0,1fr)_14rem] xl:gap-x-12">
          <header className="border-b pb-6 xl:col-start-1">
            <h1 className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 text-muted-foreground text-sm">
              <p>
                Last updated{" "}
                <time dateTime={LEGAL_DOCUMENTS_LAST_UPDATED}>{formatLongDate(LEGAL_DOCUMENTS_LAST_UPDATED)}</time>
              </p>
              <Badge variant="secondary">Version {LEGAL_DOCUMENTS_VERSION}</Badge>
              <Button asChild variant="outline" size="sm" className="sm:ml-auto">
                {/* A resource route: a plain link, downloaded by the browser rather than routed. */}
                <a href={legalPdfPath(slug)} download>
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
            </div>
          </header>

          <TableOfContents
            headings={headings}
            maxDepth={2}
            className="mt-8 rounded-lg border bg-muted/30 p-5 xl:sticky xl:top-24 xl:col-start-2 xl:row-span-2 xl:row-start-1 xl:mt-0 xl:max-h-[calc(100svh-8rem)] xl:self-start xl:overflow-y-auto xl:border-0 xl:bg-transparent xl:p-0"
          />

          <div className="min-w-0 xl:col-start-1">
            <LegalProse html={html} className="mt-10 max-w-3xl" />
            <LegalContactCard
              headingId="legal-contact-heading"
              title="Questions about this document?"
              subject={`Question about the ${title}`}
              className="mt-16 max-w-3xl"
            />
          </div>
        </article>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ContentErrorScreen subject="document" backTo="/legal" backLabel="Back to Legal Documentation" />;
}
