import { CalendarDays, MapPin, MessagesSquare, Users, Video } from "lucide-react";
import { Link } from "react-router";
import { ContentSection } from "#app/components/content/content-section.tsx";
import { formatLongDate } from "#app/components/content/format-date.ts";
import { MailButton } from "#app/components/content/mail-button.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import {
  COMMUNITY_EMAIL,
  COMMUNITY_EVENTS,
  COMMUNITY_GUIDELINES,
  COMMUNITY_RESOURCES,
  COMMUNITY_SPACES,
} from "#content/pages/community.ts";
import type { Route } from "./+types/community";

export function loader() {
  // Past events drop off on their own; the list never shows a date that has gone by.
  const today = new Date().toISOString().slice(0, 10);
  return {
    email: COMMUNITY_EMAIL,
    spaces: COMMUNITY_SPACES,
    events: COMMUNITY_EVENTS.filter((event) => event.date >= today),
    resources: COMMUNITY_RESOURCES,
    guidelines: COMMUNITY_GUIDELINES,
  };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Community",
    description:
      "Meet other Adhelm users: the customer forum, weekly office hours with our team, meetups and the online user day.",
    path: "/community",
    appUrl: appUrlFrom(matches),
  });

const SPACE_ICONS = { forum: MessagesSquare, "office-hours": Video, events: Users } as const;

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { email, spaces, events, resources, guidelines } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Community"
        title="The Adhelm community"
        lead="Marketers, agencies and in-house teams learn fastest from each other. Here is where Adhelm users meet, ask questions and share what works, with our team in the room."
      />

      <ContentSection
        id="spaces"
        title="Where we meet"
        lead="Three ways to take part, all free for customers and trial users."
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {spaces.map((space) => {
            const Icon = SPACE_ICONS[space.id];
            return (
              <li key={space.id} className="flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-lg">{space.title}</h3>
                <p className="mt-2 text-pretty text-muted-foreground text-sm leading-6">{space.description}</p>
                <p className="mt-3 text-pretty text-sm leading-6">{space.howToJoin}</p>
                <div className="mt-auto pt-6">
                  <MailButton email={email} subject={space.action.subject} variant="outline" size="sm">
                    {space.action.label}
                  </MailButton>
                </div>
              </li>
            );
          })}
        </ul>
      </ContentSection>

      <ContentSection
        id="events"
        title="Upcoming events"
        lead="Seats at in-person evenings are limited. Write to us to save one."
        isTinted
      >
        {events.length > 0 ? (
          <ul className="grid gap-4">
            {events.map((event) => (
              <li
                key={event.title}
                className="grid gap-3 rounded-xl border bg-card p-6 text-card-foreground sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-center"
              >
                <div className="space-y-1 text-sm">
                  <p className="flex items-center gap-2 font-medium">
                    <CalendarDays aria-hidden="true" className="size-4 text-primary" />
                    <time dateTime={event.date}>{formatLongDate(event.date)}</time>
                  </p>
                  <p className="flex items-center gap-2 text-muted-foreground">
                    <MapPin aria-hidden="true" className="size-4" />
                    {event.place}
                  </p>
                </div>
                <div>
                  <h3 className="font-semibold">{event.title}</h3>
                  <p className="mt-1 text-pretty text-muted-foreground text-sm">{event.description}</p>
                </div>
                <MailButton email={email} subject={`Event: ${event.title}`} variant="outline" size="sm">
                  Save a seat<span className="sr-only"> at {event.title}</span>
                </MailButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">
            No events are scheduled right now. Write to{" "}
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
              {email}
            </a>{" "}
            and we tell you when the next one is planned near you.
          </p>
        )}
      </ContentSection>

      <ContentSection
        id="learn"
        title="Learn on your own"
        lead="Everything we publish to help you get more out of Adhelm."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {resources.map((resource) => (
            <li key={resource.to}>
              <Link
                to={resource.to}
                className="block h-full rounded-xl border bg-card p-5 text-card-foreground transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="font-semibold">{resource.title}</span>
                <span className="mt-1 block text-pretty text-muted-foreground text-sm">{resource.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="guidelines" title="Community guidelines" isTinted>
        <ul className="max-w-3xl list-disc space-y-3 pl-5">
          {guidelines.map((guideline) => (
            <li key={guideline} className="text-pretty">
              {guideline}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-muted-foreground text-sm">
          Questions about the community? Write to{" "}
          <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
            {email}
          </a>
          .
        </p>
      </ContentSection>
    </>
  );
}
