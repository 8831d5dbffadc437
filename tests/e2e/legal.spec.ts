import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS_VERSION } from "#app/lib/legal-documents.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

const DOCUMENTS = [
  ["privacy", "Privacy Policy"],
  ["terms", "Terms of Service"],
  ["cookies", "Cookie Policy"],
  ["gdpr", "GDPR Compliance"],
  ["security", "Security"],
  ["dpa", "Data Processing Agreement"],
  ["aup", "Acceptable Use Policy"],
] as const;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Whether the element's top edge lies inside the viewport (below the fixed site header). */
async function isInViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return top >= 0 && bottom <= window.innerHeight && top < window.innerHeight;
  });
}

describe("legal hub", () => {
  it("shows a card per document whose Read More link opens it, and mail buttons for legal and support", async () => {
    const page = await browser.newPage();
    await page.goto("/legal");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Legal Documentation");

    const cards = page.getByRole("list").filter({ has: page.getByRole("link", { name: /^Read More/ }) });
    await expect(cards.getByRole("listitem").count()).resolves.toBe(DOCUMENTS.length);
    for (const [slug, title] of DOCUMENTS) {
      const card = cards.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByRole("link", { name: `Read More: ${title}` }).getAttribute("href")).resolves.toBe(
        `/legal/${slug}`,
      );
    }

    for (const [slug, title] of DOCUMENTS) {
      await page.getByRole("link", { name: `Read More: ${title}` }).click();
      await page.waitForURL(`**/legal/${slug}`);
      // The URL can change before the new page has rendered: wait for its headline.
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      await page.goBack();
      await page.getByRole("heading", { level: 1, name: "Legal Documentation" }).waitFor();
    }

    const legal = page.getByRole("link", { name: "Contact Legal Team" });
    const support = page.getByRole("link", { name: "Contact Support" });
    await expect(legal.getAttribute("href")).resolves.toMatch(/^mailto:legal@adhelm\.com\?subject=/);
    await expect(support.getAttribute("href")).resolves.toMatch(/^mailto:support@adhelm\.com\?subject=/);
  });
});

describe("legal document page", () => {
  it("marks the current document in the side list and shows its version and date", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto("/legal/privacy");
    const sideList = page.getByRole("navigation", { name: "Legal documents" });
    const current = sideList.locator('[aria-current="page"]');
    await expect(current.count()).resolves.toBe(1);
    await expect(current.textContent()).resolves.toBe("Privacy Policy");
    await expect(sideList.getByRole("link").count()).resolves.toBe(DOCUMENTS.length + 1);

    const header = page.locator("article header");
    await expect(header.getByText(`Version ${LEGAL_DOCUMENTS_VERSION}`, { exact: true }).isVisible()).resolves.toBe(
      true,
    );
    await expect(header.locator("time").getAttribute("datetime")).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(header.locator("time").textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByRole("link", { name: "Contact Legal Team" }).getAttribute("href")).resolves.toMatch(
      /^mailto:legal@adhelm\.com/,
    );
    await expect(page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).resolves.toMatch(
      /^mailto:support@adhelm\.com/,
    );
  });

  it.each([
    [1440, "beside the text"],
    [375, "above the text"],
  ])("scrolls to a section from the table of contents at %ipx (%s)", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto("/legal/terms");
    // The id starts with a digit, which a CSS #id selector cannot express.
    const headingSelector = 'h2[id="22-governing-law"]';
    const toc = page.getByRole("navigation", { name: "On this page" });
    const entry = toc.getByRole("link", { name: "22. Governing law" });
    const target = await entry.getAttribute("href");
    expect(target).toBe("#22-governing-law");
    await expect(isInViewport(page, headingSelector)).resolves.toBe(false);

    await entry.click();
    await page.waitForURL(`**/legal/terms${target}`);
    // Smooth scrolling takes a moment; the heading must end up on screen, clear of the fixed header.
    await expect.poll(() => isInViewport(page, headingSelector), { timeout: 5_000 }).toBe(true);
    const top = await page.locator(headingSelector).evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(64);
  });

  it("downloads the document as a PDF holding its title", async () => {
    const page = await browser.newPage();
    await page.goto("/legal/terms");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("adhelm-terms-of-service.pdf");
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Terms of Service");
    expect(text).toContain("Limitation of liability");
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it.each(DOCUMENTS)("/legal/%s/pdf answers a PDF attachment of the %s", async (slug, title) => {
    const response = await fetch(`${baseUrl()}/legal/${slug}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const filename = `adhelm-${title.toLowerCase().replaceAll(" ", "-")}.pdf`;
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(title);
  });

  it.each([
    ["dpa", "Data Processing Agreement"],
    ["aup", "Acceptable Use Policy"],
  ])("/legal/%s is a document page", async (slug, title) => {
    const page = await browser.newPage();
    const response = await page.goto(`/legal/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe(`${title} | Adhelm`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await expect(
      page.getByRole("navigation", { name: "Legal documents" }).locator('[aria-current="page"]').textContent(),
    ).resolves.toBe(title);
  });

  it("answers an unknown document, and its PDF, with 404", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/legal/not-a-document");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Oops! Page not found");
    const pdf = await fetch(`${baseUrl()}/legal/not-a-document/pdf`);
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get("content-type")).not.toContain("pdf");
  });
});

describe("legal pages accessibility (axe-core, WCAG 2.1 AA)", () => {
  it.each([
    ["/legal", "light", 1280],
    ["/legal", "dark", 375],
    ["/legal/terms", "light", 1440],
    ["/legal/cookies", "dark", 1280],
    ["/legal/privacy", "light", 375],
  ] as const)("%s in %s at %ipx has no violations", async (path, colorScheme, width) => {
    const page = await browser.newPage({ colorScheme, viewport: { width, height: 800 } });
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
});
