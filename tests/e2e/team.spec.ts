/**
 * The team in a real browser: an invitation from /settings/team to a new address (sign-up, the
 * mailed verification link, back to the invitation, accept), to someone who already has an
 * account (sign in, back to the invitation), a used and an expired link, and an admin changing
 * a member's role and removing them.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createVerifiedUser,
  linkMailedTo,
  signInAs,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1280, height: 900 } };

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

/** The page's "Invite member" (the empty state offers a second one while the owner is alone). */
const inviteButton = (page: Page) => page.getByRole("button", { name: "Invite member" }).first();

const switcher = (page: Page) => page.getByRole("button", { name: /^Switch Organization/ });

async function signedIn(user: TestUser) {
  const page = await browser.newPage(desktop);
  await signInAs(page.context(), user);
  return page;
}

/** Opens /settings/team and waits until its controls work (they are disabled before hydration). */
async function openTeam(page: Page) {
  await page.goto("/settings/team");
  await page.getByRole("heading", { name: "Team", level: 1 }).waitFor();
  await expect.poll(() => inviteButton(page).isEnabled()).toBe(true);
}

/** Invites `email` with `role` through the dialog; returns the link mailed to them. */
async function inviteThroughDialog(page: Page, email: string, role: string): Promise<string> {
  await inviteButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  await dialog.getByRole("radio", { name: new RegExp(`^${role}`) }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await toast(page, `Invitation sent to ${email}`).waitFor();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem", { name: email }).waitFor();
  return linkMailedTo(email, "/invitations/");
}

/** Puts `user` into `organizationId` with `role`, as an accepted invitation would. */
async function addMember(organizationId: string, user: TestUser, role: string) {
  await withServerDatabase(async (db) => {
    const { id } = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
    await db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId, userId: id, role, createdAt: new Date() })
      .execute();
  });
}

describe("invitations", () => {
  it("brings a new person in: invite as Analyst, sign up through the link, verify, accept, work in the organization", async () => {
    const owner = await createVerifiedUser({ firstName: "Charles", lastName: "Babbage", companyName: "Babbage & Co" });
    const ownerPage = await signedIn(owner);
    await openTeam(ownerPage);
    const email = uniqueEmail("grace");
    const link = await inviteThroughDialog(ownerPage, email, "Analyst");

    // The newcomer opens the mailed link, signed out.
    const page = await browser.newPage(desktop);
    await page.goto(link);
    await page.getByRole("heading", { name: "Join Babbage & Co" }).waitFor();
    await page.getByText("Charles Babbage invited you to join Babbage & Co as Analyst.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();

    // The invited address is filled in and stays as it is.
    await page.waitForURL("**/signup?**");
    const address = page.getByRole("textbox", { name: "Email" });
    await expect.poll(() => address.inputValue()).toBe(email);
    expect(await address.isEditable()).toBe(false);
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("checkbox", { name: /I agree to the/ }).click();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    // The verification link (her second mail, after the invitation) leads back to the invitation, signed in.
    await page.goto(await linkMailedTo(email, "/auth/callback?", 2));
    await page.waitForURL(`**${new URL(link).pathname}`);
    await toast(page, "Email verified!").waitFor();
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL("**/dashboard");
    await toast(page, "Welcome to Babbage & Co").waitFor();
    await page.getByRole("button", { name: "Switch Organization: Babbage & Co Analyst" }).waitFor();

    // The team now counts her, and the link has done its work.
    await ownerPage.reload();
    const members = ownerPage.getByRole("list", { name: "Members" });
    await expect
      .poll(() => members.getByRole("combobox", { name: "Role of Grace Hopper" }).inputValue())
      .toBe("analyst");
    expect(await ownerPage.getByRole("list", { name: "Pending invitations" }).count()).toBe(0);

    const again = await browser.newPage(desktop);
    await again.goto(link);
    await again.getByRole("heading", { name: "This invitation has already been used" }).waitFor();
    await again.getByText("Ask an admin of the organization to send you a new invitation.").waitFor();
  });

  it("lets someone who already has an account sign in from the link, come back and accept", async () => {
    const owner = await createVerifiedUser({ firstName: "Ada", lastName: "Byron", companyName: "Engines Ltd" });
    const existing = await createVerifiedUser({ firstName: "Mary", lastName: "Somerville", companyName: "Her Own" });
    const ownerPage = await signedIn(owner);
    await openTeam(ownerPage);
    const link = await inviteThroughDialog(ownerPage, existing.email, "Viewer");

    const page = await browser.newPage(desktop);
    await page.goto(link);
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/login?redirectTo=**");
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Password", { exact: true }).fill(existing.password);
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`**${new URL(link).pathname}`);
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL("**/dashboard");
    await toast(page, "Welcome to Engines Ltd").waitFor();
    await page.getByRole("button", { name: "Switch Organization: Engines Ltd Viewer" }).waitFor();
  });

  it("shows an expired link's page (7 days) and accepts nothing", async () => {
    const owner = await createVerifiedUser({ companyName: "Late Ltd" });
    const ownerPage = await signedIn(owner);
    await openTeam(ownerPage);
    const email = uniqueEmail("late");
    const link = await inviteThroughDialog(ownerPage, email, "Manager");
    await withServerDatabase((db) =>
      db
        .updateTable("invitation")
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where("email", "=", email)
        .execute(),
    );

    const page = await browser.newPage(desktop);
    await page.goto(link);
    await page.getByRole("heading", { name: "This invitation has expired" }).waitFor();
    await page.getByText("Invitation links work for 7 days.").waitFor();
    expect(await page.getByRole("button", { name: "Accept invitation" }).count()).toBe(0);
  });
});

