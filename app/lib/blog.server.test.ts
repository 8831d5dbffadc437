import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES } from "#app/components/blog/blog-types.ts";
import { parseFrontMatter } from "#core/content/markdown.ts";
import {
  blogFrontMatterSchema,
  computeReadingMinutes,
  countWords,
  findBlogPost,
  findFeaturedBlogPost,
  listBlogPosts,
  listBlogPostsInCategory,
  listRelatedBlogPosts,
  parseBlogPost,
  selectBlogListing,
} from "./blog.server.ts";

const BLOG_DIR = path.resolve("content/blog");
const POST_FILES = readdirSync(BLOG_DIR).filter((file) => file.endsWith(".md"));

function frontMatterSource(fields: Record<string, string>, body = "Some words here.\n"): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join("\n")}\n---\n${body}`;
}

const VALID_FIELDS = {
  title: "A title",
  description: "A description",
  date: "2026-01-02",
  category: "guides",
  author: "Nora Castellanos",
};

describe("post files", () => {
  it("are at least seven, with kebab-case names", () => {
    expect(POST_FILES.length).toBeGreaterThanOrEqual(7);
    for (const file of POST_FILES) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  });

  it.each(POST_FILES)("%s has the required front matter and a real article of 600+ words", (file) => {
    const { data, body } = parseFrontMatter(readFileSync(path.join(BLOG_DIR, file), "utf8"));
    const result = blogFrontMatterSchema.safeParse(data);
    expect(result.success, result.error?.message).toBe(true);
    for (const key of ["title", "description", "date", "category", "author"]) expect(data[key]).toBeTruthy();
    expect(countWords(body)).toBeGreaterThanOrEqual(600);
    expect(body).toMatch(/^## /m);
  });
});

describe("the blog module", () => {
  it("loads every post file, newest first", () => {
    const posts = listBlogPosts();
    expect(posts.map((post) => `${post.slug}.md`).sort()).toEqual([...POST_FILES].sort());
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("has exactly one featured post, and it is the one the listing features", () => {
    const featured = listBlogPosts().filter((post) => post.isFeatured);
    expect(featured).toHaveLength(1);
    expect(findFeaturedBlogPost()?.slug).toBe(featured[0]?.slug);
  });

  it("gives every category at least one post", () => {
    for (const category of BLOG_CATEGORIES) expect(listBlogPostsInCategory(category.slug).length).toBeGreaterThan(0);
  });

  it("filters by category, keeping the newest-first order", () => {
    const measurement = listBlogPostsInCategory("measurement");
    expect(measurement.length).toBeGreaterThan(1);
    expect(measurement.every((post) => post.category.slug === "measurement")).toBe(true);
    expect(measurement).toEqual(listBlogPosts().filter((post) => post.category.slug === "measurement"));
    expect(listBlogPostsInCategory("no-such-category")).toEqual([]);
  });

  it("finds a post by slug with its rendered article, and returns undefined for an unknown slug", () => {
    const [first] = listBlogPosts();
    const post = findBlogPost(first?.slug);
    expect(post?.title).toBe(first?.title);
    expect(post?.html).toContain("<h2 id=");
    expect(post?.headings.length).toBeGreaterThan(2);
    expect(findBlogPost("no-such-post")).toBeUndefined();
    expect(findBlogPost(undefined)).toBeUndefined();
  });

  it("links only to posts that exist", () => {
    const slugs = new Set(listBlogPosts().map((post) => post.slug));
    for (const { slug } of listBlogPosts()) {
      const links = [...findBlogPost(slug)!.html.matchAll(/href="\/blog\/([^"#?]+)"/g)].map((match) => match[1]);
      for (const link of links) expect(slugs, `${slug} links to /blog/${link}`).toContain(link);
    }
  });

  it("relates posts of the same category first, never the post itself", () => {
    const post = listBlogPostsInCategory("platforms")[0]!;
    const related = listRelatedBlogPosts(post.slug);
    expect(related).toHaveLength(3);
    expect(related.map((other) => other.slug)).not.toContain(post.slug);
    expect(related[0]?.category.slug).toBe("platforms");
    expect(listRelatedBlogPosts("no-such-post")).toEqual([]);
  });
});

describe("reading time", () => {
  it.each([
    ["", 1],
    ["word ".repeat(220), 1],
    ["word ".repeat(221), 2],
    ["word ".repeat(1000), 5],
  ])("rounds up to whole minutes at 220 words a minute (%#)", (text, minutes) => {
    expect(computeReadingMinutes(text)).toBe(minutes);
  });

  it("counts the words people read, not Markdown syntax or link targets", () => {
    expect(countWords("## A heading\n\n- one [linked text](/blog/some-long-slug) | --- |\n")).toBe(5);
  });

  it("is computed from each post's own body", () => {
    const post = findBlogPost(listBlogPosts()[0]?.slug)!;
    const source = readFileSync(path.join(BLOG_DIR, `${post.slug}.md`), "utf8");
    expect(post.readingMinutes).toBe(computeReadingMinutes(parseFrontMatter(source).body));
    expect(post.readingMinutes).toBeGreaterThanOrEqual(3);
  });
});

describe("parseBlogPost", () => {
  it("reads the front matter, the featured flag and the category's label", () => {
    const post = parseBlogPost(
      "a-post",
      frontMatterSource({ ...VALID_FIELDS, featured: "true" }, "## Hello\n\nText.\n"),
    );
    expect(post).toMatchObject({
      slug: "a-post",
      title: "A title",
      category: { slug: "guides", label: "Guides" },
      isFeatured: true,
      readingMinutes: 1,
    });
    expect(post.headings).toEqual([{ id: "hello", text: "Hello", depth: 2 }]);
  });

  it.each(["title", "description", "date", "category", "author"])("refuses a post without %s", (field) => {
    const fields: Record<string, string> = { ...VALID_FIELDS };
    delete fields[field];
    expect(() => parseBlogPost("broken", frontMatterSource(fields))).toThrow(/content\/blog\/broken\.md/);
  });

  it("refuses an unknown category and a date that is not YYYY-MM-DD", () => {
    expect(() => parseBlogPost("x", frontMatterSource({ ...VALID_FIELDS, category: "news" }))).toThrow();
    expect(() => parseBlogPost("x", frontMatterSource({ ...VALID_FIELDS, date: "2 January 2026" }))).toThrow();
  });
});

describe("selectBlogListing", () => {
  it("without a filter, features one post and lists the six others", () => {
    const listing = selectBlogListing(null);
    expect(listing.activeCategory).toBeNull();
    expect(listing.featured?.isFeatured).toBe(true);
    expect(listing.posts).toHaveLength(listBlogPosts().length - 1);
    expect(listing.posts.length).toBeGreaterThanOrEqual(6);
    expect(listing.posts.map((post) => post.slug)).not.toContain(listing.featured?.slug);
  });

  it("with a category, lists only its posts and features none", () => {
    const listing = selectBlogListing("platforms");
    expect(listing.activeCategory?.label).toBe("Platform tips");
    expect(listing.featured).toBeNull();
    expect(listing.posts).toEqual(listBlogPostsInCategory("platforms"));
  });

  it("with an unknown category, says so and shows every post", () => {
    const listing = selectBlogListing("gossip");
    expect(listing.unknownCategory).toBe("gossip");
    expect(listing.activeCategory).toBeNull();
    expect((listing.featured ? 1 : 0) + listing.posts.length).toBe(listBlogPosts().length);
  });
});
