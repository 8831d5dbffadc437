import { Prose } from "#app/components/content/prose.tsx";
import { TableOfContents } from "#app/components/content/table-of-contents.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { getUserGuide } from "#app/lib/docs.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/docs";

export function loader() {
  return getUserGuide();
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Documentation",
    description:
      "The Adhelm user guide: get started, connect Google Ads, Microsoft Advertising, Meta, TikTok, LinkedIn, Shopify and WooCommerce, read the dashboard and use the API.",
    path: "/docs",
    appUrl: appUrlFrom(matches),
  });

export default function DocsPage({ loaderData }: Route.ComponentProps) {
  const { html, headings } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Documentation"
        title="Adhelm user guide"
        lead="Everything you need to set up Adhelm, connect your ad platforms and your store, read your dashboard and build on the API."
      />
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16">
        <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100svh-7rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents
            headings={headings}
            label="Contents"
            className="rounded-xl border bg-card p-5 lg:border-0 lg:bg-transparent lg:p-0"
          />
        </aside>
        <Prose html={html} className="max-w-3xl" />
      </div>
    </>
  );
}
