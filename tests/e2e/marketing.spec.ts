import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The plan card of the pricing component, found by its plan name. */
function planCard(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("group", { name, exact: true });
}

/** Clicks an endpoint's Try it (a <summary>, which has no ARIA role, so it is found by its text). */
async function tryIt(page: Page, endpoint: string): Promise<void> {
  await page.getByRole("article", { name: endpoint, exact: true }).getByText("Try it").click();
}

/** What a person sees: rendered text only (a hidden price is left out), whitespace collapsed. */
async function visibleText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, " ");
}

async function jsonLdOn(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

describe("landing page hero", () => {
  it("carries the email address into the sign-up form", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    const hero = page.getByRole("form", { name: "Start your free trial" });
    await hero.getByRole("textbox", { name: "Work email" }).fill("ada@example.com");
    await hero.getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/signup?email=ada%40example.com");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Create your account");
    await expect.poll(() => page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("ada@example.com");
  });

  it("sends the address to sign-up as a plain form, before any JavaScript", async () => {
    const page = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const hero = page.getByRole("form", { name: "Start your free trial" });
    await hero.getByRole("textbox", { name: "Work email" }).fill("grace@example.com");
    await hero.getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/signup?email=grace%40example.com", { waitUntil: "domcontentloaded" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create your account");
  });
});

describe("landing page sections", () => {
  it("has the features, pricing and integrations anchors as labelled sections", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    for (const [id, heading] of [
      ["features", "Everything you need to run paid media in one place"],
      ["pricing", "Pricing that grows with your accounts"],
      ["integrations", "Works with the platforms you already use"],
    ]) {
      const section = page.locator(`section#${id}`);
      expect(await section.count()).toBe(1);
      expect(await section.getByRole("heading", { level: 2 }).first().textContent()).toBe(heading);
    }
    expect(await page.locator("#features").getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "AI optimization",
      "Multi-platform management",
      "Real-time analytics",
      "Automated campaign rules",
      "Cross-platform budget management",
      "Advanced performance insights",
    ]);
  });

  it("shows the seven connectable platforms and Twitter/X as coming soon", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    const tiles = page.locator("#integrations").getByRole("listitem");
    const texts = await tiles.allTextContents();
    const connectable = ["Google Ads", "Microsoft Advertising", "Meta", "TikTok", "LinkedIn", "Shopify", "WooCommerce"];
    expect(texts).toHaveLength(8);
    for (const name of connectable) {
      // A tile reads monogram, name, description ("GAGoogle Ads…").
      const tile = texts.find((text) => text.includes(name));
      expect(tile, name).toBeDefined();
      expect(tile).not.toContain("Coming soon");
    }
    expect(texts.find((text) => text.includes("Twitter/X"))).toContain("Coming soon");
    expect(texts.filter((text) => text.includes("Coming soon"))).toHaveLength(1);
  });

  it("tells the three-step story, links the legal documents and tells illustrative customer stories", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    const steps = page.getByRole("region", { name: "From connected accounts to better ROAS in three steps" });
    expect(await steps.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Connect your ad platforms",
      "Set your goals",
      "Let the AI optimize",
    ]);
    expect(await page.getByRole("link", { name: "Read the legal documentation" }).getAttribute("href")).toBe("/legal");
    const stories = page.getByRole("region", { name: "How marketers and agencies use Adhelm" });
    // The quotes are composites, and the page says so (docs/claims.md).
    expect(await stories.getByText(/composites, not named customers/).count()).toBe(1);
    const quotes = stories.getByRole("figure");
    expect(await quotes.count()).toBe(3);
    const captions = await quotes.locator("figcaption").allTextContents();
    for (const [index, person] of [
      "Sarah WhitfieldHead of Paid Media, Northlane Digital",
      "Marco BianchiE-commerce Director, Verdi Outdoor",
      "Aisha KarimPerformance Marketing Lead, Brightwell Health",
    ].entries())
      expect(captions[index]).toContain(person);
    for (const claim of [
      "10,000+",
      "45%",
      "500+",
      "14-day free trial",
      "No credit card required",
      "Setup in 5 minutes",
    ])
      expect(await page.getByText(claim, { exact: true }).count(), claim).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Ready to grow your ROAS?" }).count()).toBe(1);
  });
});

