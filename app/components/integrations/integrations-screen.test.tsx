import type { i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";
import { findListing } from "#core/connections/platform-catalog.ts";
import { IntegrationsScreen } from "./integrations-screen.tsx";
import type { IntegrationCard } from "./integrations-types.ts";

const NOW = "2025-06-15T12:00:00.000Z";

function listing(id: string) {
  const found = findListing(id);
  if (!found) throw new Error(`No listing ${id}`);
  return found;
}

const CARDS: IntegrationCard[] = [
  {
    listing: listing("google-ads"),
    mode: "sandbox",
    connection: {
      id: "connection-1",
      status: "active",
      displayName: "Ada",
      lastSyncedAt: "2025-06-15T11:55:00.000Z",
      lastError: null,
      progress: null,
      accounts: [{ id: "account-1", name: "Main", externalId: "123", currency: "EUR", isManaged: true }],
      history: [],
      awaitsAccountChoice: false,
    },
  },
  {
    listing: listing("linkedin-ads"),
    mode: "live",
    connection: {
      id: "connection-2",
      status: "error",
      displayName: null,
      lastSyncedAt: null,
      lastError: "Access was revoked: the token expired. Reconnect to continue.",
      progress: null,
      accounts: [],
      history: [],
      awaitsAccountChoice: false,
    },
  },
  { listing: listing("twitter-ads"), mode: "coming-soon", connection: null },
  { listing: listing("shopify"), mode: "sandbox", connection: null },
];

/** The screen as the server renders it for a reader of `language`. */
async function renderHtml(language: Language): Promise<string> {
  await loadResources(language);
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ language }),
      Component: () => (
        <IntegrationsScreen cards={CARDS} isSignedIn chooseConnectionId={null} now={NOW} timeZone="Europe/Berlin" />
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("Unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <I18nextProvider i18n={i18nFor(language) as i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

/** The same, as the words a reader sees. */
async function render(language: Language): Promise<string> {
  return (await renderHtml(language))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the integrations screen", () => {
  it("keeps the spec's English", async () => {
    const text = await render("en");
    for (const expected of [
      "Integrations",
      "Ad platforms",
      "2 integrations connected",
      "Last sync: 5 minutes ago",
      "1 of 1 ad account managed",
      "Search, Shopping, Performance Max and YouTube campaigns.",
      "Access was revoked: the token expired. Reconnect to continue.",
      "Never synced",
      "Coming soon",
      "Sandbox",
    ])
      expect(text).toContain(expected);
  });

  it("speaks German, with German relative times, and keeps the platforms' names and words", async () => {
    const text = await render("de");
    for (const expected of [
      "Integrationen",
      "Werbeplattformen",
      "2 Integrationen verbunden",
      "Letzte Synchronisierung: vor 5 Minuten",
      "1 von 1 Werbekonto verwaltet",
      "Kampagnen für Suche, Shopping, Performance Max und YouTube.",
      "Der Zugriff wurde widerrufen: the token expired. Verbinden Sie die Plattform erneut, um fortzufahren.",
      "Noch nie synchronisiert",
      "Demnächst",
      "Testumgebung",
      "Google Ads",
      "Twitter/X",
    ])
      expect(text).toContain(expected);
    for (const english of ["Last sync", "Coming soon", "ad account", "Never synced"])
      expect(text).not.toContain(english);
  });

  it("shows the exact time in the reader's locale and time zone", async () => {
    const html = await renderHtml("fr");
    expect(html).toContain('<time dateTime="2025-06-15T11:55:00.000Z" title="15 juin 2025, 13:55 UTC+2">');
    expect(await render("fr")).toContain("Dernière synchronisation : il y a 5 minutes");
  });
});