describe("members", () => {
  it("lets an admin change a member's role and remove them from the team page", async () => {
    const owner = await createVerifiedUser({ firstName: "Edith", lastName: "Clarke", companyName: "Clarke Grid" });
    const admin = await createVerifiedUser({ firstName: "Hedy", lastName: "Lamarr", companyName: "Lamarr Labs" });
    const member = await createVerifiedUser({ firstName: "Alan", lastName: "Turing", companyName: "Turing Tests" });
    const organizationId = await withServerDatabase((db) => organizationOwnedBy(db, owner.email));
    await addMember(organizationId, admin, "admin");
    await addMember(organizationId, member, "viewer");

    // The admin works in the owner's organization (picked in the switcher).
    const page = await signedIn(admin);
    await page.goto("/dashboard");
    await switcher(page).click();
    await page.getByRole("menuitem", { name: /Clarke Grid/ }).click();
    await page.getByRole("button", { name: "Switch Organization: Clarke Grid Admin" }).waitFor();
    await openTeam(page);

    const role = page.getByRole("combobox", { name: "Role of Alan Turing" });
    await role.selectOption("manager");
    await toast(page, "Alan Turing is now Manager").waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole("combobox", { name: "Role of Alan Turing" }).inputValue()).toBe("manager");
    // The owner's role is not theirs to change.
    expect(await page.getByRole("combobox", { name: "Role of Edith Clarke" }).count()).toBe(0);

    await expect.poll(() => page.getByRole("button", { name: "Actions for Alan Turing" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Actions for Alan Turing" }).click();
    await page.getByRole("menuitem", { name: "Remove from organization" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Alan Turing?" });
    await confirm.getByRole("button", { name: "Remove from organization" }).click();
    await toast(page, "Alan Turing was removed from the organization").waitFor();
    const members = page.getByRole("list", { name: "Members" });
    await expect.poll(() => members.getByRole("listitem", { name: "Alan Turing" }).count()).toBe(0);

    // He no longer belongs: his switcher offers only his own organization.
    const his = await signedIn(member);
    await his.goto("/dashboard");
    await his.getByRole("heading", { name: "Welcome, Alan" }).waitFor();
    await switcher(his).click();
    expect(await his.getByRole("menuitem", { name: /Clarke Grid/ }).count()).toBe(0);
  }, 90_000);
});