describe("pricing plans", () => {
  it.each(["/", "/pricing"])("switch between monthly and yearly prices on %s", async (path) => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(path);
    const scope = path === "/" ? page.locator("#pricing") : page.getByRole("main");
    const period = scope.getByRole("group", { name: "Billing period" });
    const starter = planCard(scope, "Starter");
    const professional = planCard(scope, "Professional");
    const enterprise = planCard(scope, "Enterprise");

    expect(await period.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    expect(await visibleText(starter)).toContain("$49 /month Billed monthly");
    expect(await visibleText(professional)).toContain("$149 /month Billed monthly");
    expect(await visibleText(professional)).toContain("Most popular");
    expect(await visibleText(enterprise)).toContain("Custom");
    expect(await visibleText(starter)).not.toContain("$39.20");

    await period.getByRole("radio", { name: /Yearly/ }).check();
    await expect.poll(() => visibleText(starter)).toContain("$39.20 /month Billed $470.40 yearly");
    expect(await visibleText(starter)).not.toContain("$49");
    expect(await visibleText(professional)).toContain("$119.20 /month Billed $1,430.40 yearly");
    expect(await visibleText(professional)).not.toContain("$149");
    expect(await visibleText(enterprise)).toContain("Custom");
    expect(await visibleText(period)).toContain("Save 20%");

    await period.getByRole("radio", { name: "Monthly" }).check();
    await expect.poll(() => visibleText(starter)).toContain("$49 /month");
  });

  it("lead to the trial with the plan chosen, and to sales for Enterprise", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/pricing");
    const main = page.getByRole("main");
    expect(
      await planCard(main, "Starter").getByRole("link", { name: "Start Free Trial with Starter" }).getAttribute("href"),
    ).toBe("/signup?plan=starter");
    expect(
      await planCard(main, "Professional")
        .getByRole("link", { name: "Start Free Trial with Professional" })
        .getAttribute("href"),
    ).toBe("/signup?plan=professional");
    const sales = planCard(main, "Enterprise").getByRole("link", { name: "Contact sales about Enterprise" });
    expect(await sales.getAttribute("href")).toMatch(/^mailto:sales@adhelm\.com/);
  });

  it("are complete in the server's HTML, monthly, and switch without JavaScript", async () => {
    const page = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    // "load": the stylesheet hides the yearly prices, and innerText reads what the styles show.
    await page.goto("/pricing", { waitUntil: "load" });
    const main = page.getByRole("main");
    expect(await visibleText(planCard(main, "Starter"))).toContain("$49 /month");
    expect(await visibleText(planCard(main, "Professional"))).toContain("$149 /month");
    expect(await main.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    // The switch is CSS, so it works here too.
    await main.getByRole("radio", { name: /Yearly/ }).check();
    expect(await visibleText(planCard(main, "Starter"))).toContain("$39.20 /month Billed $470.40 yearly");
  });
});

describe("pricing page", () => {
  it("answers the FAQ with the spec's facts", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/pricing");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const facts: Array<[question: string, answer: RegExp]> = [
      ["Is there a free trial?", /14-day free trial.*no credit card is required/],
      ["Can I change my plan later?", /prorated and take effect immediately/],
      ["Which payment methods do you accept?", /major credit and debit cards.*PayPal/],
      ["Can we pay by invoice?", /Invoicing is available for Enterprise plans billed annually/],
      ["Is there a setup fee?", /There is no setup fee/],
    ];
    for (const [question, answer] of facts) {
      const entry = faq.getByRole("group").filter({ hasText: question });
      const answerText = entry.getByText(answer);
      expect(await answerText.isVisible(), `${question} starts closed`).toBe(false);
      await entry.getByText(question).click();
      await expect.poll(() => answerText.isVisible(), { message: question }).toBe(true);
    }
  });

  it("compares the plans' limits from the catalog", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/pricing");
    const table = page.getByRole("table", { name: "Plan limits compared" });
    const row = async (name: string) =>
      (
        await table
          .getByRole("row", { name: new RegExp(`^${name}`) })
          .getByRole("cell")
          .allTextContents()
      ).map((text) => text.trim());
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Feature",
      "Starter",
      "Professional",
      "Enterprise",
    ]);
    expect(await row("Ad accounts")).toEqual(["3", "15", "Unlimited"]);
    expect(await row("Team members")).toEqual(["2", "10", "Unlimited"]);
    expect(await row("API calls a month")).toEqual(["10,000", "100,000", "Unlimited"]);
    expect(await row("Export formats")).toEqual(["CSV", "CSV, Excel, API", "CSV, Excel, API"]);
  });
});

