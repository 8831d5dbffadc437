import { ArrowRight, Ban, Cookie, FileSignature, FileText, Lock, type LucideIcon, Scale, Shield } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { LegalContactCard } from "#app/components/legal/legal-contact.tsx";
import { IconCardHeader } from "#app/components/marketing/icon-card-header.tsx";
import { Card, CardFooter } from "#app/components/ui/card.tsx";
import { LEGAL_DOCUMENTS, type LegalDocumentSlug } from "#app/lib/legal-documents.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/legal-hub";

// Cards of links and two mail buttons: nothing here needs React in the browser.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Legal",
    description:
      "Adhelm's legal documents in one place: Privacy Policy, Terms of Service, Cookie Policy, GDPR compliance, security practices, Data Processing Agreement and Acceptable Use Policy.",
    path: "/legal",
    appUrl: appUrlFrom(matches),
  });

const DOCUMENT_ICONS: Record<LegalDocumentSlug, LucideIcon> = {
  privacy: Lock,
  terms: FileText,
  cookies: Cookie,
  gdpr: Scale,
  security: Shield,
  dpa: FileSignature,
  aup: Ban,
};

export default function LegalHubPage() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Legal Documentation"
        lead="The terms that govern your use of Adhelm, and how we collect, protect and retain your data. We keep them in plain language wherever the law allows."
      />

      <section aria-labelledby="documents-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="documents-heading" className="sr-only">
            Documents
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {LEGAL_DOCUMENTS.map((document) => {
              return (
                <li key={document.slug} className="flex">
                  <Card className="w-full">
                    <IconCardHeader
                      icon={DOCUMENT_ICONS[document.slug]}
                      title={document.title}
                      description={document.summary}
                    />
                    <CardFooter className="mt-auto">
                      <Link
                        to={`/legal/${document.slug}`}
                        aria-label={`Read More: ${document.title}`}
                        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        Read More
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </Link>
                    </CardFooter>
                  </Card>
                </li>
              );
            })}
          </ul>
          <LegalContactCard
            headingId="legal-contact-heading"
            title="Questions about our legal documents?"
            subject="Question about Adhelm's legal documents"
            className="mt-12"
          />
        </div>
      </section>
    </>
  );
}
