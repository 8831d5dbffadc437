import { ReleaseCard } from "#app/components/content/release-card.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { SubscribeForm } from "#app/components/marketing/subscribe-form.tsx";
import { CHANGELOG_RELEASES } from "#app/lib/changelog.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/changelog";

// No React in the browser: its forms work as plain form posts.
export const handle = staticPage;

export function loader() {
  return { releases: CHANGELOG_RELEASES };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Changelog",
    description: "New features, improvements and fixes in Adhelm, the AI-assisted advertising campaign manager.",
    path: "/changelog",
    appUrl: appUrlFrom(matches),
  });

export default function ChangelogPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Product updates"
        title="Changelog"
        lead="Every new feature, improvement and fix we ship to Adhelm, newest first, so you always know what changed in the tools you rely on."
      />
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8 lg:py-16">
        <aside aria-labelledby="subscribe-heading" className="lg:col-start-2 lg:row-start-1">
          <div className="rounded-xl border bg-muted/30 p-6 lg:sticky lg:top-24">
            <h2 id="subscribe-heading" className="font-semibold text-lg tracking-tight">
              Get updates by email
            </h2>
            <p className="mt-2 text-pretty text-muted-foreground text-sm">
              One short email when we ship a release, with what changed and why it matters to your campaigns.
            </p>
            <SubscribeForm source="changelog" className="mt-4" />
          </div>
        </aside>
        <section aria-label="Releases" className="lg:col-start-1 lg:row-start-1">
          <ol className="space-y-8">
            {loaderData.releases.map((release) => (
              <li key={release.version}>
                <ReleaseCard release={release} />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