describe("features page", () => {
  it("shows the four stats and the six features with how they work", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/features");
    const stats = page.getByRole("region", { name: "What teams see after switching to Adhelm" });
    const terms = await stats.getByRole("term").allTextContents();
    const values = await stats.getByRole("definition").allTextContents();
    expect(terms.map((term, index) => [values[index], term])).toEqual([
      ["94%", "Average campaign improvement"],
      ["2.3x", "ROI increase"],
      ["89%", "Time saved"],
      ["15+", "Platforms"],
    ]);
    const features = page.getByRole("region", { name: "Six capabilities, one dashboard" });
    expect(await features.getByRole("heading", { level: 3 }).count()).toBe(6);
    expect(await features.getByText("How it works in Adhelm").count()).toBe(6);
  });
});

describe("developer API page", () => {
  const ENDPOINTS = [
    "GET /api/v1/campaigns",
    "POST /api/v1/campaigns",
    "GET /api/v1/campaigns/{id}/metrics",
    "PUT /api/v1/campaigns/{id}",
  ];

  it("lists the four endpoints, each with a Try it control", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/api");
    for (const endpoint of ENDPOINTS) {
      const card = page.getByRole("article", { name: endpoint, exact: true });
      expect(await card.count(), endpoint).toBe(1);
      expect(await card.getByText("Try it").isVisible(), endpoint).toBe(true);
      const example = card.getByRole("region", { name: `Example request: ${endpoint}`, exact: true });
      expect(await example.isVisible(), endpoint).toBe(false);
    }
  });

  it("reveals a real example request and response with Try it", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/api");
    const request = page.getByRole("region", { name: "Example request: GET /api/v1/campaigns", exact: true });
    const response = page.getByRole("region", { name: "Example response: GET /api/v1/campaigns", exact: true });
    expect(await request.isVisible()).toBe(false);

    await tryIt(page, "GET /api/v1/campaigns");
    await expect.poll(() => request.isVisible()).toBe(true);
    const curl = (await request.textContent()) ?? "";
    expect(curl).toMatch(/^curl "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/campaigns/);
    expect(curl).toContain('-H "Authorization: Bearer $ADHELM_API_KEY"');
    const listing = JSON.parse((await response.textContent()) ?? "") as { data: Array<Record<string, unknown>> };
    expect(listing.data.length).toBeGreaterThan(0);
    for (const campaign of listing.data) {
      expect(Object.keys(campaign)).toEqual(expect.arrayContaining(["id", "platform", "name", "status"]));
      expect(campaign.daily_budget).toEqual({ amount_minor: expect.any(Number), currency: expect.any(String) });
    }

    await tryIt(page, "GET /api/v1/campaigns/{id}/metrics");
    const metricsResponse = page.getByRole("region", { name: "Example response: GET /api/v1/campaigns/{id}/metrics" });
    await expect.poll(() => metricsResponse.isVisible()).toBe(true);
    const metrics = JSON.parse((await metricsResponse.textContent()) ?? "") as { data: Record<string, unknown> };
    for (const key of ["impressions", "clicks", "spend", "conversions", "revenue", "ctr", "cpc", "roas", "roi"])
      expect(metrics.data, key).toHaveProperty(key);

    await tryIt(page, "POST /api/v1/campaigns");
    const postRequest = page.getByRole("region", { name: "Example request: POST /api/v1/campaigns" });
    await expect.poll(() => postRequest.textContent()).toContain("curl -X POST");
    expect(await postRequest.textContent()).toContain('-H "Content-Type: application/json"');

    // A second click folds it away again.
    await tryIt(page, "GET /api/v1/campaigns");
    await expect.poll(() => request.isVisible()).toBe(false);
  });

  it("lists the SDKs, a Python quick start and developer support", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/api");
    const sdks = page.getByRole("region", { name: "SDKs for the languages you use" }).getByRole("listitem");
    expect((await sdks.allTextContents()).map((text) => text.trim())).toEqual([
      "PythonAvailable",
      "Node.jsAvailable",
      "PHPAvailable",
      "RubyAvailable",
      "JavaComing soon",
      "C#Coming soon",
    ]);
    const quickStart = (await page.getByRole("region", { name: "Python quick start" }).textContent()) ?? "";
    expect(quickStart).toContain("import requests");
    expect(quickStart).toContain('/campaigns"');
    expect(quickStart).toContain("metrics['roi']");
    const support = page.getByRole("region", { name: "Developers helping developers" });
    expect(await support.getByRole("link", { name: "api@adhelm.com" }).getAttribute("href")).toBe(
      "mailto:api@adhelm.com",
    );
    expect(await support.getByRole("link", { name: "Read the documentation" }).getAttribute("href")).toBe("/docs");
  });
});

