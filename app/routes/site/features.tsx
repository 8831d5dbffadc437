import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PRODUCT_FEATURES } from "../../lib/marketing-content.ts";
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
        <Button size="lg" asChild>
          <Link to="/signup">
            Start Free Trial
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link to="/pricing">View pricing</Link>
        </Button>
      </PageHero>

      <section aria-labelledby="feature-list-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="feature-list-heading" className="sr-only">
            What Adhelm does
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {PRODUCT_FEATURES.map(({ title, description, icon: Icon }) => (
              <li key={title} className="flex">
                <Card className="w-full">
                  <CardHeader>
                    <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <CardTitle>
                      <h3 className="text-lg">{title}</h3>
                    </CardTitle>
                    <CardDescription className="text-pretty">{description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
