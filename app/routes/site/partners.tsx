import { Building2, Check, Plug } from "lucide-react";
import { ContentSection } from "#app/components/content/content-section.tsx";
import { MailButton } from "#app/components/content/mail-button.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { PARTNER_APPLICATION_STEPS, PARTNER_FAQ, PARTNER_PROGRAMMES, PARTNERS_EMAIL } from "#content/pages/partners.ts";
import type { Route } from "./+types/partners";

export function loader() {
  return {
    email: PARTNERS_EMAIL,
    programmes: PARTNER_PROGRAMMES,
    steps: PARTNER_APPLICATION_STEPS,
    faq: PARTNER_FAQ,
  };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Partners",
    description:
      "Join Adhelm's agency or technology partner programme: client workspaces, partner pricing, API support and co-marketing. Apply by email at partners@adhelm.com.",
    path: "/partners",
    appUrl: appUrlFrom(matches),
  });

const PROGRAMME_ICONS = { agency: Building2, technology: Plug } as const;

export default function PartnersPage({ loaderData }: Route.ComponentProps) {
  const { email, programmes, steps, faq } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Partners"
        title="Grow with Adhelm"
        lead="Agencies run their clients' paid media on Adhelm, and software companies build on its API. Our partner programmes give both the tools, support and visibility to do it well."
      >
        <MailButton email={email} subject="Partner programme application" size="lg">
          Apply by email
        </MailButton>
      </PageHero>

      <ContentSection
        id="programmes"
        title="Two programmes"
        lead="Pick the one that fits how you work with advertisers. Both are free to join."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          {programmes.map((programme) => {
            const Icon = PROGRAMME_ICONS[programme.id];
            return (
              <article
                key={programme.id}
                aria-labelledby={`${programme.id}-programme`}
                className="flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
              >
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 id={`${programme.id}-programme`} className="mt-4 font-semibold text-xl tracking-tight">
                  {programme.name}
                </h3>
                <p className="mt-2 text-pretty text-muted-foreground">{programme.audience}</p>
                <h4 className="mt-6 font-semibold">What you get</h4>
                <ul className="mt-3 space-y-2">
                  {programme.benefits.map((benefit) => (
                    <li key={benefit} className="flex gap-3 text-sm leading-6">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span className="text-pretty">{benefit}</span>
                    </li>
                  ))}
                </ul>
                <h4 className="mt-6 font-semibold">What we ask</h4>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-muted-foreground text-sm leading-6">
                  {programme.requirements.map((requirement) => (
                    <li key={requirement} className="text-pretty">
                      {requirement}
                    </li>
                  ))}
                </ul>
                <div className="mt-auto pt-8">
                  <MailButton email={email} subject={`Application: ${programme.name}`} variant="outline">
                    Apply for the {programme.id} programme
                  </MailButton>
                </div>
              </article>
            );
          })}
        </div>
      </ContentSection>

      <ContentSection
        id="apply"
        title="How to apply"
        lead={
          <>
            Applications are by email to{" "}
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
              {email}
            </a>
            . There is no form to fill in.
          </>
        }
        isTinted
      >
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 text-card-foreground">
              <span
                aria-hidden="true"
                className="inline-flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-lg">{step.title}</h3>
              <p className="mt-2 text-pretty text-muted-foreground text-sm leading-6">{step.description}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="faq" title="Questions partners ask">
        <dl className="grid gap-x-10 gap-y-8 md:grid-cols-2">
          {faq.map((entry) => (
            <div key={entry.question}>
              <dt className="font-semibold">{entry.question}</dt>
              <dd className="mt-2 text-pretty text-muted-foreground">{entry.answer}</dd>
            </div>
          ))}
        </dl>
      </ContentSection>
    </>
  );
}
