import { describe, expect, it } from "vitest";
import { newSignedInPage } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1280, height: 800 } };

describe("app shell sidebar", () => {
  it("lists every entry of the spec with its badges, Settings open", async () => {
    const page = await newSignedInPage(browser, desktop);
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    for (const [name, href] of [
      ["Ask Adhelm Beta", "/ask-shown"],
      // The viewer's setup progress: verified, with a complete profile (name, company, role, zone, currency).
      ["Getting Started 2/6", "/getting-started"],
      ["Dashboard", "/dashboard"],
      ["Campaigns", "/campaigns/mes-ads"],
      ["Optimizer", "/optimizer"],
      ["Notifications", "/notifications"],
      ["General", "/settings/general"],
      ["Integrations", "/integrations"],
      ["Team", "/settings/team"],
      ["Conversions", "/settings/conversions"],
      ["Profile", "/account/profile"],
      ["Preferences", "/account/preferences"],
    ]) {
      expect(await sidebar.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    expect(await sidebar.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );

    // Billing (its badge: the amount due, nothing yet) and Assets expand to their sub-pages.
    await sidebar.getByRole("button", { name: /^Billing [$€]0$/ }).click();
    expect(await sidebar.getByRole("link", { name: "Overview" }).getAttribute("href")).toBe("/billing");
    expect(await sidebar.getByRole("link", { name: "Invoices" }).getAttribute("href")).toBe("/billing/invoices");
    expect(await sidebar.getByRole("link", { name: "Payment method" }).getAttribute("href")).toBe(
      "/billing/payment-method",
    );
    await sidebar.getByRole("button", { name: "Assets" }).click();
    expect(await sidebar.getByRole("link", { name: "Library" }).getAttribute("href")).toBe("/assets");

    // The Settings group collapses.
    await sidebar.getByRole("button", { name: "Settings" }).click();
    expect(await sidebar.getByRole("link", { name: "General" }).count()).toBe(0);
  });

  it("has the organization switcher, Contact and a user menu", async () => {
    const page = await newSignedInPage(browser, desktop);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Switch Organization" }).click();
    expect(await page.getByRole("menuitem", { name: "Create New" }).count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("link", { name: "Contact" }).getAttribute("href")).toMatch(/^mailto:/);
    await page.getByRole("button", { name: "User menu" }).click();
    for (const name of ["Profile", "Preferences", "Logout"]) {
      expect(await page.getByRole("menuitem", { name }).count()).toBe(1);
    }
    await page.getByRole("menuitem", { name: "Preferences" }).click();
    await page.waitForURL("**/preferences");
  });

  it("collapses to 3rem by button and by Ctrl+B, and remembers it in a 7-day cookie", async () => {
    const page = await newSignedInPage(browser, desktop);
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    expect((await sidebar.boundingBox())?.width).toBe(256);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("collapsed");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);

    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const lifetimeDays = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(lifetimeDays).toBeGreaterThan(6.9);
    expect(lifetimeDays).toBeLessThanOrEqual(7);

    // The server renders the remembered state on the next visit.
    await page.reload();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");

    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("expanded");
    expect((await page.context().cookies()).find((candidate) => candidate.name === "sidebar_state")?.value).toBe(
      "true",
    );
  });

  it("shows icon-mode labels as tooltips", async () => {
    const page = await newSignedInPage(browser, desktop);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    // Hover once the 200 ms collapse has finished: a link still shrinking moves out from under
    // the pointer, and the browser's pointerleave closes the tooltip again.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
    await page.getByRole("link", { name: "Optimizer" }).hover();
    await expect.poll(() => page.getByRole("tooltip", { name: "Optimizer" }).count()).toBe(1);
  });

  it("becomes an 18rem drawer below 768px", async () => {
    const page = await newSignedInPage(browser, { viewport: { width: 375, height: 812 } });
    await page.goto("/dashboard");
    expect(await page.getByRole("complementary", { name: "Sidebar" }).count()).toBe(0);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    expect((await drawer.boundingBox())?.width).toBeCloseTo(288, 1);
    await drawer.getByRole("link", { name: "Optimizer" }).click();
    await page.waitForURL("**/optimizer");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });
});
