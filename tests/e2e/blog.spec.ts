import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "#core/content/markdown.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

/** The posts as their files declare them: what the pages must show. */
const POSTS = readdirSync("content/blog")
  .filter((file) => file.endsWith(".md"))
  .map((file) => {
    const { data } = parseFrontMatter(readFileSync(path.join("content/blog", file), "utf8"));
    return {
      slug: file.replace(/\.md$/, ""),
      title: data.title ?? "",
      date: data.date ?? "",
      category: data.category ?? "",
      author: data.author ?? "",
    };
  })
  .sort((a, b) => b.date.localeCompare(a.date));
const PLATFORM_TIPS = POSTS.filter((post) => post.category === "platforms");

/** The title of every post card on the page, in order. */
async function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
}

async function currentFilter(page: Page): Promise<string[]> {
  return page.getByRole("navigation", { name: "Blog categories" }).locator('[aria-current="page"]').allTextContents();
}

describe("the blog page", () => {
  it("shows the featured post and six cards, each with its category, date, reading time and author", async () => {
    const page = await browser.newPage();
    await page.goto("/blog");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The Adhelm Blog");
    expect(await cardTitles(page)).toHaveLength(POSTS.length);
    const featured = page.getByRole("region", { name: "Featured post" }).getByRole("article");
    expect(await featured.count()).toBe(1);
    const cards = page.getByRole("region", { name: "Latest posts" }).getByRole("article");
    expect(await cards.count()).toBe(6);
    for (const card of await cards.all()) {
      const text = (await card.textContent()) ?? "";
      expect(text).toMatch(/\d+ min read/);
      expect(text).toMatch(/By [A-Z][a-z]+ [A-Z]/);
      expect(text).toMatch(
        /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, 20\d\d/,
      );
      expect(text).toMatch(/Guides|Measurement|Automation|Platform tips/);
    }
    expect(await page.getByRole("heading", { name: "Get the next post in your inbox" }).count()).toBe(1);
  });

  it("filters by category through links, marks the active filter, and All brings every post back", async () => {
    const page = await browser.newPage();
    await page.goto("/blog");
    expect(await currentFilter(page)).toEqual(["All posts"]);

    await page.getByRole("link", { name: "Platform tips" }).click();
    await page.waitForURL("**/blog?category=platforms");
    await expect.poll(() => cardTitles(page)).toEqual(PLATFORM_TIPS.map((post) => post.title));
    expect(await currentFilter(page)).toEqual(["Platform tips"]);
    expect(await page.getByRole("heading", { level: 2, name: "Platform tips" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Featured post" }).count()).toBe(0);

    await page.getByRole("link", { name: "All posts" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.search === "");
    await expect.poll(async () => (await cardTitles(page)).length).toBe(POSTS.length);
    expect(await currentFilter(page)).toEqual(["All posts"]);
  });

  it("filters on the server, so the links work without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/blog", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Measurement" }).click();
    await page.waitForURL("**/blog?category=measurement", { waitUntil: "domcontentloaded" });
    const titles = await cardTitles(page);
    expect(titles.sort()).toEqual(
      POSTS.filter((post) => post.category === "measurement")
        .map((post) => post.title)
        .sort(),
    );
    expect(await currentFilter(page)).toEqual(["Measurement"]);
  });

  it("says so when the category does not exist, and shows every post", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/blog?category=gossip");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("status").textContent()).toContain("no category called “gossip”");
    expect(await cardTitles(page)).toHaveLength(POSTS.length);
    expect(await currentFilter(page)).toEqual(["All posts"]);
  });
});

describe("a blog post", () => {
  it("opens from its card and shows the article with its headings, author, reading time and related posts", async () => {
    const post = POSTS.find((candidate) => candidate.slug === "conversion-lag")!;
    const page = await browser.newPage();
    await page.goto("/blog");
    await page.getByRole("link", { name: post.title }).click();
    await page.waitForURL(`**/blog/${post.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(post.title);
    expect(await page.title()).toBe(`${post.title} | Adhelm`);

    const article = page.getByRole("article").first();
    expect(await article.getByRole("heading", { level: 2, name: "Where the lag comes from" }).count()).toBe(1);
    expect(await article.getByRole("heading", { level: 2, name: "A short checklist" }).count()).toBe(1);
    const text = (await article.textContent()) ?? "";
    expect(text).toContain(`By ${post.author}`);
    expect(text).toMatch(/\d+ min read/);
    expect(text).toContain("September 15, 2026");

    const contents = page.getByRole("navigation", { name: "On this page" });
    await contents.getByRole("link", { name: "Where the lag comes from" }).click();
    await page.waitForURL("**#where-the-lag-comes-from");

    const related = page.getByRole("region", { name: "Related posts" }).getByRole("article");
    expect(await related.count()).toBe(3);
    expect(await related.getByRole("link", { name: post.title }).count()).toBe(0);

    await page.getByRole("link", { name: "Back to the blog" }).click();
    await page.waitForURL((url) => url.pathname === "/blog");
  });

  it("has its own description and Article structured data", async () => {
    const html = await (await fetch(`${baseUrl()}/blog/cross-platform-roas`)).text();
    expect(html).toMatch(/<meta name="description" content="Each ad platform grades its own homework[^"]*"/);
    expect(html).toContain('<meta property="og:type" content="article"');
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({
      "@type": "BlogPosting",
      headline: "Cross-platform ROAS: comparing Google, Meta and TikTok on one scale",
      datePublished: "2026-11-10",
      author: { name: "Nora Castellanos" },
    });
  });

  it("answers 404 with the site's not-found page for an unknown slug", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    expect(await page.title()).toBe("Page not found | Adhelm");
    expect(await page.getByRole("banner").count()).toBe(1);
  });
});

describe("the sitemap", () => {
  it("lists every blog post", async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    for (const post of POSTS) expect(paths).toContain(`/blog/${post.slug}`);
    expect(paths).toContain("/blog");
    expect(paths).toContain("/pricing");
  });
});

describe("accessibility (axe-core)", () => {
  it.each([
    ["/blog", "light"],
    ["/blog", "dark"],
    ["/blog?category=platforms", "dark"],
    ["/blog/cross-platform-roas", "light"],
    ["/blog/cross-platform-roas", "dark"],
  ] as const)("%s in %s has no violations", async (url, colorScheme) => {
    const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("a post on a phone has no violations", async () => {
    const page = await browser.newPage({ colorScheme: "dark", viewport: { width: 375, height: 812 } });
    await page.goto("/blog/budget-pacing-across-platforms");
    expect(await axeViolations(page)).toEqual([]);
  });
});
