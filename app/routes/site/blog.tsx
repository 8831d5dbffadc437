import { CategoryFilter } from "#app/components/blog/category-filter.tsx";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { SubscribeForm } from "#app/components/marketing/subscribe-form.tsx";
import { selectBlogListing } from "#app/lib/blog.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/blog";

// No React in the browser: its forms work as plain form posts.
export const handle = staticPage;

export function loader({ request }: Route.LoaderArgs) {
  return selectBlogListing(new URL(request.url).searchParams.get("category"));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = loaderData?.activeCategory;
  return pageMeta({
    title: category ? `${category.label} | Blog` : "Blog",
    description: category
      ? `${category.label} articles from the Adhelm Blog: practical advice on paid media for marketers who run ads on more than one platform.`
      : "Guides, playbooks and product news from the Adhelm team on paid media, measurement, budgeting and campaign automation.",
    path: category ? `/blog?category=${category.slug}` : "/blog",
    appUrl: appUrlFrom(matches),
  });
};

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategory, unknownCategory, featured, posts } = loaderData;
  const listHeading = activeCategory ? activeCategory.label : "Latest posts";

  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="The Adhelm Blog"
        lead="Practical guides on paid media, measurement and automation, plus news about what we are building, written for marketers who manage more than one ad platform."
      />

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <CategoryFilter categories={categories} activeSlug={activeCategory?.slug ?? null} />

        {unknownCategory ? (
          <p role="status" className="mt-6 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            We have no category called “{unknownCategory}”, so here are all our posts.
          </p>
        ) : null}

        {featured ? (
          <section aria-labelledby="featured-heading" className="mt-10">
            <h2 id="featured-heading" className="sr-only">
              Featured post
            </h2>
            <PostCard post={featured} isFeatured />
          </section>
        ) : null}

        <section aria-labelledby="posts-heading" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="posts-heading" className="font-bold text-2xl tracking-tight">
              {listHeading}
            </h2>
            <p className="text-muted-foreground text-sm">{posts.length === 1 ? "1 post" : `${posts.length} posts`}</p>
          </div>
          {posts.length > 0 ? (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-muted-foreground">No posts in this category yet. Try another one.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="newsletter-heading" className="border-t bg-muted/30 py-16">
        <div className="mx-auto max-w-2xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="newsletter-heading" className="text-balance font-bold text-2xl tracking-tight sm:text-3xl">
            Get the next post in your inbox
          </h2>
          <p className="mt-3 text-pretty text-muted-foreground">
            One email when we publish something new, usually once or twice a month. No spam, and you can unsubscribe at
            any time.
          </p>
          <SubscribeForm source="blog" className="mx-auto mt-6 max-w-md" />
        </div>
      </section>
    </>
  );
}
