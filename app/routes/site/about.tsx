import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { CallToAction } from "#app/components/marketing/call-to-action.tsx";
import { IconCardGrid } from "#app/components/marketing/feature-grid.tsx";
import { InitialsAvatar } from "#app/components/marketing/initials-avatar.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { StatList } from "#app/components/marketing/stat-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { COMPANY_FACTS, COMPANY_TIMELINE, COMPANY_VALUES, TEAM_MEMBERS } from "#app/lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { buildOrganizationJsonLd } from "#app/lib/structured-data.ts";
import type { Route } from "./+types/about";

// No React in the browser: the page is complete as the server renders it.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const appUrl = appUrlFrom(matches);
  return pageMeta({
    title: "About",
    description:
      "Adhelm helps marketers, agencies and enterprises run advertising across every major platform with AI assistance. Meet the team, our values and our story since 2022.",
    path: "/about",
    appUrl,
    structuredData: [buildOrganizationJsonLd(appUrl ?? "")],
  });
};

const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

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

      <section aria-labelledby="mission-heading" className="py-20 sm:py-28">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
          <div>
            <p className="font-semibold text-primary text-sm uppercase tracking-wide">Our mission</p>
            <h2 id="mission-heading" className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl">
              Make every advertising dollar accountable to real revenue
            </h2>
          </div>
          <div className="grid gap-5 text-pretty text-lg text-muted-foreground">
            <p>
              Marketers spend their days copying numbers between five ad managers, and each platform claims credit for
              the same sale. Budgets move on gut feeling because the full picture takes too long to build.
            </p>
            <p>
              Adhelm puts every campaign in one place, checks it against the orders in your store, and lets AI do the
              watching: it applies your rules around the clock and recommends where the next dollar earns the most. You
              stay in charge; every change is explained and can be undone.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="facts-heading" className="border-y bg-muted/30 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 id="facts-heading" className="text-center font-medium text-muted-foreground text-sm">
            Adhelm in numbers
          </h2>
          <StatList stats={COMPANY_FACTS} className="mt-8" />
        </div>
      </section>

      <section aria-labelledby="values-heading" className="py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="values-heading"
            eyebrow="Our values"
            title="What we believe in"
            lead="Four principles guide what we build and how we work with the teams who rely on us."
          />
          <IconCardGrid items={COMPANY_VALUES} className="mt-14 lg:grid-cols-4" />
        </div>
      </section>

      <section aria-labelledby="team-heading" className="border-y bg-muted/30 py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="team-heading"
            eyebrow="Team"
            title="The people behind Adhelm"
            lead="Former agency leads, ad-tech engineers and data scientists who have lived the problem we solve."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {TEAM_MEMBERS.map((member) => (
              <li key={member.name} className="flex">
                <article
                  aria-label={member.name}
                  className="flex w-full flex-col items-center rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm"
                >
                  <InitialsAvatar name={member.name} className="size-16 text-xl" />
                  <h3 className="mt-4 font-semibold text-lg">{member.name}</h3>
                  <p className="font-medium text-primary text-sm">{member.role}</p>
                  <p className="mt-3 text-pretty text-muted-foreground text-sm">{member.bio}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="pt-20 sm:pt-28">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="timeline-heading"
            eyebrow="Our story"
            title="From idea to 10K+ users"
            lead="A short history of Adhelm, one year at a time."
          />
          <ol className="relative mt-14 grid gap-10 border-l pl-8" aria-label="Timeline">
            {COMPANY_TIMELINE.map((entry) => (
              <li key={entry.year} className="relative">
                <span
                  aria-hidden="true"
                  className="-left-[2.55rem] absolute top-1 size-4 rounded-full border-4 border-background bg-primary"
                />
                <p className="font-semibold text-primary text-sm tabular-nums">
                  <time dateTime={entry.year}>{entry.year}</time>
                </p>
                <h3 className="mt-1 font-semibold text-xl">{entry.title}</h3>
                <p className="mt-2 text-pretty text-muted-foreground">{entry.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CallToAction />
    </>
  );
}
