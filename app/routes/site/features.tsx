import { Link } from "react-router";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { FeatureGrid } from "../../components/marketing/feature-grid.tsx";
import { StartTrialButton } from "../../components/marketing/start-trial-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Features",
    description:
      "AI optimization, multi-platform management, real-time analytics, automated rules, cross-platform budgets and performance insights: see what Adhelm does for your ad campaigns.",
    path: "/features",
    appUrl: appUrlFrom(matches),
  });

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

      <section aria-labelledby="feature-list-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="feature-list-heading" className="sr-only">
            What Adhelm does
          </h2>
          <FeatureGrid />
        </div>
      </section>
    </>
  );
}
