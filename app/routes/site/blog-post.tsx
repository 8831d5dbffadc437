import { ArrowLeft } from "lucide-react";
import { data, Link, type MetaDescriptor } from "react-router";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { PostMeta } from "#app/components/blog/post-meta.tsx";
import { Prose } from "#app/components/content/prose.tsx";
import { TableOfContents } from "#app/components/content/table-of-contents.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { findBlogPost, listRelatedBlogPosts } from "#app/lib/blog.server.ts";
import { appUrlFrom, pageMeta, SITE_NAME } from "#app/lib/seo.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { ContentErrorScreen, logMissingPage, notFoundMeta } from "#app/routes/not-found.tsx";
import type { Route } from "./+types/blog-post";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const post = findBlogPost(params.slug);
  if (!post) {
    logMissingPage(request, context);
    throw data(null, { status: 404 });
  }
  return { post, related: listRelatedBlogPosts(post.slug) };
}

/** Content only: the page ships no React to the browser. */
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const post = loaderData?.post;
  if (!post) return notFoundMeta(matches, location.pathname);
  const appUrl = appUrlFrom(matches);
  const path = `/blog/${post.slug}`;
  const tags = pageMeta({ title: post.title, description: post.description, path, appUrl }).map(
    (tag): MetaDescriptor => ("property" in tag && tag.property === "og:type" ? { ...tag, content: "article" } : tag),
  );
  return [
    ...tags,
    { property: "article:published_time", content: post.date },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        datePublished: post.date,
        articleSection: post.category.label,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: SITE_NAME },
        mainEntityOfPage: `${appUrl ?? ""}${path}`,
      },
    },
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;

  return (
    <>
      <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <header className="mx-auto max-w-3xl lg:mx-0">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1 rounded-sm font-medium text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the blog
          </Link>
          <div className="mt-6">
            <Badge variant="secondary" asChild>
              <Link to={`/blog?category=${post.category.slug}`}>{post.category.label}</Link>
            </Badge>
          </div>
          <h1 className="mt-4 text-balance font-bold text-3xl tracking-tight sm:text-4xl lg:text-5xl">{post.title}</h1>
          <p className="mt-4 text-pretty text-lg text-muted-foreground">{post.description}</p>
          <PostMeta post={post} className="mt-6 border-b pb-6" />
        </header>

        <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16">
          <aside className="lg:col-start-2 lg:row-start-1">
            <TableOfContents headings={post.headings} maxDepth={2} className="lg:sticky lg:top-24" />
          </aside>
          <Prose html={post.html} className="mx-auto w-full max-w-3xl lg:col-start-1 lg:row-start-1 lg:mx-0" />
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="border-t bg-muted/30 py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="related-heading" className="font-bold text-2xl tracking-tight">
                Related posts
              </h2>
              <Link
                to="/blog"
                className="rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                All posts
              </Link>
            </div>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((relatedPost) => (
                <li key={relatedPost.slug}>
                  <PostCard post={relatedPost} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <ContentErrorScreen subject="post" backTo="/blog" backLabel="Back to the blog" />;
}
