import { PageHero } from "../../components/layout/page-hero.tsx";
import { StartTrialButton } from "../../components/marketing/start-trial-button.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pricing",
    description:
      "Adhelm plans for growing brands, teams and enterprises. Start with a 14-day free trial, no credit card required and no setup fee.",
    path: "/pricing",
    appUrl: appUrlFrom(matches),
  });

export default function PricingPage() {
  return (
    <PageHero
      eyebrow="Pricing"
      title="Simple, transparent pricing"
      lead="Start with a 14-day free trial, no credit card required. There is no setup fee, and when you switch plans the change takes effect immediately and is prorated."
    >
      <StartTrialButton />
    </PageHero>
  );
}
