import { monthlyPriceCents, PLAN_CURRENCY, PLANS, type Plan } from "#core/billing/plan-catalog.ts";
import { API_SUPPORT_EMAIL, SALES_EMAIL } from "./contact-addresses.ts";
import { SITE_NAME } from "./seo.ts";

/**
 * schema.org JSON-LD for search engines. React Router's <Meta> renders it as
 * `<script type="application/ld+json">` on the server; a data block is never executed, so the
 * CSP's script rules do not apply to it.
 */
export type JsonLd = Record<string, unknown>;

const SCHEMA_CONTEXT = "https://schema.org";
const FOUNDING_YEAR = "2022";
const PRODUCT_DESCRIPTION =
  "AI-assisted ad campaign management: one dashboard for Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn, with Shopify and WooCommerce revenue, automation rules and budget optimization toward a target ROAS or CPA.";

function organizationId(appUrl: string): string {
  return `${appUrl}/#organization`;
}

/** A reference that stands on its own on pages without the full Organization. */
function organizationReference(appUrl: string): JsonLd {
  return { "@type": "Organization", "@id": organizationId(appUrl), name: SITE_NAME, url: `${appUrl}/` };
}

export function buildOrganizationJsonLd(appUrl: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Organization",
    "@id": organizationId(appUrl),
    name: SITE_NAME,
    url: `${appUrl}/`,
    logo: `${appUrl}/icon-512.png`,
    description: "Adhelm builds AI-assisted advertising management software for marketers, agencies and enterprises.",
    foundingDate: FOUNDING_YEAR,
    contactPoint: [
      { "@type": "ContactPoint", contactType: "sales", email: SALES_EMAIL },
      { "@type": "ContactPoint", contactType: "technical support", email: API_SUPPORT_EMAIL },
    ],
  };
}

/** One offer per plan; a custom-priced plan is offered without a price rather than with an invented one. */
function toOffer(plan: Plan, appUrl: string): JsonLd {
  const offer: JsonLd = {
    "@type": "Offer",
    name: plan.name,
    description: plan.description,
    url: `${appUrl}/pricing`,
    seller: organizationReference(appUrl),
  };
  const cents = monthlyPriceCents(plan, "monthly");
  if (cents === null) return offer;
  const price = cents / 100;
  return {
    ...offer,
    price,
    priceCurrency: PLAN_CURRENCY,
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price,
      priceCurrency: PLAN_CURRENCY,
      billingDuration: "P1M",
      unitText: "month",
    },
  };
}

export function buildSoftwareApplicationJsonLd(appUrl: string, plans: readonly Plan[] = PLANS): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    url: `${appUrl}/`,
    description: PRODUCT_DESCRIPTION,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    publisher: organizationReference(appUrl),
    offers: plans.map((plan) => toOffer(plan, appUrl)),
  };
}
