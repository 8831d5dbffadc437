import { describe, expect, it } from "vitest";
import { CHANGELOG_RELEASES } from "#app/lib/changelog.server.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

describe("the changelog", () => {
  it("shows a card per release, newest first, with its type and a label on every change", async () => {
    const page = await browser.newPage();
    await page.goto("/changelog");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Changelog");

    const cards = page.getByRole("region", { name: "Releases" }).getByRole("article");
    expect(await cards.count()).toBe(CHANGELOG_RELEASES.length);
    const versions = await cards.getByRole("heading", { level: 2 }).allTextContents();
    expect(versions).toEqual(CHANGELOG_RELEASES.map((release) => `Version ${release.version}`));

    const newest = CHANGELOG_RELEASES[0]!;
    const card = page.getByRole("article", { name: `Version ${newest.version}` });
    const text = (await card.textContent()) ?? "";
    expect(text).toContain(`${newest.type[0]?.toUpperCase()}${newest.type.slice(1)} release`);
    for (const item of newest.items) {
      const change = card.getByRole("listitem").filter({ has: page.getByRole("heading", { name: item.title }) });
      const label = { feature: "Feature", improvement: "Improvement", fix: "Fix" }[item.type];
      expect(await change.getByText(label, { exact: true }).isVisible()).toBe(true);
    }

    const launch = page.getByRole("article", { name: "Version 1.0.0" });
    expect(await launch.getByText("Major release").isVisible()).toBe(true);
    expect(await launch.getByText("September 27, 2022").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Get updates by email" }).count()).toBe(1);
  });
});

describe("the docs", () => {
  it("has a table of contents whose links lead to their sections", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto("/docs");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Adhelm user guide");
    const contents = page.getByRole("navigation", { name: "Contents" });
    const links = await contents.getByRole("link").all();
    expect(links.length).toBeGreaterThan(15);

    // Every entry points at a heading of the same text on this page.
    for (const link of links) {
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^#[a-z0-9-]+$/);
      expect((await page.locator(href).textContent())?.trim()).toBe((await link.textContent())?.trim());
    }
    for (const name of [
      "Getting started",
      "Google Ads",
      "Microsoft Advertising",
      "Meta",
      "TikTok",
      "LinkedIn",
      "Shopify",
      "WooCommerce",
      "The dashboard",
      "The API",
      "Authentication",
    ])
      expect(await contents.getByRole("link", { name, exact: true }).count()).toBe(1);

    await contents.getByRole("link", { name: "WooCommerce", exact: true }).click();
    await page.waitForURL("**/docs#woocommerce");
    const heading = page.getByRole("heading", { name: "WooCommerce", exact: true, level: 3 });
    await expect
      .poll(() => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(200);
  });

  it("documents the four API endpoints with bearer keys", async () => {
    const page = await browser.newPage();
    await page.goto("/docs#the-api");
    const text = (await page.getByRole("main").textContent()) ?? "";
    for (const endpoint of [
      "GET /api/v1/campaigns",
      "POST /api/v1/campaigns",
      "GET /api/v1/campaigns/{id}/metrics",
      "PUT /api/v1/campaigns/{id}",
      "Authorization: Bearer",
    ])
      expect(text).toContain(endpoint);
  });
});

const CONTENT_PAGES = [
  ["/press", "Press | Adhelm", "Press kit", "press@adhelm.com"],
  ["/partners", "Partners | Adhelm", "Grow with Adhelm", "partners@adhelm.com"],
  ["/community", "Community | Adhelm", "The Adhelm community", "community@adhelm.com"],
  ["/webinars", "Webinars | Adhelm", "Adhelm webinars", "webinars@adhelm.com"],
  ["/case-studies", "Case Studies | Adhelm", "How teams use Adhelm", undefined],
] as const;

describe("content pages", () => {
  it.each(CONTENT_PAGES)("%s answers 200 with its own title and one h1", async (path, title, headline, email) => {
    const page = await browser.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(title);
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual([headline]);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/.{60,}/);
    if (email) expect(await page.locator(`main a[href^="mailto:${email}"]`).count()).toBeGreaterThan(0);
    // Our own pages and mail addresses only: nothing here links to a site we don't run.
    const hrefs = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => !/^(\/|#|mailto:)/.test(href))).toEqual([]);
  });

  it("the press kit gives the company facts and logo files", async () => {
    const page = await browser.newPage();
    await page.goto("/press");
    const facts = page.getByRole("region", { name: "Adhelm at a glance" });
    for (const fact of ["2022", "10K+", "150+", "99.9%"])
      expect(await facts.getByText(fact, { exact: true }).count()).toBe(1);
    const download = page.getByRole("link", { name: "Download Adhelm mark, SVG" });
    const response = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  });

  it("webinars list upcoming and on-demand sessions, each with a date and a way to register", async () => {
    const page = await browser.newPage();
    await page.goto("/webinars");
    const upcoming = page.getByRole("region", { name: "Upcoming sessions" }).getByRole("article");
    const onDemand = page.getByRole("region", { name: "On demand" }).getByRole("article");
    expect((await upcoming.count()) + (await onDemand.count())).toBeGreaterThanOrEqual(5);
    for (const session of await upcoming.all()) {
      expect(await session.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const register = session.getByRole("link", { name: /^Register by email/ });
      expect(await register.getAttribute("href")).toMatch(/^mailto:webinars@adhelm\.com\?subject=Register/);
    }
  });

  it("case studies tell three or more stories, each labelled as an illustrative example", async () => {
    const page = await browser.newPage();
    await page.goto("/case-studies");
    const stories = page.getByRole("main").getByRole("article");
    expect(await stories.count()).toBeGreaterThanOrEqual(3);
    for (const story of await stories.all()) {
      expect(await story.getByText("Illustrative example", { exact: true }).count()).toBe(1);
      for (const part of ["The problem", "What they did in Adhelm", "Results"])
        expect(await story.getByRole("heading", { name: part }).count()).toBe(1);
    }
    expect(await page.getByRole("complementary", { name: "About these stories" }).textContent()).toContain(
      "Illustrative examples.",
    );
  });
});

describe("accessibility (axe-core)", () => {
  it.each([
    ["/changelog", "light", 1280],
    ["/changelog", "dark", 375],
    ["/docs", "light", 1280],
    ["/docs", "dark", 1280],
    ["/docs", "light", 375],
    ...CONTENT_PAGES.map(([path]) => [path, "light", 1280] as const),
    ...CONTENT_PAGES.map(([path]) => [path, "dark", 375] as const),
  ] as const)("%s in %s at %ipx has no violations", async (url, colorScheme, width) => {
    const page = await browser.newPage({ colorScheme, viewport: { width, height: 800 } });
    await page.goto(url);
    expect(await axeViolations(page)).toEqual([]);
  });
});
