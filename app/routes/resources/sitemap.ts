import { appContext } from "#app/lib/app-context.ts";
import { listBlogPosts } from "#app/lib/blog.server.ts";
import { PUBLIC_PAGE_PATHS } from "#app/lib/route-paths.ts";
import type { Route } from "./+types/sitemap";

interface SitemapEntry {
  path: string;
  /** `YYYY-MM-DD`, when we know when the page last changed. */
  lastModified?: string;
}

function toUrlElement(appUrl: string, { path, lastModified }: SitemapEntry): string {
  const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : "";
  return `  <url><loc>${appUrl}${path}</loc>${lastmod}</url>`;
}

export function loader({ context }: Route.LoaderArgs) {
  const { APP_URL } = context.get(appContext).publicEnv;
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...listBlogPosts().map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
  ];
  const urls = entries.map((entry) => toUrlElement(APP_URL, entry)).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
