import { describe, expect, it } from "vitest";
import { PLANS } from "#core/billing/plan-catalog.ts";
import { buildOrganizationJsonLd, buildSoftwareApplicationJsonLd } from "./structured-data.ts";

const APP_URL = "https://adhelm.example";

describe("Organization JSON-LD", () => {
  it("names Adhelm with absolute URLs, its founding year and its contact points", () => {
    const organization = buildOrganizationJsonLd(APP_URL);
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${APP_URL}/#organization`,
      name: "Adhelm",
      url: `${APP_URL}/`,
      logo: `${APP_URL}/icon-512.png`,
      foundingDate: "2022",
    });
    expect(organization.contactPoint).toEqual([
      { "@type": "ContactPoint", contactType: "sales", email: "sales@adhelm.com" },
      { "@type": "ContactPoint", contactType: "technical support", email: "api@adhelm.com" },
    ]);
  });

  it("survives a JSON round trip unchanged", () => {
    const organization = buildOrganizationJsonLd(APP_URL);
    expect(JSON.parse(JSON.stringify(organization))).toEqual(organization);
  });
});

describe("SoftwareApplication JSON-LD", () => {
  const product = buildSoftwareApplicationJsonLd(APP_URL);
  const offers = product.offers as Array<Record<string, unknown>>;

  it("describes Adhelm as a web business application published by the organization", () => {
    expect(product).toMatchObject({
      "@type": "SoftwareApplication",
      name: "Adhelm",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Web",
      publisher: { "@type": "Organization", "@id": `${APP_URL}/#organization` },
    });
  });

  it("offers every plan of the catalog, in order", () => {
    expect(offers.map((offer) => offer.name)).toEqual(PLANS.map((plan) => plan.name));
    expect(offers.map((offer) => offer.name)).toEqual(["Starter", "Professional", "Enterprise"]);
  });

  it("prices Starter and Professional at the catalog's monthly price in USD", () => {
    expect(offers[0]).toMatchObject({
      "@type": "Offer",
      price: 49,
      priceCurrency: "USD",
      url: `${APP_URL}/pricing`,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: 49,
        priceCurrency: "USD",
        billingDuration: "P1M",
      },
    });
    expect(offers[1]).toMatchObject({ price: 149, priceCurrency: "USD" });
  });

  it("follows the catalog when a price changes", () => {
    const cheaper = PLANS.map((plan) => (plan.id === "starter" ? { ...plan, monthlyPriceCents: 3_950 } : plan));
    const changed = buildSoftwareApplicationJsonLd(APP_URL, cheaper).offers as Array<Record<string, unknown>>;
    expect(changed[0]?.price).toBe(39.5);
  });

  it("offers Enterprise without a price, since its pricing is custom", () => {
    const enterprise = offers[2] ?? {};
    expect(enterprise.name).toBe("Enterprise");
    expect(enterprise).not.toHaveProperty("price");
    expect(enterprise).not.toHaveProperty("priceCurrency");
    expect(enterprise).not.toHaveProperty("priceSpecification");
  });
});
