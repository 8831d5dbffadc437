import { describe, expect, it } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

describe("public header", () => {
  it("turns opaque only after the page scrolls more than 10px", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect.poll(() => header.getAttribute("data-opaque")).toBe("false");
    // Scroll, then let the scroll event and two frames pass, so a wrong flip would have happened.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener("scroll", () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
            once: true,
          });
          window.scrollTo(0, 10);
        }),
    );
    expect(await header.getAttribute("data-opaque")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => header.getAttribute("data-opaque")).toBe("true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute("data-opaque")).toBe("false");
  });

  it("shows the nav links and the anonymous actions", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Features", "/features"],
      ["Pricing", "/pricing"],
      ["Integrations", "/integrations"],
      ["About", "/about"],
      ["Blog", "/blog"],
    ]) {
      expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    await header.getByRole("link", { name: "Start Free Trial" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Create your account");
    expect(new URL(page.url()).pathname).toBe("/signup");
  });

  it.each(["/login", "/signup"])("is hidden on %s", async (path) => {
    const page = await browser.newPage();
    await page.goto(path);
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("is shown on the other public pages, with the footer", async () => {
    const page = await browser.newPage();
    await page.goto("/verify-email");
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
  });

  it("opens a menu with the nav links on a phone", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/pricing");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("footer", () => {
  it("carries every link of the spec", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of [
      "/api",
      "/changelog",
      "/about",
      "/blog",
      "/careers",
      "/press",
      "/partners",
      "/docs",
      "/help",
      "/community",
      "/webinars",
      "/case-studies",
      "/legal/terms",
      "/legal/cookies",
      "/legal/gdpr",
      "/legal/security",
      "/#features",
      "/#pricing",
      "/#integrations",
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(await footer.getByRole("button", { name: "Subscribe" }).count()).toBe(1);
  });

  it("leads to in-page anchors that exist on the landing page", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    for (const id of ["features", "pricing", "integrations"]) expect(await page.locator(`#${id}`).count()).toBe(1);
  });
});

describe("not-found page", () => {
  it("offers the way home", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("AI-powered ad management that grows your ROAS");
    expect(new URL(page.url()).pathname).toBe("/");
  });
});
