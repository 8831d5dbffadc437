import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { subjectOf, uniqueEmail, waitForMailTo } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { headersOf, toastIn, waitForMailMentioning } from "#tests/support/public-forms.ts";
import { withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const TEAM_INBOX = "careers@adhelm.com";

const applicationsFrom = (email: string) =>
  withServerDatabase((db) =>
    db.selectFrom("job_applications").select(["position_slug", "name", "link"]).where("email", "=", email).execute(),
  );

async function openDialog(page: Page, title: string) {
  await page.getByRole("button", { name: `Apply Now for ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Apply for ${title}` });
  await dialog.waitFor();
  return dialog;
}

describe("careers page", () => {
  it("shows benefits, six open positions with Apply Now, and the values", async () => {
    const page = await browser.newPage();
    await page.goto("/careers");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Careers at Adhelm");
    for (const name of ["Why people like working here", "6 roles we are hiring for", "How we work"])
      await page.getByRole("heading", { level: 2, name }).waitFor();
    expect(await page.getByRole("button", { name: /^Apply Now for / }).count()).toBe(6);
    expect(await page.title()).toBe("Careers | Adhelm");
  });

  it("applies in a dialog: validates each field, sends, confirms, and mails the team and the applicant", async () => {
    const email = uniqueEmail("applicant");
    const page = await browser.newPage();
    await page.goto("/careers");
    const dialog = await openDialog(page, "Senior Product Designer");

    await dialog.getByRole("button", { name: "Send application" }).click();
    for (const message of [
      "Enter your name",
      "Enter your email address",
      "Add a link to your LinkedIn profile, portfolio or GitHub",
      "Write your message",
    ])
      await dialog.getByText(message, { exact: true }).waitFor();
    expect(await dialog.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("Full name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("LinkedIn, portfolio or GitHub link").fill("grace.dev");
    await dialog.getByLabel("Message").fill("Too short");
    await dialog.getByLabel("Full name").focus();
    await dialog
      .getByText("Enter a full link that starts with https://, like https://linkedin.com/in/your-name")
      .waitFor();
    await dialog.getByText("Write at least 30 characters").waitFor();
    expect(await applicationsFrom(email)).toEqual([]);

    await dialog.getByLabel("LinkedIn, portfolio or GitHub link").fill("https://grace.example.com/work");
    await dialog
      .getByLabel("Message")
      .fill("I have designed analytics tools for ten years and would love to simplify ad budgets.");
    await dialog.getByRole("button", { name: "Send application" }).click();

    await dialog.getByRole("status").getByText("Application sent").waitFor();
    await dialog.getByText(`We sent a confirmation to ${email}.`, { exact: false }).waitFor();
    await toastIn(page, "Application sent").waitFor();
    expect(await applicationsFrom(email)).toEqual([
      { position_slug: "product-designer", name: "Grace Hopper", link: "https://grace.example.com/work" },
    ]);

    const toTeam = await waitForMailMentioning(TEAM_INBOX, email);
    expect(subjectOf(toTeam)).toBe("New application: Senior Product Designer (Grace Hopper)");
    expect(headersOf(toTeam)).toContain(`Reply-To: ${email}`);
    const [toApplicant] = await waitForMailTo(email);
    expect(subjectOf(toApplicant)).toBe("We received your application for Senior Product Designer");

    // Closing returns the focus to the button that opened it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const applyButton = page.getByRole("button", { name: "Apply Now for Senior Product Designer" });
    await expect
      .poll(() => applyButton.evaluate((button) => button === document.activeElement), { timeout: 5_000 })
      .toBe(true);
  });

  it("works without JavaScript: Apply Now opens the form in the page, which answers from the server", async () => {
    const email = uniqueEmail("nojs-applicant");
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/careers", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Apply Now for Machine Learning Engineer" }).click();
    await page.waitForURL("**/careers?apply=machine-learning-engineer#apply", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Application for Machine Learning Engineer" });
    await page.getByRole("heading", { level: 2, name: "Apply for Machine Learning Engineer" }).waitFor();

    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("LinkedIn, portfolio or GitHub link").fill("ftp://ada.example.com");
    await form
      .getByLabel("Message")
      .fill("I wrote the first published algorithm, and I like models that explain themselves.");
    // The browser's own checks would stop the post; the server must be the one that refuses.
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Send application" }).click();
    await page.waitForLoadState("domcontentloaded");
    await page
      .getByText("Enter a full link that starts with https://, like https://linkedin.com/in/your-name")
      .waitFor();
    expect(await form.getByLabel("Full name").inputValue()).toBe("Ada Lovelace");
    expect(await applicationsFrom(email)).toEqual([]);

    await form.getByLabel("LinkedIn, portfolio or GitHub link").fill("https://ada.example.com");
    await form.getByRole("button", { name: "Send application" }).click();
    await page.getByRole("status").getByText("Application sent").waitFor();
    expect(await applicationsFrom(email)).toHaveLength(1);
    await waitForMailMentioning(TEAM_INBOX, email);
    await waitForMailTo(email);
  });

  it.each(["light", "dark"] as const)("has no axe violations with the dialog open (%s)", async (colorScheme) => {
    const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
    await page.goto("/careers");
    expect(await axeViolations(page)).toEqual([]);
    const dialog = await openDialog(page, "Growth Marketing Manager");
    await dialog.getByRole("button", { name: "Send application" }).click();
    await dialog.getByText("Enter your name", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
