import { CalendarDays, Clock } from "lucide-react";
import { ContentSection } from "#app/components/content/content-section.tsx";
import { MailButton } from "#app/components/content/mail-button.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { WEBINARS, WEBINARS_EMAIL, type Webinar } from "#content/pages/webinars.ts";
import type { Route } from "./+types/webinars";

/** Sessions yet to come (soonest first) and those already held (newest first). */
export function loader() {
  const now = Date.now();
  const byStart = [...WEBINARS].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return {
    email: WEBINARS_EMAIL,
    upcoming: byStart.filter((webinar) => Date.parse(webinar.startsAt) > now),
    onDemand: byStart.filter((webinar) => Date.parse(webinar.startsAt) <= now).reverse(),
  };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Webinars",
    description:
      "Live and on-demand Adhelm webinars on budgets, blended ROAS, automation rules, TikTok, LinkedIn and the API. Register by email at webinars@adhelm.com.",
    path: "/webinars",
    appUrl: appUrlFrom(matches),
  });

/** In UTC, written out, so everyone can convert it to their own time. */
const SESSION_TIME = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

function WebinarCard({ webinar, email, isUpcoming }: { webinar: Webinar; email: string; isUpcoming: boolean }) {
  return (
    <article
      aria-labelledby={`${webinar.id}-title`}
      className="flex w-full flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{webinar.level}</Badge>
        {isUpcoming ? <Badge>Live</Badge> : <Badge variant="outline">On demand</Badge>}
      </div>
      <h3 id={`${webinar.id}-title`} className="mt-4 text-balance font-semibold text-xl tracking-tight">
        {webinar.title}
      </h3>
      <div className="mt-3 space-y-1 text-muted-foreground text-sm">
        <p className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <time dateTime={webinar.startsAt}>{SESSION_TIME.format(new Date(webinar.startsAt))} UTC</time>
        </p>
        <p className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {webinar.durationMinutes} minutes, with {webinar.hosts}
        </p>
      </div>
      <p className="mt-4 text-pretty">{webinar.summary}</p>
      <h4 className="mt-4 font-semibold text-sm">What it covers</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground text-sm leading-6">
        {webinar.topics.map((topic) => (
          <li key={topic}>{topic}</li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <MailButton
          email={email}
          subject={isUpcoming ? `Register: ${webinar.title}` : `Recording: ${webinar.title}`}
          variant={isUpcoming ? "default" : "outline"}
        >
          {isUpcoming ? "Register by email" : "Request the recording"}
          <span className="sr-only"> for {webinar.title}</span>
        </MailButton>
      </div>
    </article>
  );
}

export default function WebinarsPage({ loaderData }: Route.ComponentProps) {
  const { email, upcoming, onDemand } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Webinars"
        title="Adhelm webinars"
        lead="Live sessions with our product and paid media team, and recordings of past ones. Each is practical: real accounts, real setups, and time for your questions."
      />

      <ContentSection
        id="upcoming"
        title="Upcoming sessions"
        lead={
          <>
            To register, email{" "}
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
              {email}
            </a>{" "}
            with the session's title. We reply with a calendar invitation and the link to join.
          </>
        }
      >
        {upcoming.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((webinar) => (
              <li key={webinar.id} className="flex">
                <WebinarCard webinar={webinar} email={email} isUpcoming />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">
            The next sessions are being planned. Email us and we let you know as soon as dates are set.
          </p>
        )}
      </ContentSection>

      <ContentSection
        id="on-demand"
        title="On demand"
        lead="Missed a session? Ask for the recording and the slides, and we send them to you by email."
        isTinted
      >
        {onDemand.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {onDemand.map((webinar) => (
              <li key={webinar.id} className="flex">
                <WebinarCard webinar={webinar} email={email} isUpcoming={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">Recordings appear here after each live session.</p>
        )}
      </ContentSection>
    </>
  );
}
