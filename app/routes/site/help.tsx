import { BookOpen, Code2, Scale } from "lucide-react";
import { data, Link } from "react-router";
import { type ContactActionResult, ContactForm } from "#app/components/help/contact-form.tsx";
import { FAQ_GROUPS } from "#app/components/help/faq-content.tsx";
import { FaqList } from "#app/components/help/faq-list.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { isPlainPost, refuseForm } from "#app/lib/public-form-action.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { visitorOf } from "#app/lib/session.server.ts";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Help Center",
    description:
      "Answers about Adhelm's free trial, billing, connecting Google Ads, Meta, TikTok and LinkedIn, data freshness, security and the API, and a form to reach our support team.",
    path: "/help",
    appUrl: appUrlFrom(matches),
  });

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const fields = await readFormFields(request);
  try {
    const sent = await app.services.site.sendContactMessage(visitorOf(context), fields);
    return data<ContactActionResult>({ ok: true, ...sent });
  } catch (error) {
    return refuseForm(
      error,
      (unexpected) => app.logger.error({ err: unexpected, requestId: app.requestId }, "contact message failed"),
      { extra: { values: fields }, isDocument: isPlainPost(request) },
    );
  }
}

const RESOURCES = [
  { to: "/docs", title: "Documentation", description: "Guides for every screen and feature.", icon: BookOpen },
  { to: "/api", title: "Developer API", description: "Endpoints, SDKs and authentication.", icon: Code2 },
  { to: "/legal", title: "Legal and privacy", description: "Terms, privacy, GDPR and security.", icon: Scale },
] as const;

export default function HelpPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        lead="Answers to the questions we hear most, from the free trial to the API. Can't find yours? Write to us and a person from our support team will reply."
      >
        <Button size="lg" asChild>
          <a href="#questions">Browse answers</a>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <a href="#contact">Contact support</a>
        </Button>
      </PageHero>

      <section id="questions" aria-labelledby="questions-heading" className="scroll-mt-16 py-16 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-16 lg:px-8">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="questions-heading" className="text-balance font-bold text-3xl tracking-tight">
              Common questions
            </h2>
            <nav aria-label="Help topics" className="mt-6">
              <ul className="flex flex-wrap gap-2 lg:grid lg:gap-1">
                {FAQ_GROUPS.map((group) => (
                  <li key={group.id}>
                    <a
                      href={`#${group.id}`}
                      className="inline-block rounded-md border px-3 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-accent-foreground lg:border-0 lg:px-2"
                    >
                      {group.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <FaqList groups={FAQ_GROUPS} />
        </div>
      </section>

      <section
        id="contact"
        aria-labelledby="contact-heading"
        className="scroll-mt-16 border-t bg-muted/30 py-16 sm:py-24"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:gap-16 lg:px-8">
          <div className="grid content-start gap-6">
            <div>
              <h2 id="contact-heading" className="text-balance font-bold text-3xl tracking-tight">
                Contact support
              </h2>
              <p className="mt-4 text-pretty text-lg text-muted-foreground">
                Tell us what you need and a person from our support team will reply by email. You will get a reference
                number straight away.
              </p>
            </div>
            <ul className="grid gap-3">
              {RESOURCES.map(({ to, title, description, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground transition-colors hover:bg-accent"
                  >
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span className="grid gap-0.5">
                      <span className="font-medium">{title}</span>
                      <span className="text-muted-foreground text-sm">{description}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="text-xl">Send us a message</h3>
              </CardTitle>
              <CardDescription>All fields are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm plainResult={actionData} />
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}
