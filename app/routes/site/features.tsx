import { Link } from "react-router";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { CallToAction } from "#app/components/marketing/call-to-action.tsx";
import { FeatureDetailList } from "#app/components/marketing/feature-grid.tsx";
import { HowItWorks } from "#app/components/marketing/how-it-works.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { StartTrialButton } from "#app/components/marketing/start-trial-button.tsx";
import { StatList } from "#app/components/marketing/stat-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FEATURE_STATS } from "#app/lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/features";

// No React in the browser: the page is complete as the server renders it.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Features",
    description:
      "AI optimization, multi-platform management, real-time analytics, automated rules, cross-platform budgets and performance insights: see what Adhelm does for your ad campaigns.",
    path: "/features",
    appUrl: appUrlFrom(matches),
  });

const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Features that put your ads on autopilot"
        lead="Adhelm takes over the repetitive work of running paid media, from watching budgets to applying rules, so you can spend your time on strategy and creative."
      >
        <StartTrialButton />
        <Button size="lg" variant="outline" asChild>
          <Link to="/pricing">View pricing</Link>
        </Button>
      </PageHero>

      <section aria-labelledby="results-heading" className="border-b bg-muted/30 py-12 sm:py-16">
        <div className={CONTAINER}>
          <h2 id="results-heading" className="text-center font-medium text-muted-foreground text-sm">
            What teams see after switching to Adhelm
          </h2>
          <StatList stats={FEATURE_STATS} className="mt-8" />
        </div>
      </section>

      <section aria-labelledby="feature-list-heading" className="py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="feature-list-heading"
            eyebrow="What Adhelm does"
            title="Six capabilities, one dashboard"
            lead="Each feature works across every connected platform, and with a store connected, blended ROAS, rules and the optimizer can count revenue from its real orders."
          />
          <FeatureDetailList className="mx-auto mt-14 max-w-5xl" />
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="border-y bg-muted/30 py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="steps-heading"
            eyebrow="Getting started"
            title="Up and running in five minutes"
            lead="Connect, set your goals and let Adhelm do the watching."
          />
          <div className="mt-14">
            <HowItWorks />
          </div>
        </div>
      </section>

      <CallToAction title="See what Adhelm finds in your accounts" />
    </>
  );
}
