import type { i18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";
import type { PlatformTotals } from "#core/analytics/analytics-types.ts";
import { emptySums, toKpis } from "#core/analytics/kpis.ts";
import { DashboardEmptyState } from "./dashboard-empty-state.tsx";
import { KpiGrid } from "./kpi-grid.tsx";
import { PlatformBreakdownCard } from "./platform-breakdown-card.tsx";

function totals(platform: PlatformTotals["platform"], currency: string, spendMinor: number): PlatformTotals {
  const kpis = toKpis({ ...emptySums(), spendMinor });
  return { platform, currency, current: kpis, previous: kpis, storeRevenueMinor: null };
}

/** `element` as the server renders it for a reader of `language` (the root loader's choice). */
async function renderIn(language: Language, element: ReactElement): Promise<string> {
  await loadResources(language);
  const routes = [{ id: "root", path: "/", loader: () => ({ language }), Component: () => element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("Unexpected redirect");
  return renderToString(
    <I18nextProvider i18n={i18nFor(language) as i18n}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </I18nextProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

/** Each row's header cell, as text. */
async function rowNames(platforms: PlatformTotals[]): Promise<string[]> {
  const html = await renderIn("en", <PlatformBreakdownCard platforms={platforms} hasStore={false} />);
  return [...html.matchAll(/<th[^>]*scope="row"[^>]*>(.*?)<\/th>/g)].map((match) => text(match[1] ?? ""));
}

describe("PlatformBreakdownCard", () => {
  it("names a platform's currency only where its accounts spend in more than one", async () => {
    expect(
      await rowNames([
        totals("google-ads", "USD", 9_000),
        totals("facebook-ads", "USD", 7_000),
        totals("google-ads", "GBP", 3_000),
      ]),
    ).toEqual([
      // Each name follows its logo (a mark drawn in SVG, with no text of its own).
      "Google Ads USD",
      "Meta",
      "Google Ads GBP",
    ]);
  });

  it("speaks the reader's language, with figures in the reader's locale and the amount's own currency", async () => {
    const platforms = [totals("google-ads", "USD", 123_456)];
    const english = text(await renderIn("en", <PlatformBreakdownCard platforms={platforms} hasStore />));
    expect(english).toContain("ROAS as each platform reports it; store revenue attributed by UTM source.");
    expect(english).toContain("Share of spend");
    expect(english).toContain("$1,234.56");

    const german = text(await renderIn("de", <PlatformBreakdownCard platforms={platforms} hasStore />));
    expect(german).toContain("ROAS, wie ihn jede Plattform meldet; Shop-Umsatz nach UTM-Quelle zugeordnet.");
    expect(german).toContain("Anteil an den Ausgaben");
    expect(german).toContain("1.234,56 $");
    expect(german).toContain("100 %");
    expect(german).not.toContain("Share of spend");
  });
});

describe("the dashboard's other cards", () => {
  const kpis = toKpis({ ...emptySums(), spendMinor: 50_000, clicks: 400, impressions: 20_000 });
  const grid = <KpiGrid totals={{ currency: "EUR", current: kpis, previous: kpis }} blended={null} hasStore={false} />;

  it("links to connecting a store inside the sentence, in each language", async () => {
    expect(await renderIn("en", grid)).toMatch(/>Connect Shopify or WooCommerce<\/a> to see blended ROAS/);
    expect(await renderIn("es", grid)).toMatch(/>Conecta Shopify o WooCommerce<\/a> para ver el ROAS combinado/);
    expect(text(await renderIn("de", grid))).toContain("CTR 2,00 % · CPC 1,25 €");
  });

  it("sets the store revenue the connected platforms claim against their spend, and names the unattributed rest", async () => {
    const blended = {
      currency: "USD",
      storeRevenueMinor: 1_000_000,
      previousStoreRevenueMinor: 0,
      attributedRevenueMinor: 600_000,
      previousAttributedRevenueMinor: 0,
      adSpendMinor: 200_000,
      previousAdSpendMinor: 0,
      roas: 3,
      previousRoas: null,
      orders: 120,
      unattributedRevenueMinor: 400_000,
    };
    const withStore = (
      <KpiGrid totals={{ currency: "USD", current: kpis, previous: kpis }} blended={blended} hasStore />
    );
    const english = text(await renderIn("en", withStore));
    expect(english).toContain("Blended ROAS 3.00×");
    expect(english).toContain("$6,000.00 from your connected platforms ÷ $2,000.00 ad spend");
    expect(english).toContain("Unattributed revenue: $4,000.00 of $10K store revenue");
    const german = text(await renderIn("de", withStore));
    expect(german).toContain("Nicht zugeordneter Umsatz: 4.000,00 $ von");
  });

  it("leads to the integrations when no platform is connected", async () => {
    const french = await renderIn("fr", <DashboardEmptyState />);
    expect(french).toContain("Connectez votre première plateforme publicitaire");
    expect(french).toMatch(/href="\/integrations"[^>]*>Connecter une plateforme/);
  });
});
