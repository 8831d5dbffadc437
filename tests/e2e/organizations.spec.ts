import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createVerifiedUser, signInAs, type TestUser } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { chooseOption } from "#tests/support/choose-option.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

const switcher = (page: Page) => page.getByRole("button", { name: /^Switch Organization/ });

async function signedIn(user: TestUser, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  await signInAs(page.context(), user);
  return page;
}

/** Clients an agency already has: enough for the switcher to offer its search box. */
async function addClients(user: TestUser, names: string[]) {
  await withServerDatabase(async (db) => {
    const userId = (await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow())
      .id;
    for (const name of names) await createOrganizationRepository(db).createWithOwner({ name, ownerId: userId });
  });
}

describe("organizations", () => {
  it("creates a second organization from the sidebar, works in it, and switches back through the search", async () => {
    const user = await createVerifiedUser({ companyName: "Analytical Engines" });
    const page = await signedIn(user);
    await page.goto("/dashboard");
    await expect.poll(() => switcher(page).textContent()).toContain("Analytical Engines");

    await switcher(page).click();
    await page.getByRole("menuitem", { name: "Create New" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an organization" });
    // Checked before anything is sent, with the server's schema.
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await dialog.getByText("The name must be at least 2 characters", { exact: true }).waitFor();
    await dialog.getByRole("textbox", { name: "Organization name" }).fill("Client Gamma");
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await toast(page, "Client Gamma is ready. You are now working in it.").waitFor();
    await dialog.waitFor({ state: "detached" });

    // The new organization is active: its name in the sidebar and its empty dashboard.
    await expect.poll(() => switcher(page).textContent()).toContain("Client Gamma");
    await page.getByRole("heading", { name: "Connect your first ad platform" }).waitFor();

    await addClients(user, ["Client 1", "Client 2", "Client 3", "Client 4", "Client 5"]);
    await switcher(page).click();
    const search = page.getByRole("searchbox", { name: "Search organizations" });
    await search.fill("analytical");
    await expect.poll(() => page.getByRole("menuitem").count()).toBe(2); // the match and Create New
    await page.getByRole("menuitem", { name: /Analytical Engines/ }).click();
    await expect.poll(() => switcher(page).textContent()).toContain("Analytical Engines");
    await page.waitForURL("**/dashboard");

    // The last used come first, the active one checked.
    await switcher(page).click();
    const items = page.getByRole("menuitem");
    await expect.poll(() => items.nth(0).textContent()).toContain("Analytical Engines");
    expect(await items.nth(1).textContent()).toContain("Client Gamma");
    expect(await items.nth(0).getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("Escape");
  });

  it("edits /settings/general and keeps it after a reload; a viewer sees it read-only", async () => {
    const user = await createVerifiedUser({ companyName: "Difference Engines" });
    const page = await signedIn(user);
    await page.goto("/settings/general");
    await page.getByRole("heading", { name: "General settings", level: 1 }).waitFor();
    const name = page.getByRole("textbox", { name: "Organization name" });
    expect(await name.inputValue()).toBe("Difference Engines");

    await name.fill("D");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("The name must be at least 2 characters", { exact: true }).waitFor();
    await name.fill("Difference Agency");
    await chooseOption(page, "Time zone", "Europe/Berlin");
    await chooseOption(page, "Currency", "EUR — Euro");
    await page.getByRole("radio", { name: "Store revenue" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Settings saved").waitFor();
    // The sidebar follows at once.
    await expect.poll(() => switcher(page).textContent()).toContain("Difference Agency");

    await page.reload();
    await page.getByRole("heading", { name: "General settings", level: 1 }).waitFor();
    // The form's values arrive with hydration.
    await expect
      .poll(() => page.getByRole("textbox", { name: "Organization name" }).inputValue())
      .toBe("Difference Agency");
    expect(await page.getByRole("combobox", { name: "Time zone" }).textContent()).toContain("Europe/Berlin");
    expect(await page.getByRole("combobox", { name: "Currency" }).textContent()).toContain("EUR");
    expect(await page.getByRole("radio", { name: "Store revenue" }).getAttribute("aria-checked")).toBe("true");

    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await db.updateTable("member").set({ role: "viewer" }).where("organizationId", "=", organizationId).execute();
    });
    await page.reload();
    await page.getByText("Only admins can change these settings.", { exact: false }).waitFor();
    expect(await page.getByRole("textbox", { name: "Organization name" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);
  });

  it("fits a 375px phone: the page, and the switcher in the drawer", async () => {
    const user = await createVerifiedUser({ companyName: "Pocket Analytics" });
    const page = await signedIn(user, { width: 375, height: 812 });
    await page.goto("/settings/general");
    await page.getByRole("heading", { name: "General settings", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("button", { name: /^Switch Organization/ }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: /Pocket Analytics/ }).waitFor();
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await menu.getByRole("menuitem", { name: "Create New" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an organization" });
    await dialog.getByRole("textbox", { name: "Organization name" }).fill("Pocket Client");
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await toast(page, "Pocket Client is ready. You are now working in it.").waitFor();
    // The drawer closes once the new organization is active; the sidebar names it.
    await drawer.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("dialog", { name: "Navigation" })
          .getByRole("button", { name: /^Switch Organization/ })
          .textContent(),
      )
      .toContain("Pocket Client");
  });
});
