import { describe, expect, it } from "vitest";
import { subjectOf, uniqueEmail, waitForMailTo } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { headersOf, toastIn, waitForMailMentioning } from "#tests/support/public-forms.ts";
import { withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const SUPPORT_INBOX = "support@adhelm.com";

const messagesFrom = (email: string) =>
  withServerDatabase((db) =>
    db.selectFrom("contact_messages").select(["reference", "topic"]).where("email", "=", email).execute(),
  );

describe("help center", () => {
  it("answers common questions in sections that open without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/help", { waitUntil: "domcontentloaded" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("How can we help?");
    expect(await page.title()).toBe("Help Center | Adhelm");
    const answer = page.getByText("Every new workspace starts with a 14-day free trial", { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await page.getByText("How does the free trial work?").click();
    await answer.waitFor();
    for (const question of [
      "How do I connect Google Ads?",
      "How do I connect LinkedIn?",
      "How fresh is my data?",
      "How do you keep my data safe?",
      "How do I get an API key?",
      "How do I cancel my subscription?",
    ])
      expect(await page.getByText(question, { exact: true }).count()).toBe(1);
  });

  it("validates the contact form, sends it, shows the reference and mails support and the sender", async () => {
    const email = uniqueEmail("helpme");
    const page = await browser.newPage();
    await page.goto("/help");
    const form = page.getByRole("form", { name: "Contact support" });

    await form.getByRole("button", { name: "Send message" }).click();
    for (const message of ["Enter your name", "Enter your email address", "Choose a topic", "Write your message"])
      await form.getByText(message, { exact: true }).waitFor();
    expect(await form.getByLabel("Topic").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Name").fill("Katherine Johnson");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Topic").selectOption({ label: "Data and reporting" });
    await form.getByLabel("Message").fill("Too short");
    await form.getByLabel("Name").focus();
    await form.getByText("Write at least 20 characters").waitFor();
    expect(await messagesFrom(email)).toEqual([]);

    await form.getByLabel("Message").fill("Yesterday's conversions changed after the morning sync. Is that expected?");
    await form.getByRole("button", { name: "Send message" }).click();
    const status = page.getByRole("status").filter({ hasText: "Message sent" });
    await status.waitFor();
    const reference = (await status.getByText(/^ADH-[0-9A-Z]{8}$/).textContent()) ?? "";
    expect(reference).toMatch(/^ADH-[0-9A-Z]{8}$/);
    await toastIn(page, "Message sent").waitFor();
    expect(await messagesFrom(email)).toEqual([{ reference, topic: "data" }]);

    const toSupport = await waitForMailMentioning(SUPPORT_INBOX, reference);
    expect(subjectOf(toSupport)).toBe(`[${reference}] Data and reporting: message from Katherine Johnson`);
    expect(headersOf(toSupport)).toContain(`Reply-To: ${email}`);
    const [toSender] = await waitForMailTo(email);
    expect(subjectOf(toSender)).toBe(`We received your message (${reference})`);
  });

  it("sends the contact form without JavaScript too", async () => {
    const email = uniqueEmail("helpme-nojs");
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/help#contact", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Contact support" });
    await form.getByLabel("Name").fill("Dorothy Vaughan");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Topic").selectOption("api");
    await form.getByLabel("Message").fill("How many API requests per minute does the Professional plan allow?");
    await form.getByRole("button", { name: "Send message" }).click();
    const status = page.getByRole("status").filter({ hasText: "Message sent" });
    await status.waitFor();
    const [row] = await messagesFrom(email);
    expect(await status.textContent()).toContain(row?.reference ?? "missing");
    await waitForMailTo(email);
  });

  it.each(["light", "dark"] as const)("has no axe violations (%s)", async (colorScheme) => {
    const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
    await page.goto("/help");
    await page.getByText("How fresh is my data?").click();
    await page.getByRole("form", { name: "Contact support" }).getByRole("button", { name: "Send message" }).click();
    await page.getByText("Choose a topic", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
