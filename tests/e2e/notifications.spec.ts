/**
 * The notification centre in a browser: the sidebar's unread badge (kept live by its poll), the
 * centre's filters, mark one read and mark all read; the preferences' push card in a browser
 * that cannot take push (headless Chromium's contexts are incognito, where Chrome has no Push
 * API, so push delivery itself is tested against a local push service in
 * core/notifications/notification-delivery.test.ts); and a notification mail's unsubscribe link.
 *
 * Notifications are raised through the notifications module on the server's database, as
 * monitoring raises them in the server (Notify), with the server's AUTH_SECRET.
 */
import type { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UNREAD_POLL_MS } from "#app/components/notifications/use-unread-count.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEVELOPMENT_AUTH_SECRET } from "#core/config/env.ts";
import type { Database } from "#core/db/schema.ts";
import { MONITORING_CATALOG, monitoringAlertText } from "#core/monitoring/monitoring-alert-text.ts";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import { createNotificationsModule } from "#core/notifications/notifications-module.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();

/** Raises notifications as the server does (its module, its secret), with mail recorded here. */
async function raise(email: string, notifications: Array<(organizationId: string) => NewNotification>) {
  const mail = createRecordingMailer();
  await withServerDatabase(async (db: Kysely<Database>) => {
    const organizationId = await organizationOwnedBy(db, email);
    const module = createNotificationsModule({
      db,
      preferences: createPreferencesRepository(db),
      messageCatalogs: { [MONITORING_CATALOG]: monitoringAlertText },
      mailer: mail.mailer,
      cipher: createTokenCipher(DEVELOPMENT_AUTH_SECRET),
      authSecret: DEVELOPMENT_AUTH_SECRET,
      appUrl: baseUrl(),
      publishWebhookEvent: async () => {},
      pushFetch: (url, init) => fetch(url, init),
      vapidSubject: "mailto:alerts@adhelm.test",
      requireHttpsPush: false,
      logger: silentLogger,
    });
    for (const notification of notifications) await module.notify(notification(organizationId));
  });
  return mail;
}

const spendSpike =
  (campaign: string) =>
  (organizationId: string): NewNotification => ({
    organizationId,
    kind: "anomaly",
    severity: "warning",
    message: {
      catalog: MONITORING_CATALOG,
      key: "campaignSpendSpike",
      params: {
        campaign,
        platform: "Google Ads",
        actual: { amountMinor: 123_456, currency: "USD" },
        date: "May 4",
        low: { amountMinor: 30_000, currency: "USD" },
        high: { amountMinor: 50_000, currency: "USD" },
      },
    },
    link: "/campaigns/mes-ads",
    channels: ["in_app"],
  });
const syncFailing = (organizationId: string): NewNotification => ({
  organizationId,
  kind: "sync",
  severity: "warning",
  message: { catalog: MONITORING_CATALOG, key: "syncFailing", params: { platform: "Meta", error: "HTTP 503" } },
  link: "/integrations",
  channels: ["in_app"],
});
const tokenRevoked = (organizationId: string): NewNotification => ({
  organizationId,
  kind: "token",
  severity: "critical",
  message: { catalog: MONITORING_CATALOG, key: "tokenRevoked", params: { platform: "TikTok" } },
  link: "/integrations",
  channels: ["in_app", "email"],
});

/** The sidebar's Notifications entry; its name ends with the unread count when there is one. */
const sidebarEntry = (page: Page) =>
  page.getByRole("navigation", { name: "App", exact: true }).getByRole("link", { name: /^Notifications/ });
const centre = (page: Page) => page.getByRole("list", { name: "Notifications" });
const titles = async (page: Page) =>
  (await centre(page).getByRole("heading", { level: 2 }).allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /^Notifications/ }).getByText(text, { exact: true });

