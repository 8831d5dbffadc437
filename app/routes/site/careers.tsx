import { ArrowRight, Mail } from "lucide-react";
import { data, Link } from "react-router";
import { type ApplicationActionResult, ApplicationForm } from "#app/components/careers/application-form.tsx";
import { BENEFITS, VALUES } from "#app/components/careers/careers-content.ts";
import { JobCard } from "#app/components/careers/job-card.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { IconCardGrid } from "#app/components/marketing/feature-grid.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { isPlainPost, refuseForm } from "#app/lib/public-form-action.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { visitorOf } from "#app/lib/session.server.ts";
import { findJobOpening, JOB_OPENINGS } from "#core/careers/job-openings.ts";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Careers",
    description: "Join Adhelm and help marketers and agencies spend their advertising budgets more wisely.",
    path: "/careers",
    appUrl: appUrlFrom(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const applySlug = new URL(request.url).searchParams.get("apply");
  const applyTo = findJobOpening(applySlug);
  return {
    openings: JOB_OPENINGS,
    // Without JavaScript, Apply Now links here: the form renders in the page instead of a dialog.
    apply:
      applySlug === null ? null : applyTo ? { isOpen: true as const, position: applyTo } : { isOpen: false as const },
    careersEmail: env.CAREERS_EMAIL,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const fields = await readFormFields(request);
  try {
    const submitted = await app.services.site.submitJobApplication(visitorOf(context), fields);
    return data<ApplicationActionResult>({ ok: true, ...submitted });
  } catch (error) {
    return refuseForm(
      error,
      (unexpected) => app.logger.error({ err: unexpected, requestId: app.requestId }, "job application failed"),
      { extra: { values: fields }, isDocument: isPlainPost(request) },
    );
  }
}

function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-balance font-bold text-3xl tracking-tight">
        {title}
      </h2>
      <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p>
    </div>
  );
}

export default function CareersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { openings, apply, careersEmail } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Careers at Adhelm"
        lead="Help us build the tools marketers have always wanted for running ads across every platform. If you care about craft and about customers, we would love to hear from you."
      >
        <Button size="lg" asChild>
          <a href="#positions">
            See open positions
            <ArrowRight aria-hidden="true" />
          </a>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link to="/about">
            Learn about Adhelm
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      {apply ? (
        <section
          id="apply"
          aria-labelledby="apply-heading"
          className="scroll-mt-16 border-b bg-muted/30 py-12 sm:py-16"
        >
          <div className="mx-auto max-w-2xl px-4 sm:px-6 lg:px-8">
            {apply.isOpen ? (
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2 id="apply-heading" className="text-2xl">
                      Apply for {apply.position.title}
                    </h2>
                  </CardTitle>
                  <CardDescription>
                    {apply.position.department} · {apply.position.location} · {apply.position.type}. Tell us who you are
                    and where we can see your work.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ApplicationForm position={apply.position} plainResult={actionData} />
                </CardContent>
              </Card>
            ) : (
              <div className="grid gap-2 text-center">
                <h2 id="apply-heading" className="font-semibold text-xl">
                  This position is not open
                </h2>
                <p className="text-muted-foreground">
                  The link may be old. Have a look at the{" "}
                  <a href="#positions" className="text-primary underline-offset-4 hover:underline">
                    positions we are hiring for
                  </a>{" "}
                  below.
                </p>
              </div>
            )}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="benefits-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="benefits-heading"
            eyebrow="Benefits"
            title="Why people like working here"
            lead="A small team with big customers, and the conditions to do the best work of your career."
          />
          <IconCardGrid items={BENEFITS} className="mt-12 lg:grid-cols-3" />
        </div>
      </section>

      <section
        id="positions"
        aria-labelledby="positions-heading"
        className="scroll-mt-16 border-y bg-muted/30 py-16 sm:py-24"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="positions-heading"
            eyebrow="Open positions"
            title={`${openings.length} roles we are hiring for`}
            lead="Every role is full-time and open to people in the regions listed. Apply in a few minutes: a link to your work and a short message are all we ask."
          />
          <ul className="mt-12 grid gap-6 lg:grid-cols-2">
            {openings.map((opening) => (
              <li key={opening.slug} className="flex">
                <JobCard opening={opening} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="values-heading"
            eyebrow="Our values"
            title="How we work"
            lead="Four ideas we hire for, decide by and hold each other to."
          />
          <IconCardGrid items={VALUES} className="mt-12 lg:grid-cols-4" />
          <div className="mx-auto mt-16 flex max-w-2xl flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center text-card-foreground">
            <h2 className="font-semibold text-xl">Don't see your role?</h2>
            <p className="text-pretty text-muted-foreground">
              We are always glad to meet people who care about advertising and good software. Tell us what you would
              like to work on.
            </p>
            <Button variant="outline" asChild>
              <a href={`mailto:${careersEmail}`}>
                <Mail aria-hidden="true" />
                {careersEmail}
              </a>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
