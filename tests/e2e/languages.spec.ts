import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  linkMailedTo,
  newSignedInPage,
  sharedTestUser,
  sharedUserCookie,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { decodedBody, decodedSubject } from "#tests/support/mail-text.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1440, height: 900 } };

type Language = "en" | "es" | "fr" | "de";

/** January 2026: fixed dates, so the range and the figures read the same on any day. */
const JANUARY = "from=2026-01-01&to=2026-01-31";

/** Intl's spacing: a no-break space before the euro sign, a narrow no-break space between French thousands. */
const NBSP = "\u00a0";
const NNBSP = "\u202f";

/**
 * What a reader of each language sees, exactly as the catalogs say it. The seeded data is in euros:
 * €12,000.00 and €345.67 in January, €12,345.67 in all.
 */
const SCREENS = {
  en: {
    html: "en",
    preferences: { language: "Language", save: "Save Preferences", saved: "Preferences saved" },
  },
  es: {
    html: "es",
    preferences: { language: "Idioma", save: "Guardar preferencias", saved: "Preferencias guardadas" },
    savedDescription: "Tus preferencias se han actualizado.",
    dashboard: { welcome: "Hola, Ada", totalSpend: "Inversión total", campaigns: "Campañas" },
    total: `12.345,67${NBSP}€`,
    range: { button: /^Periodo:/, dates: "1 ene – 31 ene 2026" },
    campaigns: {
      title: "Campañas",
      table: /^Campañas/,
      headers: ["Campaña", "Estado", "Inversión", "Ingresos"],
      paused: "En pausa",
    },
    brandSpend: `12.000,00${NBSP}€`,
    profile: { firstName: "Nombre", save: "Guardar cambios", required: "El nombre es obligatorio" },
  },
  fr: {
    html: "fr",
    preferences: { language: "Langue", save: "Enregistrer les préférences", saved: "Préférences enregistrées" },
    savedDescription: "Vos préférences ont été mises à jour.",
    dashboard: { welcome: "Bienvenue, Ada", totalSpend: "Dépenses totales", campaigns: "Campagnes" },
    total: `12${NNBSP}345,67${NBSP}€`,
    range: { button: /^Période\s*:/, dates: "1 janv. – 31 janv. 2026" },
    campaigns: {
      title: "Campagnes",
      table: /^Campagnes/,
      headers: ["Campagne", "Statut", "Dépenses", "Chiffre d’affaires"],
      paused: "En pause",
    },
    brandSpend: `12${NNBSP}000,00${NBSP}€`,
    profile: {
      firstName: "Prénom",
      save: "Enregistrer les modifications",
      required: "Le prénom est obligatoire",
    },
  },
  de: {
    html: "de",
    preferences: { language: "Sprache", save: "Präferenzen speichern", saved: "Präferenzen gespeichert" },
    savedDescription: "Ihre Präferenzen wurden aktualisiert.",
    dashboard: { welcome: "Willkommen, Ada", totalSpend: "Gesamtausgaben", campaigns: "Kampagnen" },
    total: `12.345,67${NBSP}€`,
    range: { button: /^Zeitraum:/, dates: "1. Jan. – 31. Jan. 2026" },
    campaigns: {
      title: "Kampagnen",
      table: /^Kampagnen/,
      headers: ["Kampagne", "Status", "Ausgaben", "Umsatz"],
      paused: "Pausiert",
    },
    brandSpend: `12.000,00${NBSP}€`,
    profile: {
      firstName: "Vorname",
      save: "Änderungen speichern",
      required: "Bitte geben Sie Ihren Vornamen ein",
    },
  },
} as const;

/** Each language is named in itself in the language list. */
const NATIVE_NAME: Record<Language, string> = { en: "English", es: "Español", fr: "Français", de: "Deutsch" };

/** Sonner's live region (its name is Sonner's own; any of ours is accepted should it be translated). */
const toasts = (page: Page) => page.getByRole("region", { name: /^(Notifications|Notificaciones|Benachrichtigungen)/ });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * Chooses `to` on the preferences screen in whatever language the screen speaks now, saves, and
 * waits for the toast, which already speaks the new language.
 */
