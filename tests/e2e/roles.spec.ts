/**
 * The roles in a browser: an owner connects the Google Ads sandbox and asks the optimizer for
 * recommendations; an analyst and a viewer of that organization then see the same data with the
 * controls their role may not use disabled, each saying why, while what they may do (an analyst's
 * export and rule drafts) works.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, signedInPage, signInAs, type TestUser } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 25_000;
const AGENCY = `Role Agency ${randomUUID().slice(0, 6)}`;

const switcher = (page: Page) => page.getByRole("button", { name: /^Switch Organization/ });

/** Consent on the sandbox's page, then the account picker with every account ticked, then the first sync. */
async function connect(page: Page, name: string) {
  await page.goto("/integrations");
  await page.getByRole("group", { name, exact: true }).getByRole("button", { name: "Connect" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  const card = page.getByRole("group", { name, exact: true });
  await card.getByText(/Last sync: (just now|\d+ seconds? ago)/).waitFor({ timeout: SYNC_TIMEOUT });
}

/**
 * A person with their own account who is made a member of the agency with `role`, signed in, and
 * switched to the agency through the sidebar, as they would.
 */
async function memberPage(owner: TestUser, role: "analyst" | "viewer"): Promise<Page> {
  const person = await createVerifiedUser({ firstName: role, companyName: `Own ${role} ${randomUUID().slice(0, 4)}` });
  await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, owner.email);
    const { id: userId } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId, userId, role, createdAt: new Date().toISOString() })
      .execute();
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAs(page.context(), person);
  await page.goto("/dashboard");
  await switcher(page).click();
  await page.getByRole("menuitem", { name: new RegExp(AGENCY) }).click();
  await expect.poll(() => switcher(page).textContent()).toContain(AGENCY);
  return page;
}

let owner: TestUser;

beforeAll(async () => {
  const signedIn = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }), {
    companyName: AGENCY,
  });
  owner = signedIn.user;
  const page = signedIn.page;
  await connect(page, "Google Ads");
  await page.goto("/optimizer");
  await page.getByRole("button", { name: "Get recommendations" }).first().click();
  await page
    .getByRole("region", { name: /^Notifications/ })
    .getByText(/^\d+ new recommendations?$/)
    .waitFor({ timeout: 20_000 });
  await page.close();
}, 90_000);

describe("roles", () => {
  it("an analyst reads and exports, but the campaigns' and the optimizer's actions are disabled and say why", async () => {
    const page = await memberPage(owner, "analyst");
    const reason = (action: string) => `Your role (Analyst) can't ${action}. Ask an admin.`;

    // The campaigns table: the selection bar keeps its buttons, disabled, with the reason.
    await page.goto("/campaigns/mes-ads");
    const table = page.getByRole("table", { name: /^Campaigns/ });
    await table.getByRole("rowheader").first().waitFor();
    await page.getByRole("checkbox", { name: "Select all campaigns on this page" }).click();
    const selection = page.getByRole("region", { name: "Selection" });
    await selection.getByText(reason("change campaigns")).waitFor();
    for (const name of ["Pause", "Enable", "Set daily budget"])
      expect(await selection.getByRole("button", { name }).isDisabled(), name).toBe(true);
    // A row's menu says so too.
    const firstName = (await table.getByRole("rowheader").getByRole("link").first().innerText()).trim();
    await table.getByRole("button", { name: `Actions for ${firstName}` }).click();
    const menu = page.getByRole("menu");
    await menu.getByText(reason("change campaigns")).waitFor();
    expect(await menu.getByRole("menuitem", { name: /^(Pause|Enable)$/ }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");

    // Export is an analyst's: the CSV downloads.
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("group", { name: "Campaigns", exact: true })
        .getByRole("menuitem", { name: "CSV", exact: true })
        .click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^adhelm-campaigns-.*\.csv$/);

    // The optimizer: the owner's recommendations, each Apply disabled with the reason, and no new run.
    await page.goto("/optimizer");
    const list = page.getByRole("region", { name: /^Recommendations/ });
    const first = list.getByRole("article").first();
    const apply = first.getByRole("button", { name: /^Apply: / });
    await apply.waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await first.getByText(reason("apply or dismiss recommendations")).waitFor({ state: "attached" });
    expect(await page.getByRole("button", { name: "Get recommendations" }).first().isDisabled()).toBe(true);

    // Integrations: Disconnect is disabled with the reason; Sync now is an analyst's.
    await page.goto("/integrations");
    const google = page.getByRole("group", { name: "Google Ads", exact: true });
    expect(await google.getByRole("button", { name: "Disconnect" }).isDisabled()).toBe(true);
    await google.getByText(reason("connect or disconnect platforms")).waitFor({ state: "attached" });
    await google.getByRole("button", { name: "Manage" }).click();
    const manage = page.getByRole("dialog");
    expect(await manage.getByRole("button", { name: "Sync now" }).isDisabled()).toBe(false);
    await manage.getByText(reason("connect or disconnect platforms")).waitFor();
    await page.keyboard.press("Escape");

    // API keys: Create is disabled with the reason.
    await page.goto("/settings/api-keys");
    expect(
      await page
        .getByRole("button", { name: /^Create (API key|your first key)$/ })
        .first()
        .isDisabled(),
    ).toBe(true);
    await page.getByText(reason("create or revoke API keys")).first().waitFor({ state: "attached" });

    // Rules: an analyst drafts (they stay in preview).
    await page.goto("/rules");
    await page.getByRole("heading", { name: "Rules", level: 1 }).waitFor();
    await page.getByRole("link", { name: "New rule" }).waitFor();
    await page.close();
  });

  it("a viewer sees no New rule, and the goals form read-only with the reason", async () => {
    const page = await memberPage(owner, "viewer");

    await page.goto("/rules");
    await page.getByRole("heading", { name: "Rules", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "New rule" }).count()).toBe(0);

    await page.goto("/goals");
    await page.getByRole("note").getByText("Your role (Viewer) can't change the goals. Ask an admin.").waitFor();
    expect(await page.getByRole("button", { name: "Save goals" }).isDisabled()).toBe(true);
    const inputs = page.getByRole("form").getByRole("textbox");
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) expect(await input.isDisabled()).toBe(true);
    await page.close();
  });
});
