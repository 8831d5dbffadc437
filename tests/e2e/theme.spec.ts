import { describe, expect, it } from "vitest";
import { newSignedInPage, sharedUserCookie } from "#tests/support/accounts.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

const backgroundOfBody = () => getComputedStyle(document.body).backgroundColor;

describe("theme", () => {
  it("applies a stored dark theme before any bundle runs, so nothing flashes", async () => {
    const page = await browser.newPage({ colorScheme: "light" });
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // Empty every script file: only the inline boot script can set the class.
    await page.route("**/assets/*.js", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    await page.goto("/", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(backgroundOfBody)).not.toBe("rgb(255, 255, 255)");
  });

  it("follows the system by default", async () => {
    const dark = await browser.newPage({ colorScheme: "dark" });
    await dark.goto("/");
    expect(await dark.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const light = await browser.newPage({ colorScheme: "light" });
    await light.goto("/");
    expect(await light.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  });

  it("shows system in the select before mount", async () => {
    const html = await (
      await fetch(`${baseUrl()}/preferences`, { headers: { cookie: await sharedUserCookie() } })
    ).text();
    const trigger = html.match(/<button[^>]*id="theme-select"[^>]*>([\s\S]*?)<\/button>/)?.[1] ?? "";
    expect(trigger.replace(/<[^>]+>/g, "")).toContain("System");
  });

  it("applies a choice at once and remembers it under the key theme", async () => {
    const page = await newSignedInPage(browser, { colorScheme: "light" });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("theme", "dark");
        sessionStorage.setItem("seeded", "1");
      }
    });
    await page.goto("/preferences");
    const select = page.getByRole("combobox", { name: "Theme" });
    await expect.poll(() => select.textContent()).toContain("Dark");
    await select.click();
    await page.getByRole("option", { name: "Light" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await expect.poll(() => select.textContent()).toContain("Light");
  });
});
