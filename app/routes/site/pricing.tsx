import { FaqEntries } from "#app/components/content/faq-entries.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { CallToAction } from "#app/components/marketing/call-to-action.tsx";
import { buildPlanComparisonRows } from "#app/components/marketing/plan-display.ts";
import { PricingPlans } from "#app/components/marketing/pricing-plans.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { SALES_EMAIL } from "#app/lib/contact-addresses.ts";
import { PRICING_FAQ } from "#app/lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { buildSoftwareApplicationJsonLd } from "#app/lib/structured-data.ts";
import { PLANS } from "#core/billing/plan-catalog.ts";
import type { Route } from "./+types/pricing";

// No React in the browser: the pricing switch works through CSS and the FAQ is <details>.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const appUrl = appUrlFrom(matches);
  return pageMeta({
    title: "Pricing",
    description:
      "Adhelm plans for growing brands, teams and enterprises: Starter, Professional and Enterprise. Start with a 14-day free trial, no credit card required and no setup fee.",
    path: "/pricing",
    appUrl,
    structuredData: [buildSoftwareApplicationJsonLd(appUrl ?? "")],
  });
};

const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

export default function PricingPage() {
  const comparisonRows = buildPlanComparisonRows();
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        lead="Start with a 14-day free trial, no credit card required. There is no setup fee, and when you switch plans the change takes effect immediately and is prorated."
      />

      <section aria-labelledby="plans-heading" className="pt-12 pb-20 sm:pt-16 sm:pb-28">
        <div className={CONTAINER}>
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <PricingPlans />
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="border-y bg-muted/30 py-20 sm:py-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="compare-heading"
            eyebrow="Compare"
            title="Compare plans"
            lead="Every plan includes the cross-platform dashboard and automation rules. Here is how the limits differ."
          />
          {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
          <section
            aria-label="Plan limits table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            className="mt-12 overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Plan limits compared</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="sticky left-0 bg-card px-4 py-4 font-medium text-muted-foreground sm:px-6">
                    Feature
                  </th>
                  {PLANS.map((plan) => (
                    <th key={plan.id} scope="col" className="px-4 py-4 font-semibold text-base sm:px-6">
                      {plan.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {comparisonRows.map((row) => (
                  <tr key={row.label} className="border-b last:border-b-0">
                    <th scope="row" className="sticky left-0 bg-card px-4 py-4 font-medium sm:px-6">
                      {row.label}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={PLANS[index]?.id} className="px-4 py-4 text-muted-foreground tabular-nums sm:px-6">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="pt-20 sm:pt-28">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="faq-heading"
            eyebrow="FAQ"
            title="Frequently asked questions"
            lead={
              <>
                Something else on your mind? Write to{" "}
                <a href={`mailto:${SALES_EMAIL}`} className="font-medium text-primary underline underline-offset-4">
                  {SALES_EMAIL}
                </a>
                .
              </>
            }
          />
          <FaqEntries entries={PRICING_FAQ} className="mt-12" />
        </div>
      </section>

      <CallToAction title="Start your 14-day free trial today" />
    </>
  );
}
