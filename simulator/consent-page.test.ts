import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { PlatformId } from "#core/shared/platforms.ts";
import { createSandboxConsent } from "./consent-page.ts";
import { createAppCallbackCheck } from "./sandbox-guards.ts";
import type { ConsentDecision, ConsentRequest } from "./sandbox-kit.ts";

const SECRET = "consent-test-secret-0123456789abcdef0123";
const APP_URL = "http://localhost";
const callbackOf = (platform: PlatformId) => `${APP_URL}/integrations/${platform}/callback`;

/**
 * A platform module's two consent routes, mounted like the sandbox mounts them. The visitor's
 * session is `tenant`, unless a request names another in an `x-session` header ("" for none).
 */
function createConsentApp(
  request: Omit<ConsentRequest, "state"> & { state?: string },
  tenant: string | null = "org_1",
  isAppCallback = createAppCallbackCheck(APP_URL),
) {
  const decisions: ConsentDecision[] = [];
  const consent = createSandboxConsent({
    secret: SECRET,
    resolveTenant: (c) => {
      const session = c.req.header("x-session");
      return session === undefined ? tenant : session || null;
    },
    isAppCallback,
    signInUrl: `${APP_URL}/login`,
  });
  const platform = new Hono<{ Variables: { nonce: string } }>();
  platform.get("/authorize", (c) => consent.render(c, { state: "st", ...request }));
  platform.post(
    "/consent",
    consent.handler((decision) => {
      decisions.push(decision);
      return `${decision.redirectUri}?decided=${decision.isAllowed ? "yes" : "no"}`;
    }),
  );
  const app = new Hono<{ Variables: { nonce: string } }>();
  app.use(async (c, next) => {
    c.set("nonce", "test-nonce-123");
    await next();
  });
  app.route(`/sandbox/${request.platform}`, platform);
  return { app, decisions };
}

/** The hidden fields of a rendered page, decoded. */
function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const value = match[2]!
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
    fields.set(match[1]!, value);
  }
  return fields;
}

async function renderAndSubmit(
  request: Omit<ConsentRequest, "state"> & { state?: string },
  change: (fields: URLSearchParams) => void,
  postHeaders: Record<string, string> = {},
) {
  const { app, decisions } = createConsentApp(request);
  const page = await app.request(`/sandbox/${request.platform}/authorize`);
  const fields = hiddenFields(await page.text());
  change(fields);
  const response = await app.request(`/sandbox/${request.platform}/consent`, {
    method: "POST",
    body: fields,
    headers: postHeaders,
  });
  return { response, decisions };
}

