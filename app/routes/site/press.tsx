import { Check, Download, X } from "lucide-react";
import { Link } from "react-router";
import { ContentSection } from "#app/components/content/content-section.tsx";
import { FactGrid } from "#app/components/content/fact-grid.tsx";
import { MailButton } from "#app/components/content/mail-button.tsx";
import { Logo } from "#app/components/layout/logo.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import {
  LOGO_DONTS,
  LOGO_DOS,
  LOGO_DOWNLOADS,
  PRESS_BOILERPLATES,
  PRESS_COMPANY_FACTS,
  PRESS_EMAIL,
  PRESS_PRODUCT_FACTS,
  PRESS_TOPICS,
} from "#content/pages/press.ts";
import type { Route } from "./+types/press";

export function loader() {
  return {
    email: PRESS_EMAIL,
    boilerplates: PRESS_BOILERPLATES,
    companyFacts: PRESS_COMPANY_FACTS,
    productFacts: PRESS_PRODUCT_FACTS,
    topics: PRESS_TOPICS,
    logoDownloads: LOGO_DOWNLOADS,
    logoDos: LOGO_DOS,
    logoDonts: LOGO_DONTS,
  };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Press",
    description:
      "Adhelm's press kit: company boilerplate, key facts, logo files and usage rules, and how to reach our press team at press@adhelm.com.",
    path: "/press",
    appUrl: appUrlFrom(matches),
  });

export default function PressPage({ loaderData }: Route.ComponentProps) {
  const { email, boilerplates, companyFacts, productFacts, topics, logoDownloads, logoDos, logoDonts } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Press"
        title="Press kit"
        lead="Facts, descriptions and logos for writing about Adhelm, free to use as they are. For interviews, quotes or anything not covered here, our press team is one email away."
      >
        <MailButton email={email} subject="Press enquiry" size="lg">
          Email {email}
        </MailButton>
      </PageHero>

      <ContentSection
        id="facts"
        title="Adhelm at a glance"
        lead="The figures we stand behind, and what the product does in a sentence or two."
      >
        <FactGrid facts={companyFacts} />
        <dl className="mt-10 grid gap-x-10 gap-y-6 sm:grid-cols-2">
          {productFacts.map((fact) => (
            <div key={fact.term} className="border-t pt-4">
              <dt className="font-semibold">{fact.term}</dt>
              <dd className="mt-1 text-pretty text-muted-foreground">{fact.detail}</dd>
            </div>
          ))}
        </dl>
      </ContentSection>

      <ContentSection
        id="boilerplate"
        title="About Adhelm"
        lead="Our company description in two lengths. Quote either one as written, or shorten it as long as the facts stay true."
        isTinted
      >
        <div className="grid gap-6 lg:grid-cols-2">
          {boilerplates.map((boilerplate) => (
            <Card key={boilerplate.id}>
              <CardHeader>
                <CardTitle>
                  <h3 className="text-lg">{boilerplate.title}</h3>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <blockquote className="text-pretty leading-7">{boilerplate.text}</blockquote>
              </CardContent>
            </Card>
          ))}
        </div>
      </ContentSection>

      <ContentSection
        id="logo"
        title="Logo and brand"
        lead="Our mark is a helm wheel whose spokes end in a rising bar chart. Please use the files below rather than a screenshot."
      >
        <div className="grid gap-6 sm:grid-cols-2">
          <div className="flex h-40 items-center justify-center rounded-xl border bg-background">
            <Logo className="text-2xl" />
          </div>
          <div className="flex h-40 items-center justify-center rounded-xl border bg-foreground text-background">
            <Logo className="text-2xl" />
          </div>
        </div>

        <h3 className="mt-10 font-semibold text-xl tracking-tight">Downloads</h3>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {logoDownloads.map((file) => (
            <li key={file.href} className="flex items-center justify-between gap-4 rounded-xl border bg-card p-4">
              <div>
                <p className="font-medium">{file.label}</p>
                <p className="text-muted-foreground text-sm">{file.description}</p>
              </div>
              <Button variant="outline" size="sm" asChild>
                <a href={file.href} download>
                  <Download aria-hidden="true" />
                  Download<span className="sr-only"> {file.label}</span>
                </a>
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-muted-foreground text-sm">
          Need the full logo with the name, in SVG or PNG, or a product screenshot? Write to{" "}
          <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
            {email}
          </a>{" "}
          and we send them the same day.
        </p>

        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-xl tracking-tight">Please do</h3>
            <ul className="mt-4 space-y-3">
              {logoDos.map((rule) => (
                <li key={rule} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span className="text-pretty">{rule}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold text-xl tracking-tight">Please don't</h3>
            <ul className="mt-4 space-y-3">
              {logoDonts.map((rule) => (
                <li key={rule} className="flex gap-3">
                  <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
                  <span className="text-pretty">{rule}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </ContentSection>

      <ContentSection
        id="topics"
        title="What we can talk about"
        lead="Our team writes and speaks about the questions marketers ask us every day. Our blog has longer pieces on each."
        isTinted
      >
        <ul className="grid gap-6 sm:grid-cols-2">
          {topics.map((topic) => (
            <li key={topic.title} className="rounded-xl border bg-card p-6 text-card-foreground">
              <h3 className="font-semibold text-lg">{topic.title}</h3>
              <p className="mt-2 text-pretty text-muted-foreground">{topic.description}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="contact" title="Press contact">
        <div className="flex flex-col gap-6 rounded-xl border bg-card p-6 text-card-foreground sm:p-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <p className="text-pretty">
              Journalists, analysts and podcast hosts: write to{" "}
              <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
                {email}
              </a>
              . We reply within one business day, and can arrange interviews with our founders and product team.
            </p>
            <p className="mt-3 text-muted-foreground text-sm">
              For product news, see the{" "}
              <Link to="/changelog" className="underline underline-offset-4">
                changelog
              </Link>
              ; for the company story, see{" "}
              <Link to="/about" className="underline underline-offset-4">
                About Adhelm
              </Link>
              .
            </p>
          </div>
          <MailButton email={email} subject="Press enquiry">
            Contact the press team
          </MailButton>
        </div>
      </ContentSection>
    </>
  );
}
