import { ArrowRight, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { SessionFragmentHandler } from "../../components/auth/session-fragment-handler.tsx";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { FeatureGrid } from "../../components/marketing/feature-grid.tsx";
import { StartTrialButton } from "../../components/marketing/start-trial-button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { AD_PLATFORMS, COMMERCE_PLATFORMS } from "../../lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Adhelm",
    description:
      "Adhelm is the AI-assisted ad manager for marketers and agencies: run Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns from one dashboard, measured against real revenue.",
    path: "/",
    appUrl: appUrlFrom(matches),
  });

export default function HomePage() {
  return (
    <>
      <SessionFragmentHandler />
      <PageHero
        eyebrow="AI-assisted campaign management"
        title="AI-powered ad management that grows your ROAS"
        lead="Adhelm brings your Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns into one dashboard, checks them against real revenue from Shopify or WooCommerce, and shows you where the next dollar works hardest."
      >
        <StartTrialButton />
        <Button size="lg" variant="outline" asChild>
          <Link to="/features">See how it works</Link>
        </Button>
        <p className="basis-full text-muted-foreground text-sm">
          14-day free trial · No credit card required · Setup in 5 minutes
        </p>
      </PageHero>

      <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-heading" className="text-balance font-bold text-3xl tracking-tight">
              Everything you need to run paid media in one place
            </h2>
            <p className="mt-4 text-pretty text-muted-foreground">
              Stop switching between ad managers. Adhelm watches every campaign and helps you act on what it finds.
            </p>
          </div>
          <FeatureGrid className="mt-12" />
        </div>
      </section>

      <section
        id="integrations"
        aria-labelledby="integrations-heading"
        className="scroll-mt-16 border-y bg-muted/30 py-16 sm:py-24"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="integrations-heading" className="text-balance font-bold text-3xl tracking-tight">
              Works with the platforms you already use
            </h2>
            <p className="mt-4 text-pretty text-muted-foreground">
              Connect your ad accounts in a few clicks, and your store so results are measured in orders, not just
              clicks.
            </p>
          </div>
          <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {AD_PLATFORMS.map((platform) => (
              <li
                key={platform.name}
                className="flex flex-col gap-1 rounded-xl border bg-card p-5 text-card-foreground"
              >
                <span className="flex items-center justify-between gap-2 font-semibold">
                  {platform.name}
                  {platform.isComingSoon ? <Badge variant="secondary">Coming soon</Badge> : null}
                </span>
                <span className="text-muted-foreground text-sm">{platform.category}</span>
              </li>
            ))}
            {COMMERCE_PLATFORMS.map((platform) => (
              <li
                key={platform.name}
                className="flex flex-col gap-1 rounded-xl border bg-card p-5 text-card-foreground"
              >
                <span className="flex items-center gap-2 font-semibold">
                  <ShoppingBag aria-hidden="true" className="size-4 text-primary" />
                  {platform.name}
                </span>
                <span className="text-muted-foreground text-sm">{platform.category}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 py-16 sm:py-24">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 text-center sm:px-6 lg:px-8">
          <h2 id="pricing-heading" className="text-balance font-bold text-3xl tracking-tight">
            Pricing that grows with your accounts
          </h2>
          <p className="text-pretty text-muted-foreground">
            Start with a 14-day free trial and no credit card, then choose the plan that fits how many ad accounts you
            manage.
          </p>
          <Button variant="outline" asChild>
            <Link to="/pricing">
              Compare plans
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
