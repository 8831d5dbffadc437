import { describe, expect, it } from "vitest";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

/** Every page the sitemap lists: the public site, blog posts and legal documents included. */
async function sitemapPaths(): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** Internal links of an HTML page, without their fragment. */
function internalLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"#?]*)(?:[?#][^"]*)?"/g)].map((match) => match[1] ?? "/");
}

describe("the public site", () => {
  it("has no internal link that answers 404, from the landing page outwards", async () => {
    const seen = new Set<string>(["/"]);
    const queue = ["/", ...(await sitemapPaths())];
    const broken: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift() as string;
      const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      if (response.status === 404) broken.push(path);
      const isHtml = response.headers.get("content-type")?.includes("text/html");
      if (!isHtml || response.status !== 200) continue;
      for (const link of internalLinks(await response.text())) {
        // App screens redirect anonymous visitors to /login; following them proves nothing here.
        if (seen.has(link) || link.startsWith("/api/") || link.startsWith("/media/")) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    expect(seen.size).toBeGreaterThan(25);
    expect(broken).toEqual([]);
  });

  it("lists blog posts and every legal document in the sitemap", async () => {
    const paths = await sitemapPaths();
    for (const document of ["privacy", "terms", "cookies", "gdpr", "security", "dpa", "aup"])
      expect(paths).toContain(`/legal/${document}`);
    expect(paths.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(7);
  });

  it("has no accessibility violations on any page of the sitemap, light on a desktop and dark on a phone", async () => {
    const failures: Record<string, string[]> = {};
    const desktop = await browser.newPage({ colorScheme: "light", viewport: { width: 1280, height: 800 } });
    const phone = await browser.newPage({ colorScheme: "dark", viewport: { width: 375, height: 812 } });
    for (const path of await sitemapPaths()) {
      for (const [name, page] of [
        ["light desktop", desktop],
        ["dark phone", phone],
      ] as const) {
        await page.goto(path);
        const violations = await axeViolations(page);
        if (violations.length > 0) failures[`${path} (${name})`] = violations;
      }
    }
    expect(failures).toEqual({});
  }, 240_000);
});
