import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_TEST_SECRET, type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createSandboxConsent } from "./consent-page.ts";
import { createWooCommerceSandbox } from "./platforms/woocommerce.ts";

/**
 * Finding 1: the consent pages need a signed-in Adhelm session of the tenant they name, and the
 * WooCommerce consent POSTs keys only to the app's own keys callback. Two real listeners on
 * 127.0.0.1 record every request they get: the app (whose callback the sandbox may use) and a
 * "victim" (a loopback admin URL an attacker would aim the sandbox at).
 */

interface Listener {
  origin: string;
  requests: string[];
  server: Server;
}

async function listen(): Promise<Listener> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

let app: Listener;
let victim: Listener;
let sandbox: SandboxServer;

beforeAll(async () => {
  app = await listen();
  victim = await listen();
  sandbox = await startSandboxServer({
    platforms: { woocommerce: createWooCommerceSandbox },
    appUrl: app.origin,
    // The Adhelm session, stood in for by a cookie naming its organization.
    resolveTenant: async (c) => /(?:^|;\s*)session=([^;]+)/.exec(c.req.header("cookie") ?? "")?.[1] ?? null,
  });
});
afterAll(async () => {
  await sandbox.close();
  for (const listener of [app, victim]) await new Promise((resolve) => listener.server.close(resolve));
});
beforeEach(() => {
  app.requests.length = 0;
  victim.requests.length = 0;
});

const cookieOf = (tenant: string) => ({ cookie: `session=${tenant}` });

function wooAuthorizeUrl(overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    app_name: "Adhelm",
    scope: "read",
    user_id: "state-1",
    return_url: `${app.origin}/integrations/woocommerce/callback`,
    callback_url: `${app.origin}/integrations/woocommerce/callback/keys`,
    ...overrides,
  });
  return `${sandbox.root}/woocommerce/shop.example.com/wc-auth/v1/authorize?${params}`;
}

/** The page's hidden fields with the decision, ready to post. */
function formOf(html: string, decision = "allow"): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      match[1]!,
      match[2]!.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&amp;", "&"),
    );
  }
  fields.set("decision", decision);
  return fields;
}

async function consentForm(tenant: string, overrides: Record<string, string> = {}): Promise<URLSearchParams> {
  const page = await fetch(wooAuthorizeUrl(overrides), { headers: cookieOf(tenant) });
  expect(page.status).toBe(200);
  return formOf(await page.text());
}

function postConsent(form: URLSearchParams, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.root}/woocommerce/consent`, { method: "POST", body: form, redirect: "manual", headers });
}

describe("the consent pages without a session", () => {
  it("ask to sign in to Adhelm first, show no form and name no tenant, whatever login_hint says", async () => {
    for (const url of [wooAuthorizeUrl(), wooAuthorizeUrl({ login_hint: "org_victim" })]) {
      const response = await fetch(url);
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Sign in to Adhelm first");
      expect(html).toContain(`href="${app.origin}/login"`);
      expect(html).not.toContain("<form");
      expect(html).not.toContain("org_victim");
    }
  });

  it("refuse the consent POST, so no keys are posted and no browser is sent anywhere", async () => {
    const form = await consentForm("org_a");
    const response = await postConsent(form);
    expect(response.status).toBe(401);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("Sign in to Adhelm first");
    expect(app.requests).toEqual([]);
    expect(victim.requests).toEqual([]);
  });
});

describe("the consent POST", () => {
  it("refuses a session of tenant A posting the form shown to tenant B", async () => {
    const form = await consentForm("org_b");
    const response = await postConsent(form, cookieOf("org_a"));
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
    expect(app.requests).toEqual([]);
  });

  it("from the tenant's own session posts the keys to the app's keys callback only, then returns", async () => {
    const form = await consentForm("org_b");
    const response = await postConsent(form, cookieOf("org_b"));
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(`${app.origin}/integrations/woocommerce/callback`);
    expect(back.searchParams.get("success")).toBe("1");
    expect(app.requests).toEqual(["POST /integrations/woocommerce/callback/keys"]);
    expect(victim.requests).toEqual([]);
  });
});

describe("WooCommerce's callback_url and return_url", () => {
  it.each([
    ["callback_url", "a loopback admin URL", (victimOrigin: string) => `${victimOrigin}/admin/shutdown`],
    ["callback_url", "the app's browser callback", () => `${app.origin}/integrations/woocommerce/callback`],
    ["callback_url", "another platform's callback", () => `${app.origin}/integrations/shopify/callback/keys`],
    [
      "return_url",
      "a loopback admin URL",
      (victimOrigin: string) => `${victimOrigin}/integrations/woocommerce/callback`,
    ],
    ["return_url", "an external site", () => "https://evil.example/integrations/woocommerce/callback"],
  ])("refuse a %s that is %s with WordPress's error page, and reach no one", async (name, _label, target) => {
    const response = await fetch(wooAuthorizeUrl({ [name]: target(victim.origin) }), {
      headers: cookieOf("org_a"),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain('id="error-page"');
    expect(html).not.toContain("<form");
    expect(app.requests).toEqual([]);
    expect(victim.requests).toEqual([]);
  });

  it("are checked again when Allow posts the keys, even in a genuinely signed form", async () => {
    // A form signed by a consent page that let a foreign callback_url through (the sandbox's own key).
    const lax = createSandboxConsent({
      secret: SANDBOX_TEST_SECRET,
      resolveTenant: () => "org_a",
      isAppCallback: () => true,
      signInUrl: "/login",
    });
    const page = new Hono().get("/sandbox/woocommerce/authorize", (c) =>
      lax.render(c, {
        platform: "woocommerce",
        clientId: "Adhelm",
        redirectUri: `${app.origin}/integrations/woocommerce/callback`,
        state: "state-forged",
        scope: "read",
        store: "shop.example.com",
        extra: { callbackUrl: `${victim.origin}/admin/shutdown` },
      }),
    );
    const form = formOf(await (await page.request("/sandbox/woocommerce/authorize")).text());
    const response = await postConsent(form, cookieOf("org_a"));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("success")).toBe("0");
    expect(victim.requests).toEqual([]);
    expect(app.requests).toEqual([]);
  });
});
