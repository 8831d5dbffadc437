import { describe, expect, it } from "vitest";
import { sharedUserCookie } from "#tests/support/accounts.ts";
import { baseUrl } from "#tests/support/browser.ts";

/** Every route of the spec's route table: the status it answers and the headline it shows. */
const PAGES: Array<[path: string, title: string, headline: string]> = [
  ["/", "Adhelm", "AI-powered ad management that grows your ROAS"],
  ["/features", "Features | Adhelm", "Features that put your ads on autopilot"],
  ["/pricing", "Pricing | Adhelm", "Simple, transparent pricing"],
  ["/api", "Developer API | Adhelm", "The Adhelm Developer API"],
  ["/changelog", "Changelog | Adhelm", "Changelog"],
  ["/about", "About | Adhelm", "About Adhelm"],
  ["/blog", "Blog | Adhelm", "The Adhelm Blog"],
  ["/careers", "Careers | Adhelm", "Careers at Adhelm"],
  // Linked by the spec without a page of their own there; each is a real page here.
  ["/docs", "Documentation | Adhelm", "Adhelm user guide"],
  ["/help", "Help Center | Adhelm", "How can we help?"],
  ["/press", "Press | Adhelm", "Press kit"],
  ["/partners", "Partners | Adhelm", "Grow with Adhelm"],
  ["/community", "Community | Adhelm", "The Adhelm community"],
  ["/webinars", "Webinars | Adhelm", "Adhelm webinars"],
  ["/case-studies", "Case Studies | Adhelm", "How teams use Adhelm"],
  ["/legal", "Legal | Adhelm", "Legal Documentation"],
  ["/legal/privacy", "Privacy Policy | Adhelm", "Privacy Policy"],
  ["/legal/terms", "Terms of Service | Adhelm", "Terms of Service"],
  ["/legal/cookies", "Cookie Policy | Adhelm", "Cookie Policy"],
  ["/legal/gdpr", "GDPR Compliance | Adhelm", "GDPR Compliance"],
  ["/legal/security", "Security | Adhelm", "Security"],
  ["/legal/dpa", "Data Processing Agreement | Adhelm", "Data Processing Agreement"],
  ["/legal/aup", "Acceptable Use Policy | Adhelm", "Acceptable Use Policy"],
  ["/login", "Sign in | Adhelm", "Welcome back"],
  ["/signup", "Sign up | Adhelm", "Create your account"],
  ["/verify-email", "Check your email | Adhelm", "Check your email"],
  ["/auth/callback", "Verifying your email | Adhelm", "Verifying your email..."],
  ["/forgot-password", "Forgot password | Adhelm", "Forgot your password?"],
  ["/reset-password", "Reset password | Adhelm", "Set a new password"],
  // App screens are fetched signed in as this file's shared user, Ada.
  ["/dashboard", "Dashboard | Adhelm", "Welcome, Ada"],
  ["/integrations", "Integrations | Adhelm", "Integrations"],
  ["/dashboard/integrations", "Integrations | Adhelm", "Integrations"],
  ["/profile", "Profile | Adhelm", "Profile Settings"],
  ["/account/profile", "Profile | Adhelm", "Profile Settings"],
  ["/preferences", "Preferences | Adhelm", "Preferences"],
  ["/account/preferences", "Preferences | Adhelm", "Preferences"],
  ["/campaigns/mes-ads", "Campaigns | Adhelm", "Campaigns"],
  ["/getting-started", "Getting started | Adhelm", "Getting started"],
  ["/goals", "Goals | Adhelm", "Goals"],
  ["/settings/api-keys", "API keys | Adhelm", "API keys"],
  ["/notifications", "Notifications | Adhelm", "Notifications"],
  ["/rules", "Rules | Adhelm", "Rules"],
  ["/settings/webhooks", "Webhooks | Adhelm", "Webhooks"],
  ["/settings/general", "General settings | Adhelm", "General settings"],
  ["/settings/team", "Team | Adhelm", "Team"],
  ["/settings/audit", "Audit log | Adhelm", "Audit log"],
  ["/account/security", "Security | Adhelm", "Security"],
  ["/account/privacy", "Privacy and data | Adhelm", "Privacy and data"],
  ["/optimizer", "Optimizer | Adhelm", "Optimizer"],
  ["/optimizer/plan", "Budget plan | Adhelm", "Budget plan"],
  ["/billing", "Billing | Adhelm", "Billing"],
  ["/billing/invoices", "Invoices | Adhelm", "Invoices"],
  ["/billing/payment-method", "Payment method | Adhelm", "Payment method"],
  ["/ask-shown", "Ask Adhelm | Adhelm", "Ask Adhelm"],
  ["/assets", "Assets | Adhelm", "Assets"],
  ["/assets/compare", "Compare creatives | Adhelm", "Compare creatives"],
  ["/settings/conversions", "Conversion settings | Adhelm", "Conversion settings"],
];

