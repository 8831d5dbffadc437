import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { Button } from "../../components/ui/button.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About",
    description:
      "Adhelm helps marketers, agencies and enterprises run advertising across every major platform with AI assistance. Learn who we are and why we build it.",
    path: "/about",
    appUrl: appUrlFrom(matches),
  });

/** The company figures the spec gives for its company pages. */
const COMPANY_FACTS = [
  { value: "2022", label: "Founded" },
  { value: "10K+", label: "Active users" },
  { value: "150+", label: "Countries" },
  { value: "99.9%", label: "Uptime SLA" },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="Company"
        title="About Adhelm"
        lead="We build Adhelm for the marketers, agencies and enterprises who run ads on many platforms at once. Our goal is simple: less time in ad managers, more confidence that every budget is working."
      >
        <Button size="lg" asChild>
          <Link to="/careers">
            Join the team
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <section aria-labelledby="facts-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 id="facts-heading" className="sr-only">
            Adhelm in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {COMPANY_FACTS.map((fact) => (
              <div
                key={fact.label}
                className="flex flex-col-reverse items-center gap-1 rounded-xl border bg-card px-4 py-6 text-center text-card-foreground"
              >
                <dt className="text-muted-foreground text-sm">{fact.label}</dt>
                <dd className="font-bold text-3xl text-primary tabular-nums tracking-tight">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