describe("the consent page", () => {
  it.each<[PlatformId, string]>([
    ["google-ads", "Google Ads"],
    ["microsoft-ads", "Microsoft Advertising"],
    ["facebook-ads", "Meta"],
    ["tiktok-ads", "TikTok"],
    ["linkedin-ads", "LinkedIn"],
    ["shopify", "Shopify"],
    ["woocommerce", "WooCommerce"],
  ])("for %s is titled and headed in %s's name", async (platform, name) => {
    const { app } = createConsentApp({ platform, clientId: "client", redirectUri: callbackOf(platform) });
    const response = await app.request(`/sandbox/${platform}/authorize`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const title = `Authorize Adhelm to manage your ${name} sandbox account`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<h1 id="consent-title">${title}</h1>`);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).toContain('<style nonce="test-nonce-123">');
    expect(html).toContain(`action="/sandbox/${platform}/consent"`);
    expect(html).not.toMatch(/<script|<link|javascript:/i);
  });

  it("lists what the scopes grant and names the tenant and store", async () => {
    const { app } = createConsentApp({
      platform: "shopify",
      clientId: "client",
      redirectUri: callbackOf("shopify"),
      scope: "read_orders,read_all_orders",
      store: "northwind.myshopify.com",
    });
    const html = await (await app.request("/sandbox/shopify/authorize")).text();
    expect(html).toContain("<li>Read your orders from the last 60 days</li>");
    expect(html).toContain("<li>Read all your orders</li>");
    expect(html).toContain("<strong>org_1</strong>");
    expect(html).toContain("<strong>northwind.myshopify.com</strong>");
  });

  it("escapes what the request carries", async () => {
    const { app } = createConsentApp({
      platform: "google-ads",
      clientId: "client",
      redirectUri: callbackOf("google-ads"),
      state: '"><script>alert(1)</script>',
      scope: "<b>odd</b>",
    });
    const html = await (await app.request("/sandbox/google-ads/authorize")).text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>odd</b>");
    expect(html).toContain("&lt;b&gt;odd&lt;/b&gt;");
  });

  it("asks a visitor without a session to sign in to Adhelm first, whatever login_hint says", async () => {
    const { app } = createConsentApp(
      { platform: "tiktok-ads", clientId: "c", redirectUri: callbackOf("tiktok-ads") },
      null,
    );
    for (const query of ["", "?login_hint=org_9"]) {
      const response = await app.request(`/sandbox/tiktok-ads/authorize${query}`);
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain('<h1 id="sign-in-title">Sign in to Adhelm first</h1>');
      expect(html).toContain('<a href="http://localhost/login">');
      expect(html).not.toContain("<form");
      expect(html).not.toContain("org_9");
    }
  });

  it("refuses a redirect URI that is not the app's own callback, with the invalid page and no form", async () => {
    for (const redirectUri of [
      "http://127.0.0.1:9/admin",
      "http://localhost/integrations/google-ads/callback/../../../admin",
      "http://localhost/integrations/shopify/callback",
      "http://localhost.evil.test/integrations/google-ads/callback",
      "http://user@localhost/integrations/google-ads/callback",
    ]) {
      const { app } = createConsentApp({ platform: "google-ads", clientId: "c", redirectUri });
      const response = await app.request("/sandbox/google-ads/authorize");
      expect(response.status, redirectUri).toBe(400);
      expect(await response.text()).not.toContain("<form");
    }
  });
});

describe("the consent handler", () => {
  const request: Omit<ConsentRequest, "state"> = {
    platform: "woocommerce",
    clientId: "Adhelm",
    redirectUri: callbackOf("woocommerce"),
    scope: "read",
    store: "shop.example.com",
    extra: { callback_url: "https://adhelm.test/api/woo/callback", user_id: "ref-1" },
  };

  it.each([
    ["allow", true],
    ["deny", false],
  ])(
    "passes the whole request and the decision (%s) to decide and redirects to its URL",
    async (decision, isAllowed) => {
      const { response, decisions } = await renderAndSubmit(request, (fields) => fields.set("decision", decision));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${callbackOf("woocommerce")}?decided=${isAllowed ? "yes" : "no"}`);
      expect(decisions).toEqual([{ ...request, state: "st", tenant: "org_1", isAllowed }]);
    },
  );

  it("leaves out what the request did not have", async () => {
    const { decisions } = await renderAndSubmit(
      { platform: "google-ads", clientId: "c", redirectUri: callbackOf("google-ads") },
      (fields) => fields.set("decision", "allow"),
    );
    expect(decisions).toEqual([
      {
        platform: "google-ads",
        clientId: "c",
        redirectUri: callbackOf("google-ads"),
        state: "st",
        tenant: "org_1",
        isAllowed: true,
      },
    ]);
  });

  it.each<[string, (fields: URLSearchParams) => void]>([
    ["a changed tenant", (fields) => fields.set("tenant", "org_2")],
    ["a changed redirect URI", (fields) => fields.set("redirect_uri", "http://evil.test/")],
    ["changed extra values", (fields) => fields.set("extra", JSON.stringify({ callback_url: "http://evil.test" }))],
    ["a changed platform", (fields) => fields.set("platform", "shopify")],
    ["no signature", (fields) => fields.delete("signature")],
    ["no decision", (fields) => fields.delete("decision")],
    ["an unknown decision", (fields) => fields.set("decision", "maybe")],
  ])("answers %s with a 400 page and decides nothing", async (_label, change) => {
    const { response, decisions } = await renderAndSubmit(request, (fields) => {
      fields.set("decision", "allow");
      change(fields);
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<h1 id="invalid-title">This consent request is not valid</h1>');
    expect(decisions).toEqual([]);
  });

  it("refuses the form without a session, with the sign-in page, and decides nothing", async () => {
    const { response, decisions } = await renderAndSubmit(request, (fields) => fields.set("decision", "allow"), {
      "x-session": "",
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Sign in to Adhelm first");
    expect(decisions).toEqual([]);
  });

  it("refuses a session of another tenant posting the form shown to org_1, and decides nothing", async () => {
    const { response, decisions } = await renderAndSubmit(request, (fields) => fields.set("decision", "allow"), {
      "x-session": "org_2",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This consent belongs to another organization");
    expect(decisions).toEqual([]);
  });

  it("refuses a genuinely signed form whose redirect URI is not the app's callback", async () => {
    // A page rendered by a sandbox that let the URI through (older, or misconfigured) signed it.
    const foreign = { ...request, redirectUri: "http://127.0.0.1:9/admin" };
    const lax = createConsentApp(foreign, "org_1", () => true);
    const fields = hiddenFields(await (await lax.app.request("/sandbox/woocommerce/authorize")).text());
    fields.set("decision", "allow");
    const { app, decisions } = createConsentApp(foreign);
    const response = await app.request("/sandbox/woocommerce/consent", { method: "POST", body: fields });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(decisions).toEqual([]);
  });
});
