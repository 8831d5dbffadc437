import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signedInPage } from "#tests/support/accounts.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { chooseOption } from "#tests/support/choose-option.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1280, height: 800 } };
const newDesktopPage = () => browser.newPage(desktop);

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const main = (page: Page) => page.getByRole("main");

/** Opens the screen and waits for hydration: the save button is disabled until then. */
async function openProfile(page: Page, path = "/profile") {
  await page.goto(path);
  await expect.poll(() => page.getByRole("button", { name: "Save Changes" }).isEnabled()).toBe(true);
}

/** Posts to the route's action the way its fetcher does (React Router's `.data` endpoint). */
function postToAction(page: Page, path: string, options: Parameters<Page["request"]["post"]>[1]) {
  return page.request.post(`${path}.data`, { ...options, headers: { origin: baseUrl(), ...options?.headers } });
}

const validProfile = {
  first_name: "Ada",
  last_name: "Lovelace",
  company_name: "Analytical Engines",
  company_size: "",
  timezone: "UTC",
  currency: "USD",
};

function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#2f4fd8" } })
    .png()
    .toBuffer();
}

/** Counts the fetcher submissions a page sends, to prove a refused form sent nothing. */
function countActionPosts(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") count++;
  });
  return () => count;
}

describe("profile screen", () => {
  it("shows the sign-up's values, saves edits and keeps them after a reload", async () => {
    const { page, user } = await signedInPage(newDesktopPage);
    await openProfile(page);
    await page.getByRole("heading", { name: "Profile Settings", level: 1 }).waitFor();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Ada");
    expect(await page.getByRole("textbox", { name: "Last name" }).inputValue()).toBe("Lovelace");
    expect(await page.getByRole("textbox", { name: "Company name" }).inputValue()).toBe("Analytical Engines");
    const email = page.getByRole("textbox", { name: "Email" });
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.isEditable()).toBe(false);
    expect(await page.getByText("Email cannot be changed").isVisible()).toBe(true);
    // The role is the one in the active organization: read-only here, changed on the team page.
    const role = page.getByRole("textbox", { name: "Role" });
    expect(await role.inputValue()).toBe("Owner");
    expect(await role.isEditable()).toBe(false);
    expect(await page.getByText("Your role in Analytical Engines.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Manage roles on the team page" }).getAttribute("href")).toBe(
      "/settings/team",
    );
    expect(await page.getByRole("combobox", { name: "Role" }).count()).toBe(0);
    expect(await page.getByRole("combobox", { name: "Timezone" }).textContent()).toContain("UTC");
    expect(await page.getByRole("combobox", { name: "Currency" }).textContent()).toContain("USD — US Dollar");

    await page.getByRole("textbox", { name: "First name" }).fill("Augusta");
    await page.getByRole("textbox", { name: "Company name" }).fill("Difference Engines Ltd");
    await chooseOption(page, "Company size", "11-50 employees");
    await chooseOption(page, "Timezone", "Europe/Paris");
    await chooseOption(page, "Currency", "EUR — Euro");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toasts(page).getByText("Profile updated", { exact: true }).waitFor();
    // The sidebar reads the name from the root loader, which revalidated after the save.
    await expect
      .poll(() => page.getByRole("button", { name: /User menu/ }).textContent())
      .toContain("Augusta Lovelace");

    await page.reload();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Augusta");
    expect(await page.getByRole("textbox", { name: "Company name" }).inputValue()).toBe("Difference Engines Ltd");
    expect(await page.getByRole("combobox", { name: "Company size" }).textContent()).toContain("11-50 employees");
    expect(await page.getByRole("combobox", { name: "Timezone" }).textContent()).toContain("Europe/Paris");
    expect(await page.getByRole("combobox", { name: "Currency" }).textContent()).toContain("EUR — Euro");
  });

  it("is the same screen at /account/profile, and fits a phone", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 375, height: 812 } }));
    await openProfile(page, "/account/profile");
    await page.getByRole("heading", { name: "Profile Settings", level: 1 }).waitFor();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Ada");
    expect(await page.getByText("Email cannot be changed").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("refuses an empty first name in the browser and saves nothing", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openProfile(page);
    const firstName = page.getByRole("textbox", { name: "First name" });
    await firstName.waitFor();
    const posts = countActionPosts(page);
    await firstName.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await main(page).getByText("First name is required").waitFor();
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    expect(posts()).toBe(0);

    await page.reload();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Ada");
  });

  it("answers forged values with 400 and field errors, and saves nothing", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openProfile(page);
    const response = await postToAction(page, "/profile", {
      data: { ...validProfile, first_name: "Mallory", timezone: "Mars/Olympus" },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Choose a time zone from the list");

    // A real but unlisted currency code passes the schema's pattern and is still refused.
    const unlisted = await postToAction(page, "/profile", { data: { ...validProfile, currency: "XYZ" } });
    expect(unlisted.status()).toBe(400);
    expect(await unlisted.text()).toContain("Choose a currency from the list");

    // A role sent with the form is no field of it: the profile saves, the role stays the owner's.
    const withRole = await postToAction(page, "/profile", { data: { ...validProfile, role: "viewer" } });
    expect(withRole.status()).toBe(200);

    await page.reload();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Ada");
    expect(await page.getByRole("textbox", { name: "Role" }).inputValue()).toBe("Owner");
    expect(await page.getByRole("button", { name: "Switch Organization: Analytical Engines Owner" }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole("combobox", { name: "Timezone" }).textContent()).toContain("UTC");
    expect(await page.getByRole("combobox", { name: "Currency" }).textContent()).toContain("USD — US Dollar");
  });

  it("answers an update without a session with 'No user logged in'", async () => {
    const page = await newDesktopPage();
    const response = await postToAction(page, "/profile", { data: validProfile });
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain("No user logged in");

    // A plain form post (no fetcher) is sent to sign in instead.
    const document = await page.request.post("/profile", {
      data: validProfile,
      headers: { origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(document.status()).toBe(302);
    expect(document.headers().location).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("avatar upload", () => {
  it("uploads a PNG, shows the re-encoded avatar and serves it as WebP", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openProfile(page);
    expect(await page.getByText("JPG, PNG, GIF up to 5MB").isVisible()).toBe(true);
    await page.getByLabel("Upload avatar").setInputFiles({
      name: "portrait.png",
      mimeType: "image/png",
      buffer: await smallPng(),
    });
    await toasts(page).getByText("Avatar updated", { exact: true }).waitFor();
    const avatar = main(page).getByRole("img", { name: "Your avatar" });
    await avatar.waitFor();
    const src = (await avatar.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/avatars\/[^/]+\/avatar\.webp\?v=[0-9a-f]+$/);
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await image.body()).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    // The sidebar's user menu shows the same picture (decorative there, so found inside the button).
    const userMenu = page.getByRole("button", { name: /User menu/ });
    await expect.poll(() => userMenu.locator("img").getAttribute("src")).toBe(src);

    await page.reload();
    expect(await main(page).getByRole("img", { name: "Your avatar" }).getAttribute("src")).toBe(src);
  });

  it("refuses a file that is not an image, and one over 5 MB, before uploading", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openProfile(page);
    const input = page.getByLabel("Upload avatar");
    await input.waitFor({ state: "attached" });
    const posts = countActionPosts(page);

    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await toasts(page).getByText("Invalid file type", { exact: true }).waitFor();
    expect(await toasts(page).getByText("Please upload an image file.").isVisible()).toBe(true);

    const tooLarge = Buffer.concat([await smallPng(), Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: tooLarge });
    await toasts(page).getByText("File too large", { exact: true }).waitFor();
    expect(await toasts(page).getByText("Please upload an image smaller than 5MB.").isVisible()).toBe(true);
    expect(posts()).toBe(0);
  });

  it("refuses on the server an HTML file named .png and a PNG with a script appended", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openProfile(page);
    await page.getByLabel("Upload avatar").setInputFiles({
      name: "portrait.png",
      mimeType: "image/png",
      buffer: await smallPng(),
    });
    await toasts(page).getByText("Avatar updated", { exact: true }).waitFor();
    const avatar = main(page).getByRole("img", { name: "Your avatar" });
    await avatar.waitFor();
    const src = await avatar.getAttribute("src");

    // These pass the browser's type check (it trusts the name), so they are sent past it here.
    const forgeries = {
      "page.png": Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      "polyglot.png": Buffer.concat([await smallPng(), Buffer.from("<script>alert(1)</script>")]),
    };
    for (const [name, buffer] of Object.entries(forgeries)) {
      const response = await postToAction(page, "/profile", {
        multipart: { intent: "avatar", avatar: { name, mimeType: "image/png", buffer } },
      });
      expect(response.status(), name).toBe(400);
      const body = await response.text();
      expect(body, name).toContain("Invalid file type");
      expect(body, name).toContain("Please upload an image file.");
    }

    await page.reload();
    expect(await main(page).getByRole("img", { name: "Your avatar" }).getAttribute("src")).toBe(src);
  });
});