describe("about page", () => {
  it("shows the mission, the company figures, four team cards and the timeline", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/about");
    expect(await page.getByRole("region", { name: /^Make every advertising dollar/ }).count()).toBe(1);
    const facts = page.getByRole("region", { name: "Adhelm in numbers" });
    expect(await facts.getByRole("definition").allTextContents()).toEqual(["2022", "10K+", "150+", "99.9%"]);

    const team = page.getByRole("region", { name: "The people behind Adhelm" }).getByRole("article");
    expect(await team.count()).toBe(4);
    for (const card of await team.all()) {
      expect(await card.getByRole("heading", { level: 3 }).textContent()).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\p{L}+$/u);
      expect(((await card.locator("p").first().textContent()) ?? "").length).toBeGreaterThan(0);
    }

    const timeline = page.getByRole("list", { name: "Timeline" }).getByRole("listitem");
    const years = await timeline.locator("time").allTextContents();
    expect(years.slice(0, 3)).toEqual(["2022", "2023", "2024"]);
  });
});

describe("structured data", () => {
  it("describes the organization and the product with the catalog's offers on the landing page", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    const blocks = await jsonLdOn(page);
    expect(blocks.map((block) => block["@type"])).toEqual(["Organization", "SoftwareApplication"]);
    const offers = blocks[1]?.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ["Starter", 49, "USD"],
      ["Professional", 149, "USD"],
      ["Enterprise", undefined, undefined],
    ]);
  });

  it.each([
    ["/pricing", ["SoftwareApplication"]],
    ["/about", ["Organization"]],
    ["/features", []],
  ])("puts the right JSON-LD on %s", async (path, types) => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(path);
    expect((await jsonLdOn(page)).map((block) => block["@type"])).toEqual(types);
  });
});

describe("accessibility of the marketing pages (axe-core, WCAG 2.1 AA)", () => {
  it.each([
    ["/", "light"],
    ["/", "dark"],
    ["/features", "light"],
    ["/features", "dark"],
    ["/pricing", "light"],
    ["/pricing", "dark"],
    ["/api", "light"],
    ["/api", "dark"],
    ["/about", "light"],
    ["/about", "dark"],
  ] as const)("%s in %s has no violations", async (path, colorScheme) => {
    const page = await browser.newPage({ ...DESKTOP, colorScheme });
    await page.goto(path);
    // Open what a visitor can open, so the hidden parts are checked too.
    if (path === "/api") await tryIt(page, "PUT /api/v1/campaigns/{id}");
    if (path === "/pricing") await page.getByRole("radio", { name: /Yearly/ }).check();
    await page.addScriptTag({ content: axeSource });
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      });
      return result.violations;
    })) as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
    const summary = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
});
