import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CallToAction } from "#app/components/marketing/call-to-action.tsx";
import { FeatureGrid } from "#app/components/marketing/feature-grid.tsx";
import { HowItWorks } from "#app/components/marketing/how-it-works.tsx";
import { IntegrationTiles } from "#app/components/marketing/integration-tiles.tsx";
import { LandingHero } from "#app/components/marketing/landing-hero.tsx";
import { LegalTeaser } from "#app/components/marketing/legal-teaser.tsx";
import { PricingPlans } from "#app/components/marketing/pricing-plans.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { StatList } from "#app/components/marketing/stat-list.tsx";
import { Testimonials } from "#app/components/marketing/testimonials.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LANDING_STATS } from "#app/lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { buildOrganizationJsonLd, buildSoftwareApplicationJsonLd } from "#app/lib/structured-data.ts";
import type { Route } from "./+types/home";

// No React in the browser: the hero is a plain GET form and the pricing switch works through CSS.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const appUrl = appUrlFrom(matches);
  return pageMeta({
    title: "Adhelm",
    description:
      "Adhelm is the AI-assisted ad manager for marketers and agencies: run Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns from one dashboard, measured against real revenue.",
    path: "/",
    appUrl,
    structuredData: [buildOrganizationJsonLd(appUrl ?? ""), buildSoftwareApplicationJsonLd(appUrl ?? "")],
  });
};

const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

export default function HomePage() {
  return (
    <>
      <LandingHero />

      <section aria-labelledby="stats-heading" className="border-y bg-muted/30 py-12 sm:py-16">
        <div className={CONTAINER}>
          <h2 id="stats-heading" className="text-center font-medium text-muted-foreground text-sm">
            Trusted by 500+ agencies to manage more than 10,000 campaigns
          </h2>
          <StatList stats={LANDING_STATS} className="mt-8" />
        </div>
      </section>

      <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="features-heading"
            eyebrow="Features"
            title="Everything you need to run paid media in one place"
            lead="Stop switching between ad managers. Adhelm watches every campaign, on every platform, and helps you act on what it finds."
          />
          <FeatureGrid className="mt-14" />
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-it-works-heading"
        className="scroll-mt-16 border-y bg-muted/30 py-20 sm:py-28"
      >
        <div className={CONTAINER}>
          <SectionHeading
            id="how-it-works-heading"
            eyebrow="How it works"
            title="From connected accounts to better ROAS in three steps"
            lead="No spreadsheets, no scripts. Adhelm imports the last 90 days when you connect, so campaigns with two weeks of spend can get a budget recommendation the same day."
          />
          <div className="mt-14">
            <HowItWorks />
          </div>
        </div>
      </section>

      <section id="integrations" aria-labelledby="integrations-heading" className="scroll-mt-16 py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="integrations-heading"
            eyebrow="Integrations"
            title="Works with the platforms you already use"
            lead="Connect your ad accounts in a few clicks, and your store, so results are measured in orders, not just clicks."
          />
          <IntegrationTiles className="mt-14" />
        </div>
      </section>

      <section aria-labelledby="legal-heading" className="pb-20 sm:pb-28">
        <div className={CONTAINER}>
          <LegalTeaser />
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="border-y bg-muted/30 py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="testimonials-heading"
            eyebrow="Customers"
            title="How marketers and agencies use Adhelm"
            lead="Illustrative stories of the work Adhelm takes off a team's plate. The people and companies are composites, not named customers."
          />
          <div className="mt-14">
            <Testimonials />
          </div>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 pt-20 sm:pt-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="pricing-heading"
            eyebrow="Pricing"
            title="Pricing that grows with your accounts"
            lead="Start with a 14-day free trial and no credit card, then choose the plan that fits how many ad accounts you manage."
          />
          <PricingPlans className="mt-10" />
          <p className="mt-10 text-center">
            <Button variant="link" asChild>
              <Link to="/pricing">
                Compare plans and read the pricing FAQ
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </p>
        </div>
      </section>

      <CallToAction />
    </>
  );
}
