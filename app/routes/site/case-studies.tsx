import { Info, Quote } from "lucide-react";
import { FactGrid } from "#app/components/content/fact-grid.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { StartTrialButton } from "#app/components/marketing/start-trial-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { CASE_STUDIES } from "#content/pages/case-studies.ts";
import type { Route } from "./+types/case-studies";

export function loader() {
  return { caseStudies: CASE_STUDIES };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Case Studies",
    description:
      "Illustrative stories of how stores, agencies and B2B teams use Adhelm: the problem, what they set up and the results they saw.",
    path: "/case-studies",
    appUrl: appUrlFrom(matches),
  });

export default function CaseStudiesPage({ loaderData }: Route.ComponentProps) {
  const { caseStudies } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="How teams use Adhelm"
        lead="Four stories of online stores, agencies and B2B marketers: the problem they had, what they set up in Adhelm, and what changed."
      >
        <StartTrialButton />
      </PageHero>

      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <aside
          aria-label="About these stories"
          className="flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-5 text-sm leading-6"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-pretty">
            <strong className="font-semibold">Illustrative examples.</strong> These stories are composites of situations
            our customers describe to us. The companies are not named and the figures are representative, not the
            results of a single account. Your results depend on your accounts, your market and how you use Adhelm.
          </p>
        </aside>

        <ol className="mt-12 space-y-16">
          {caseStudies.map((study) => (
            <li key={study.id}>
              <article aria-labelledby={`${study.id}-title`} className="scroll-mt-24" id={study.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{study.industry}</Badge>
                  <Badge variant="outline">Illustrative example</Badge>
                </div>
                <h2
                  id={`${study.id}-title`}
                  className="mt-4 text-balance font-bold text-2xl tracking-tight sm:text-3xl"
                >
                  {study.title}
                </h2>
                <p className="mt-2 text-muted-foreground">{study.customer}</p>
                <p className="mt-1 text-muted-foreground text-sm">Platforms: {study.platforms.join(", ")}</p>

                <div className="mt-8 grid gap-8 md:grid-cols-2">
                  <div>
                    <h3 className="font-semibold text-lg">The problem</h3>
                    <p className="mt-2 text-pretty leading-7">{study.problem}</p>
                  </div>
                  <div>
                    <h3 className="font-semibold text-lg">What they did in Adhelm</h3>
                    <ul className="mt-2 list-disc space-y-2 pl-5 leading-7">
                      {study.approach.map((step) => (
                        <li key={step} className="text-pretty">
                          {step}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>

                <h3 className="mt-8 font-semibold text-lg">Results</h3>
                <FactGrid facts={study.results} className="mt-4 grid-cols-1 sm:grid-cols-3 lg:grid-cols-3" />

                <figure className="mt-8 rounded-xl border bg-muted/30 p-6">
                  <Quote aria-hidden="true" className="size-6 text-primary" />
                  <blockquote className="mt-3 text-pretty text-lg leading-8">{study.quote}</blockquote>
                  <figcaption className="mt-3 text-muted-foreground text-sm">
                    {study.quoteBy}, {study.customer.split(",")[0]?.toLowerCase()}
                  </figcaption>
                </figure>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