describe("the notification centre", () => {
  it("shows the unread badge, filters, marks one and then all read, and the badge follows without a reload", async () => {
    const { page, user } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "light" }),
    );
    // The badge's poll runs on the page's clock, so the test moves time instead of waiting.
    await page.clock.install();
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "No notifications yet", level: 2 }).waitFor();
    expect(await page.getByRole("link", { name: "Create a rule" }).getAttribute("href")).toBe("/rules/new");
    expect(await sidebarEntry(page).innerText()).toBe("Notifications");

    await raise(user.email, [spendSpike("Spring Sale"), syncFailing]);
    await page.goto("/dashboard");
    await expect.poll(() => sidebarEntry(page).innerText()).toMatch(/^Notifications\s*2$/);

    await sidebarEntry(page).click();
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    // Newest first; the unread dot is read out before each title.
    expect(await titles(page)).toEqual([
      "Unread Meta failed to sync three times in a row",
      "Unread Spend spike on Spring Sale",
    ]);
    await page.getByText("2 unread", { exact: true }).waitFor();
    await centre(page).getByText("Google Ads spent $1,234.56 on May 4. Expected: $300.00 to $500.00.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A new alert while the page is open: the badge catches up at its next poll, no reload.
    await raise(user.email, [tokenRevoked]);
    await page.clock.fastForward(UNREAD_POLL_MS);
    await expect.poll(() => sidebarEntry(page).innerText()).toMatch(/^Notifications\s*3$/);

    // Filters: a kind, then read state; each is in the URL.
    await page.getByLabel("Kind").selectOption({ label: "Anomalies" });
    await page.waitForURL(/kind=anomaly/);
    await expect.poll(() => titles(page)).toEqual(["Unread Spend spike on Spring Sale"]);
    await page.getByLabel("Kind").selectOption({ label: "All kinds" });
    await expect.poll(() => titles(page)).toHaveLength(3);

    // Mark one read: its row loses the dot, the badge and the count go down without a reload.
    await page.getByRole("button", { name: "Mark as read: Spend spike on Spring Sale" }).click();
    await expect.poll(() => sidebarEntry(page).innerText()).toMatch(/^Notifications\s*2$/);
    await page.getByText("2 unread", { exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Unread" }).click();
    await page.waitForURL(/state=unread/);
    await expect
      .poll(() => titles(page))
      .toEqual(["Unread TikTok access was revoked", "Unread Meta failed to sync three times in a row"]);
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Read", exact: true }).click();
    await expect.poll(() => titles(page)).toEqual(["Spend spike on Spring Sale"]);

    // Each notification links to its object.
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "All", exact: true }).click();
    expect(
      await page.getByRole("link", { name: "Open: Meta failed to sync three times in a row" }).getAttribute("href"),
    ).toBe("/integrations");

    // Mark all read.
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await toast(page, "2 notifications marked as read").waitFor();
    await expect.poll(() => sidebarEntry(page).innerText()).toBe("Notifications");
    await page.getByText("0 unread", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Unread" }).click();
    await page.getByRole("heading", { name: "Nothing matches these filters", level: 2 }).waitFor();
  });

  it("fits a phone in dark mode", async () => {
    const { page, user } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" }),
    );
    await raise(user.email, [spendSpike("A campaign with a rather long name for a small screen"), tokenRevoked]);
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Mark as read: TikTok access was revoked" }).click();
    await expect.poll(() => page.getByText("1 unread", { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("the preferences' push card", () => {
  it("says this browser does not get push yet, offers to turn it on, and explains a refusal", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
    await page.goto("/preferences");
    const card = page.getByRole("heading", { name: "Push notifications in this browser" }).locator("xpath=../../..");
    await card.getByText("This browser does not get push notifications yet.").waitFor();
    const test = card.getByRole("button", { name: "Send a test notification" });
    expect(await test.isDisabled()).toBe(true);
    expect(await test.getAttribute("aria-describedby")).toBe("push-state");

    // The browser refuses permission (a headless browser nobody answers): the card says how to allow it.
    await card.getByRole("button", { name: "Turn on in this browser" }).click();
    await toast(
      page,
      "Your browser blocks notifications from Adhelm. Allow them in the site settings, then try again.",
    ).waitFor();
    expect(await test.isDisabled()).toBe(true);
  });
});

describe("a notification mail's unsubscribe link", () => {
  it("asks first, turns notification mail off with one click, and says so; a bad link says it is not valid", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
    const mail = await raise(user.email, [tokenRevoked]);
    const [alert] = mail.to(user.email);
    const link = alert?.headers?.["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(link.startsWith(`${baseUrl()}/notifications/unsubscribe?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Turn off notification emails?" }).waitFor();
    await page.getByText(user.email, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Turn off emails" }).click();
    await page.getByRole("heading", { name: "Notification emails are off" }).waitFor();
    await page.goto("/preferences");
    await expect
      .poll(() => page.getByRole("switch", { name: "Email notifications", exact: true }).getAttribute("aria-checked"))
      .toBe("false");

    // A mail client's RFC 8058 one-click POST, on the built server: no cookie, no Origin.
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const broken = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await broken.goto(`/notifications/unsubscribe?token=${encodeURIComponent(`${link.split("token=")[1]}x`)}`);
    await broken.getByRole("heading", { name: "This link isn't valid" }).waitFor();
    expect(await broken.getByRole("link", { name: "Open preferences" }).getAttribute("href")).toBe("/preferences");
  });
});