async function chooseLanguage(page: Page, to: Exclude<Language, "en">) {
  await page.goto("/preferences");
  const from = (await htmlLang(page)) as Language;
  const labels = SCREENS[from].preferences;
  const save = page.getByRole("button", { name: labels.save });
  await expect.poll(() => save.isEnabled()).toBe(true);
  await page.getByRole("combobox", { name: labels.language }).click();
  await page.getByRole("option", { name: NATIVE_NAME[to], exact: true }).click();
  await save.click();
  const screen = SCREENS[to];
  await toasts(page).getByText(screen.preferences.saved, { exact: true }).waitFor();
  expect(await toasts(page).getByText(screen.savedDescription, { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => htmlLang(page)).toBe(screen.html);
}

/** The text of an element, spaces as they are (Playwright's matchers fold no-break spaces into spaces). */
const rawText = async (element: Locator) => (await element.textContent())?.trim() ?? "";

describe("languages", () => {
  // One user for the file (accounts.ts' shared user), with euro campaigns in January 2026.
  beforeAll(async () => {
    const user = await sharedTestUser();
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedConnection(db, {
        organizationId,
        platform: "google-ads",
        account: { currency: "EUR" },
        campaigns: [{ spend: { "2026-01-05": 1_200_000 } }, { status: "paused", spend: { "2026-01-06": 34_567 } }],
      });
      const campaigns = await db
        .selectFrom("campaigns")
        .where("organization_id", "=", organizationId)
        .select(["id", "external_id"])
        .orderBy("external_id")
        .execute();
      for (const [index, campaign] of campaigns.entries())
        await db
          .updateTable("campaigns")
          .set({ name: ["Brand Search", "Retargeting"][index] ?? "" })
          .where("id", "=", campaign.id)
          .execute();
    });
  });

  for (const language of ["es", "fr", "de"] as const) {
    it(`switches to ${NATIVE_NAME[language]}: dashboard, campaigns, a validation message and a toast`, async () => {
      const screen = SCREENS[language];
      const page = await newSignedInPage(browser, desktop);
      await chooseLanguage(page, language);

      // The dashboard: the welcome, the cards' titles and the total in the locale's format.
      await page.goto(`/dashboard?${JANUARY}`);
      await page.getByRole("heading", { name: screen.dashboard.welcome, level: 1 }).waitFor();
      const totalSpend = page.getByRole("group", { name: screen.dashboard.totalSpend, exact: true });
      const total = totalSpend.getByText(screen.total, { exact: true });
      await total.waitFor();
      expect(await rawText(total)).toBe(screen.total);
      await page
        .getByRole("group", { name: screen.dashboard.campaigns, exact: true })
        .getByText("2", { exact: true })
        .waitFor();
      await page.getByRole("button", { name: screen.range.button }).getByText(screen.range.dates).waitFor();

      // The campaigns table: its headers, a status and a spend in the locale's format.
      await page.goto(`/campaigns/mes-ads?${JANUARY}`);
      await page.getByRole("heading", { name: screen.campaigns.title, level: 1 }).waitFor();
      const table = page.getByRole("table", { name: screen.campaigns.table });
      await table.getByRole("link", { name: "Brand Search", exact: true }).waitFor();
      const headers = (await table.getByRole("columnheader").allInnerTexts()).map((text) => text.trim());
      expect(headers).toEqual(expect.arrayContaining([...screen.campaigns.headers]));
      const brand = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Brand Search" }) });
      const brandSpend = brand.getByText(screen.brandSpend, { exact: true });
      await brandSpend.waitFor();
      expect(await rawText(brandSpend)).toBe(screen.brandSpend);
      const retargeting = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Retargeting" }) });
      await retargeting.getByText(screen.campaigns.paused, { exact: true }).waitFor();

      // A form's validation message: the profile without a first name.
      await page.goto("/profile");
      const save = page.getByRole("button", { name: screen.profile.save });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await page.getByRole("textbox", { name: screen.profile.firstName, exact: true }).fill("");
      await save.click();
      await page.getByRole("main").getByText(screen.profile.required, { exact: true }).waitFor();
    });
  }

  it("sends a German user German HTML first, before any JavaScript runs", async () => {
    const page = await newSignedInPage(browser, desktop);
    if ((await page.goto("/preferences").then(() => htmlLang(page))) !== "de") await chooseLanguage(page, "de");

    // A plain request with the session, from a client that would rather read English: the saved language wins.
    const response = await fetch(`${baseUrl()}/dashboard?${JANUARY}`, {
      headers: { cookie: await sharedUserCookie(), "accept-language": "en-US,en;q=0.9" },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\blang="de"/);
    const heading = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "");
    expect(heading).toBe("Willkommen, Ada");
    expect(html).toContain("Gesamtausgaben");
    expect(html).toContain(SCREENS.de.total);
    expect(html).not.toContain("Welcome, Ada");
    expect(html).not.toContain("Total Spend");
  });

  it("signs up in German from a browser that asks for German, and mails in German", async () => {
    const page = await browser.newPage({ ...desktop, locale: "de-DE" });
    const email = uniqueEmail("grete");
    await page.goto("/signup");
    expect(await htmlLang(page)).toBe("de");
    await page.getByRole("heading", { name: "Konto erstellen" }).waitFor();
    await page.getByLabel("Vorname").fill("Grete");
    await page.getByLabel("Nachname").fill("Hermann");
    await page.getByLabel("Unternehmen (optional)").fill("Hermann Werbung");
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Passwort bestätigen").fill(TEST_PASSWORD);
    await page.getByRole("checkbox", { name: /^Ich stimme den Nutzungsbedingungen/ }).click();
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await page.waitForURL("**/verify-email");
    await page.getByRole("heading", { name: "Prüfen Sie Ihr Postfach" }).waitFor();

    const [mail] = await waitForMailTo(email);
    expect(decodedSubject(mail?.raw ?? "")).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Adhelm");
    expect(decodedBody(mail?.raw ?? "")).toContain("Vielen Dank für Ihre Registrierung bei Adhelm.");

    await page.goto(await linkMailedTo(email, "/auth/callback?"));
    await page.waitForURL("**/dashboard");
    await toasts(page).getByText("E-Mail-Adresse bestätigt!", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Willkommen, Grete", level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe("de");

    // German is the account's saved language now, not only this browser's wish: the same session
    // asking for English still gets German.
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    const response = await fetch(`${baseUrl()}/dashboard`, {
      headers: { cookie, "accept-language": "en-US,en;q=0.9" },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<html[^>]*\blang="de"[\s\S]*Willkommen, Grete/);
  });
});
