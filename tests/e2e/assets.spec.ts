/**
 * /assets in the browser: uploading several files with a progress bar each and a message for the
 * one refused by its bytes, then the library's filters (in the URL), grid and table, rename and
 * tags, at desktop and phone widths, light and dark, with no accessibility violations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
// Screenshots for review (the "looks like a top product"), at both widths and schemes.
const SCREENSHOTS = path.resolve("data/screenshots/assets");

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 230, g: 90, b: 40 } } })
    .png()
    .toBuffer();

async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Choose files" }).click(),
  ]);
  await chooser.setFiles(files);
}

describe("/assets", () => {
  it("uploads with progress, refuses a renamed file, and filters, renames and tags in the library", async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page.context(), user);
    await page.goto("/assets");
    await page.getByRole("heading", { name: "Assets", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "No creatives yet" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Upload creatives" }).click();
    await page.waitForURL(/view=uploads/);

    // The first upload is held at the server's door until its progress bar has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/asset-uploads", async (route) => {
      await held;
      await route.continue();
    });
    await chooseFiles(page, [
      { name: "spring-hero.png", mimeType: "image/png", buffer: await png(1200, 628) },
      { name: "brief.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 not an image at all") },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads.getByRole("progressbar", { name: "spring-hero.png" }).waitFor();
    release();
    const hero = uploads.getByRole("listitem").filter({ hasText: "spring-hero.png" });
    await hero.getByText("Uploaded", { exact: true }).waitFor();
    const refused = uploads.getByRole("listitem").filter({ hasText: "brief.png" });
    await refused
      .getByText(
        "This file is not a JPEG, PNG, WebP or GIF image or an MP4 or MOV video. Adhelm checks the file's contents, not its name.",
      )
      .waitFor();
    await page.unroute("**/asset-uploads");
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "upload-1440-light");

    await page.getByRole("link", { name: "See them in the library" }).click();
    await page.getByText("1 creative", { exact: true }).waitFor();
    const card = page.getByRole("listitem").filter({ hasText: "spring-hero" });
    await card.getByText("1,200 × 628").waitFor();
    await card.getByRole("img", { name: "Preview of spring-hero" }).waitFor();

    // Rename and tag it; a bad tag is refused next to its field first.
    await card.getByRole("button", { name: "Edit spring-hero" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit creative" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Spring hero v2");
    await dialog.getByRole("textbox", { name: "Tags" }).fill("Spring, <hero>");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Tags use letters, numbers, spaces and - _ & + . only.").waitFor();
    await dialog.getByRole("textbox", { name: "Tags" }).fill("Spring, hero");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Creative saved.").waitFor();
    const renamed = page.getByRole("listitem").filter({ hasText: "Spring hero v2" });
    await renamed.getByText("spring", { exact: true }).waitFor();
    await shoot(page, "library-1440-light");

    // The filters live in the URL.
    await page.getByRole("combobox", { name: "Tag" }).selectOption("spring");
    await page.waitForURL(/tag=spring/);
    await page.getByText("1 creative", { exact: true }).waitFor();
    await page.getByRole("combobox", { name: "Kind" }).selectOption("video");
    await page.waitForURL(/kind=video/);
    await page.getByRole("heading", { name: "No creatives match these filters" }).waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.getByText("1 creative", { exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Kind" }).inputValue()).toBe("all");
    await page.getByRole("searchbox", { name: "Search" }).fill("hero v2");
    await page.getByRole("button", { name: "Search creatives" }).click();
    await page.waitForURL(/q=hero/);
    await page.getByRole("link", { name: "Show as table" }).click();
    await page.waitForURL(/layout=table/);
    await page.getByRole("cell", { name: "Spring hero v2", exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "table-1440-light");
    await page.close();
  });

  it("reads well on a phone in dark mode", async () => {
    const user = await createVerifiedUser({ firstName: "Grace", lastName: "Hopper" });
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    await signInAs(page.context(), user);
    await page.goto("/assets?view=uploads");
    await chooseFiles(page, [{ name: "square.png", mimeType: "image/png", buffer: await png(400, 400) }]);
    await page.getByRole("list", { name: "Uploads" }).getByText("Uploaded", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "upload-375-dark");
    await page.getByRole("navigation", { name: "Asset views" }).getByRole("link", { name: "Library" }).click();
    await page.getByRole("listitem").filter({ hasText: "square" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "library-375-dark");
    await page.getByRole("link", { name: "Show as table" }).click();
    await page.getByRole("cell", { name: "square", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, "table-375-dark");

    // Deleting asks first, then the library says what to do next.
    await page.getByRole("button", { name: "Delete square" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete square?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "square was deleted.").waitFor();
    await page.getByRole("heading", { name: "No creatives yet" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
