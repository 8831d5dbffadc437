import { describe, expect, it } from "vitest";
import { linkMailedTo, mailsTo, subjectOf, uniqueEmail, waitForMailTo } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { headersOf, toastIn } from "#tests/support/public-forms.ts";
import { withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const CHECK_INBOX =
  "Check your inbox to confirm your subscription. Already subscribed? Then there is nothing more to do.";

const statusOf = (email: string) =>
  withServerDatabase(async (db) => {
    const row = await db
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where("email", "=", email)
      .executeTakeFirst();
    return row?.status ?? null;
  });

describe("newsletter from the footer", () => {
  it("validates, subscribes in place, confirms from the mail and unsubscribes with the page's button", async () => {
    const email = uniqueEmail("news");
    const page = await browser.newPage();
    // A page that hydrates, so the box validates and answers in place (static pages post plainly).
    await page.goto("/careers");
    const footer = page.getByRole("contentinfo");
    const box = footer.getByLabel("Get product news in your inbox");
    const subscribe = footer.getByRole("button", { name: "Subscribe", exact: true });

    await box.fill("not-an-email");
    await subscribe.click();
    await footer.getByText("Enter a valid email address, like name@company.com").waitFor();
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    expect(await statusOf("not-an-email")).toBeNull();

    await box.fill(email);
    await subscribe.click();
    await footer.getByText(CHECK_INBOX).waitFor();
    await toastIn(page, "Check your inbox").waitFor();
    // Answered in place: still on the same page.
    expect(new URL(page.url()).pathname).toBe("/careers");
    expect(await statusOf(email)).toBe("pending");

    const [mail] = await waitForMailTo(email);
    expect(subjectOf(mail)).toBe("Confirm your subscription to Adhelm product news");
    const headers = headersOf(mail);
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/newsletter\/unsubscribe\?token=[\w-]{43}>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    await page.goto(await linkMailedTo(email, "/newsletter/confirm?token="));
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor();
    expect(await statusOf(email)).toBe("confirmed");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "You're already subscribed" }).waitFor();

    // Subscribing again answers the same, and sends nothing new.
    await page.goto("/about");
    await page.getByRole("contentinfo").getByLabel("Get product news in your inbox").fill(email);
    await page.getByRole("contentinfo").getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.getByRole("contentinfo").getByText(CHECK_INBOX).waitFor();
    expect(await mailsTo(email)).toHaveLength(1);

    // Opening the unsubscribe link only asks; the button does it.
    await page.goto(await linkMailedTo(email, "/newsletter/unsubscribe?token="));
    await page.getByRole("heading", { level: 1, name: "Unsubscribe from Adhelm product news?" }).waitFor();
    expect(await statusOf(email)).toBe("confirmed");
    await page.getByRole("button", { name: "Unsubscribe", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
    expect(await page.getByText(email).count()).toBe(1);
    expect(await statusOf(email)).toBe("unsubscribed");

    await page.getByRole("button", { name: "Resubscribe", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "You're subscribed again" }).waitFor();
    expect(await statusOf(email)).toBe("confirmed");
  });

  it("works without JavaScript: the form posts and the page comes back with the answer", async () => {
    const email = uniqueEmail("nojs");
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/features", { waitUntil: "domcontentloaded" });
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Get product news in your inbox").fill(email);
    await footer.getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.waitForURL("**/features?newsletter=sent&newsletter-source=footer#newsletter-footer", {
      waitUntil: "domcontentloaded",
    });
    await page.getByRole("contentinfo").getByText(CHECK_INBOX).waitFor();
    expect(await statusOf(email)).toBe("pending");
    await waitForMailTo(email);

    // The browser's own check would stop the post; the server must be the one that refuses.
    await page
      .getByRole("contentinfo")
      .getByRole("form")
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("contentinfo").getByLabel("Get product news in your inbox").fill("nobody@");
    await page.getByRole("contentinfo").getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.waitForURL("**/features?newsletter=invalid&newsletter-source=footer#newsletter-footer", {
      waitUntil: "domcontentloaded",
    });
    await page.getByRole("contentinfo").getByText("Enter a valid email address, like name@company.com").waitFor();
  });

  it("says so when a confirmation link is not valid", async () => {
    const page = await browser.newPage();
    await page.goto(`/newsletter/confirm?token=${"z".repeat(43)}`);
    await page.getByRole("heading", { level: 1, name: "This link isn't valid" }).waitFor();
    expect(await page.title()).toBe("Confirm your subscription | Adhelm");
    await page.goto("/newsletter/unsubscribe?token=nope");
    await page.getByRole("heading", { level: 1, name: "This unsubscribe link isn't valid" }).waitFor();
  });
});
