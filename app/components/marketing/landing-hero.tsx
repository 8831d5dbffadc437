import { ArrowRight } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { DashboardPreview } from "./dashboard-preview.tsx";
import { TrialPromises } from "./trial-promises.tsx";

/**
 * The landing page's opening: headline, an email box that carries the address to sign-up (a
 * plain GET form, so it works before JavaScript loads), and a picture of the product.
 */
export function LandingHero() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
      />
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:48px_48px] opacity-50 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28 lg:px-8">
        <Link
          to="/features"
          className="inline-flex items-center gap-2 rounded-full border bg-background/80 py-1 pr-3 pl-1 text-sm shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Badge className="rounded-full">New</Badge>
          <span>
            AI budget optimization<span className="hidden sm:inline"> toward your target ROAS</span>
          </span>
          <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </Link>
        <h1
          id="hero-heading"
          className="mx-auto mt-6 max-w-4xl text-balance font-bold text-4xl tracking-tight sm:text-6xl"
        >
          AI-powered ad management that grows your <span className="text-primary">ROAS</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-muted-foreground sm:text-xl">
          Adhelm brings Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn into one dashboard, measures your
          ad spend against real orders from Shopify or WooCommerce, and shows you where the next dollar works hardest.
        </p>
        <Form
          method="get"
          action="/signup"
          aria-label="Start your free trial"
          className="mx-auto mt-10 flex max-w-md flex-col gap-3 sm:flex-row"
        >
          <label htmlFor="hero-email" className="sr-only">
            Work email
          </label>
          <Input
            id="hero-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            className="h-11 bg-background px-4 sm:flex-1"
          />
          <Button type="submit" size="lg" className="h-11">
            Start Free Trial
            <ArrowRight aria-hidden="true" />
          </Button>
        </Form>
        <TrialPromises className="mt-6 text-muted-foreground" />
        <DashboardPreview className="mx-auto mt-16 max-w-5xl sm:mt-20" />
      </div>
    </section>
  );
}
