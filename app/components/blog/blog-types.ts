import type { MarkdownHeading } from "#core/content/markdown.ts";

/** The blog's categories, in the order the filter shows them. Each slug is a `?category=` value. */
export const BLOG_CATEGORIES = [
  { slug: "guides", label: "Guides" },
  { slug: "measurement", label: "Measurement" },
  { slug: "automation", label: "Automation" },
  { slug: "platforms", label: "Platform tips" },
] as const;

export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]["slug"];

export interface BlogCategory {
  slug: BlogCategorySlug;
  label: string;
}

/** What a card and a listing need: everything but the article itself. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  /** The front matter's description: the card's excerpt and the page's meta description. */
  description: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  category: BlogCategory;
  author: string;
  readingMinutes: number;
  isFeatured: boolean;
}

export interface BlogPost extends BlogPostSummary {
  html: string;
  headings: MarkdownHeading[];
}