const APP_SCREENS = new Set(
  PAGES.filter(([, , headline]) =>
    [
      "Welcome, Ada",
      "Integrations",
      "Profile Settings",
      "Preferences",
      "Campaigns",
      "Getting started",
      "Goals",
      "API keys",
      "Notifications",
      "Rules",
      "Webhooks",
      "Optimizer",
      "Budget plan",
      "Billing",
      "Invoices",
      "Payment method",
      "General settings",
      "Team",
      "Audit log",
      "Privacy and data",
      "Ask Adhelm",
      "Assets",
      "Compare creatives",
      "Conversion settings",
      // Also /legal/security's headline: that public page answers the same with a cookie.
      "Security",
    ].includes(headline),
  ).map(([path]) => path),
);

async function get(path: string, init?: RequestInit) {
  return fetch(`${baseUrl()}${path}`, { redirect: "manual", ...init });
}

/** App screens are for signed-in people: they are fetched with a session cookie. */
async function getAsVisitor(path: string) {
  return get(path, APP_SCREENS.has(path) ? { headers: { cookie: await sharedUserCookie() } } : undefined);
}

function firstHeadline(html: string): string | undefined {
  return html
    .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
    ?.replace(/<[^>]+>/g, "")
    .trim();
}

describe("the route table", () => {
  it.each(PAGES)("%s answers 200 with its title and headline", async (path, title, headline) => {
    const response = await getAsVisitor(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(firstHeadline(html)).toBe(headline);
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}${path === "/" ? "/" : path}"`);
  });

  it("renders same-screen pairs with one screen", async () => {
    const screens = await Promise.all(
      ["/profile", "/account/profile", "/preferences", "/account/preferences"].map(async (path) =>
        firstHeadline(await (await getAsVisitor(path)).text()),
      ),
    );
    expect(screens).toEqual(["Profile Settings", "Profile Settings", "Preferences", "Preferences"]);
  });

  it.each([
    ["/terms", "/legal/terms"],
    ["/privacy", "/legal/privacy"],
    ["/settings", "/settings/general"],
  ])("%s redirects permanently to %s", async (path, target) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(target);
  });

  it.each(["/no-such-page", "/legal/not-a-document", "/dashboard/nope/deeper"])(
    "%s answers 404 with the not-found screen",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(firstHeadline(html)).toBe("Oops! Page not found");
      expect(html).toMatch(/<a[^>]+href="\/"[^>]*>[\s\S]*?Return to Home<\/a>/);
      expect(html).toContain('<meta name="robots" content="noindex"');
    },
  );
});

describe("resources", () => {
  it("serves robots.txt pointing at the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    expect(body).toContain("Disallow: /dashboard");
  });

  it("lists the public pages, and no app page, in sitemap.xml", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("application/xml");
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain(`${baseUrl()}/`);
    expect(locations).toContain(`${baseUrl()}/pricing`);
    expect(locations).toContain(`${baseUrl()}/legal/gdpr`);
    expect(locations.some((location) => location?.includes("/dashboard"))).toBe(false);
  });

  it("serves the favicon and caches fingerprinted assets forever", async () => {
    const favicon = await get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    // The sign-in page hydrates, so it loads fingerprinted scripts (static pages load none).
    const html = await (await get("/login")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/missing-file.js")).status).toBe(404);
  });

  it("answers /healthz with the database up", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it.each(["/", "/login"])("puts the CSP nonce on every inline script of %s", async (path) => {
    const response = await get(path);
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    // JSON-LD blocks are data, never executed, so CSP does not apply to them.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)].map(
      (match) => match[1],
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });
});
