import { z } from "zod";
import {
  BLOG_CATEGORIES,
  type BlogCategory,
  type BlogCategorySlug,
  type BlogPost,
  type BlogPostSummary,
} from "#app/components/blog/blog-types.ts";
import { parseFrontMatter, renderMarkdown } from "#core/content/markdown.ts";

/** A common estimate for reading on screen; it keeps our "min read" in line with other sites'. */
const WORDS_PER_MINUTE = 220;

const CATEGORY_SLUGS = BLOG_CATEGORIES.map((category) => category.slug) as [BlogCategorySlug, ...BlogCategorySlug[]];

/** What every `content/blog/<slug>.md` must declare in its front matter. */
export const blogFrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z.iso.date(),
  category: z.enum(CATEGORY_SLUGS),
  author: z.string().min(1),
  featured: z.enum(["true", "false"]).optional(),
});

/** Words a reader reads: link targets, code fences' markers and Markdown punctuation don't count. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[^\n]*\n/g, "\n")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ");
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Minutes to read a Markdown body, rounded up, at least one. */
export function computeReadingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

export function findBlogCategory(slug: string | null | undefined): BlogCategory | undefined {
  return BLOG_CATEGORIES.find((category) => category.slug === slug);
}

/** Parses one post file; a missing or malformed front-matter field fails loudly with the file's slug. */
export function parseBlogPost(slug: string, source: string): BlogPost {
  const { data, body } = parseFrontMatter(source);
  const parsed = blogFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`content/blog/${slug}.md has invalid front matter: ${z.prettifyError(parsed.error)}`);
  }
  const frontMatter = parsed.data;
  const { html, headings } = renderMarkdown(body);
  return {
    slug,
    title: frontMatter.title,
    description: frontMatter.description,
    date: frontMatter.date,
    category: findBlogCategory(frontMatter.category)!,
    author: frontMatter.author,
    readingMinutes: computeReadingMinutes(body),
    isFeatured: frontMatter.featured === "true",
    html,
    headings,
  };
}

/** The post files, bundled into the server build at build time; nothing is read from disk at runtime. */
const SOURCES = import.meta.glob<string>("../../content/blog/*.md", { query: "?raw", import: "default", eager: true });

function slugFromPath(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, "");
}

/** Newest first; the title breaks a tie so the order never depends on the file system. */
const POSTS: readonly BlogPost[] = Object.entries(SOURCES)
  .map(([path, source]) => parseBlogPost(slugFromPath(path), source))
  .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

function toSummary({ html: _html, headings: _headings, ...summary }: BlogPost): BlogPostSummary {
  return summary;
}

/** Every post, newest first. */
export function listBlogPosts(): BlogPostSummary[] {
  return POSTS.map(toSummary);
}

/** The posts of one category, newest first; an unknown category has none. */
export function listBlogPostsInCategory(categorySlug: string): BlogPostSummary[] {
  return POSTS.filter((post) => post.category.slug === categorySlug).map(toSummary);
}

/** The post marked `featured: true`; the newest post if none is. */
export function findFeaturedBlogPost(): BlogPostSummary | undefined {
  const featured = POSTS.find((post) => post.isFeatured) ?? POSTS[0];
  return featured ? toSummary(featured) : undefined;
}

/** The whole post for a URL slug, or undefined when there is no such post. */
export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return POSTS.find((post) => post.slug === slug);
}

/** Other posts to read next: the same category first, then the newest of the rest. */
export function listRelatedBlogPosts(slug: string, limit = 3): BlogPostSummary[] {
  const post = findBlogPost(slug);
  if (!post) return [];
  const others = POSTS.filter((candidate) => candidate.slug !== slug);
  const sameCategory = others.filter((candidate) => candidate.category.slug === post.category.slug);
  const rest = others.filter((candidate) => candidate.category.slug !== post.category.slug);
  return [...sameCategory, ...rest].slice(0, limit).map(toSummary);
}

export interface BlogListing {
  categories: readonly BlogCategory[];
  /** The filter in effect; null shows every post. */
  activeCategory: BlogCategory | null;
  /** A `?category=` value we have no category for (the page says so and shows every post). */
  unknownCategory: string | null;
  /** Shown above the cards when no filter is in effect. */
  featured: BlogPostSummary | null;
  posts: BlogPostSummary[];
}

/** What the blog page shows for a `?category=` value (or none). */
export function selectBlogListing(categoryParam: string | null): BlogListing {
  const activeCategory = findBlogCategory(categoryParam) ?? null;
  if (activeCategory) {
    return {
      categories: BLOG_CATEGORIES,
      activeCategory,
      unknownCategory: null,
      featured: null,
      posts: listBlogPostsInCategory(activeCategory.slug),
    };
  }
  const featured = findFeaturedBlogPost() ?? null;
  return {
    categories: BLOG_CATEGORIES,
    activeCategory: null,
    unknownCategory: categoryParam ? categoryParam : null,
    featured,
    posts: listBlogPosts().filter((post) => post.slug !== featured?.slug),
  };
}
