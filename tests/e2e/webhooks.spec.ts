import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "#core/webhooks/webhook-signature.ts";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

/** A webhook receiver on loopback (the server under test runs with WEBHOOKS_ALLOW_PRIVATE=true). */
const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});
let receiverUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/adhelm`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("Settings → Webhooks", () => {
  it("adds an endpoint, sends a signed test event the receiver verifies, and logs the 200", async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), user);
    await page.goto("/settings/webhooks");
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByRole("region", { name: "No webhooks yet" }).waitFor();
    await page.getByRole("button", { name: "Add your first endpoint" }).click();

    const form = page.getByRole("dialog", { name: "Add endpoint" });
    // Checked before anything is sent, with the server's schema.
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText("Enter the endpoint's address, e.g. https://example.com/webhooks.", { exact: true }).waitFor();
    await form.getByText("Choose at least one event.", { exact: true }).waitFor();
    await form.getByRole("textbox", { name: "Endpoint URL" }).fill(receiverUrl);
    await form.getByRole("textbox", { name: "Description" }).fill("Receiver");
    await form.getByRole("checkbox", { name: "Rule run completed" }).click();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const shown = page.getByRole("dialog", { name: "Your signing secret" });
    const secret = await shown.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await toast(page, "Endpoint added").waitFor();
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "hidden" });

    const card = page.getByRole("listitem").filter({ hasText: receiverUrl });
    await card.getByText("Nothing sent yet", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Send test event" }).click();
    await toast(page, "Test event delivered").waitFor();

    expect(received).toHaveLength(1);
    const [request] = received as [(typeof received)[number]];
    expect(request.headers["adhelm-event"]).toBe("webhook.test");
    expect(verifySignature(String(request.headers["adhelm-signature"]), request.body, secret)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      type: "webhook.test",
      data: { message: "This is a test event from Adhelm." },
    });

    // The delivery log: the test event, delivered with HTTP 200 at the first attempt.
    const log = card.getByRole("table", { name: "Delivery log" });
    const row = log.getByRole("row").filter({ hasText: "Test event" });
    await row.getByText("HTTP 200", { exact: true }).waitFor();
    await row.getByText("Delivered", { exact: true }).waitFor();
    await row.getByRole("cell", { name: "1", exact: true }).waitFor();
    await card.getByText("HTTP 200", { exact: true }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // After a reload the log is still there, and the secret is not.
    await page.reload();
    expect(await page.content()).not.toContain(secret);
    await page.getByRole("listitem").filter({ hasText: receiverUrl }).getByText("HTTP 200").first().waitFor();
    await page.close();
  });

  it("refuses a link-local address next to the field and saves nothing, on a phone in dark mode", async () => {
    const user = await createVerifiedUser({ firstName: "Grace", lastName: "Hopper" });
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    await signInAs(page.context(), user);
    await page.goto("/settings/webhooks");
    await page.getByRole("button", { name: "Add your first endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add endpoint" });
    await form.getByRole("textbox", { name: "Endpoint URL" }).fill("http://169.254.169.254/latest/meta-data");
    await form.getByRole("checkbox", { name: "Anomaly detected" }).click();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form
      .getByText("The address is on a private or reserved network, which Adhelm does not call.", { exact: true })
      .waitFor();
    expect(await form.getByRole("textbox", { name: "Endpoint URL" }).getAttribute("aria-invalid")).toBe("true");
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await page.getByRole("region", { name: "No webhooks yet" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.close();
  });
});
