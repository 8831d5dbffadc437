import { describe, expect, it } from "vitest";
import { newSignedInPage } from "../support/accounts.ts";
import { axeViolations } from "../support/axe.ts";
import { setupBrowser } from "../support/browser.ts";

const browser = setupBrowser();

// Every public page is checked by public-site.spec.ts; these are the screens behind sign-in,
// the auth forms and the 404 page.
describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  it.each([
    ["/login", "light"],
    ["/signup", "dark"],
    ["/forgot-password", "light"],
    ["/dashboard", "light"],
    ["/dashboard", "dark"],
    ["/profile", "light"],
    ["/preferences", "dark"],
    ["/no-such-page", "light"],
  ] as const)("%s in %s has no violations", async (path, colorScheme) => {
    const options = { colorScheme, viewport: { width: 1280, height: 800 } };
    const isAppScreen = ["/dashboard", "/profile", "/preferences"].includes(path);
    const page = isAppScreen ? await newSignedInPage(browser, options) : await browser.newPage(options);
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
});
