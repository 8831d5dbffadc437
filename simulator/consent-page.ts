import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context, Handler } from "hono";
import { AD_PLATFORM_IDS, type PlatformId, STORE_PLATFORM_IDS } from "./lib/platform-ids.ts";
import type { ConsentDecision, ConsentRequest, SandboxConsent } from "./sandbox-kit.ts";

/**
 * The sandbox's OAuth consent page, shared by every platform: "Authorize Adhelm to manage your
 * <Platform> sandbox account" with Allow and Deny. The request travels through the form in hidden
 * fields with an HMAC over all of them, so the POST cannot change what was shown. Both need the
 * visitor's Adhelm session, of the tenant the form names, and a redirect URI that is Adhelm's own
 * callback. No JavaScript: the app's CSP forbids inline scripts, and a form needs none.
 */

export interface SandboxConsentOptions {
  secret: string;
  /**
   * The visitor's tenant (the composition reads the Adhelm session's organization), or null. The
   * page and its form need one: nothing else may choose whose sandbox account is granted.
   */
  resolveTenant: (c: Context) => Promise<string | null> | string | null;
  /** Whether a redirect URI is Adhelm's own callback for the platform (`kit.isAppCallback`). */
  isAppCallback: (platform: PlatformId, url: string) => boolean;
  /** Where the "sign in first" page links to (APP_URL/login). */
  signInUrl: string;
}

export const PLATFORM_DISPLAY_NAMES: Record<PlatformId, string> = {
  "google-ads": "Google Ads",
  "microsoft-ads": "Microsoft Advertising",
  "facebook-ads": "Meta",
  "tiktok-ads": "TikTok",
  "linkedin-ads": "LinkedIn",
  shopify: "Shopify",
  woocommerce: "WooCommerce",
};

/** What each platform's scopes grant, in words. */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  "https://www.googleapis.com/auth/adwords": "See, edit, create and delete your Google Ads accounts and data",
  "https://ads.microsoft.com/msads.manage": "Manage your Microsoft Advertising accounts and campaigns",
  offline_access: "Keep access while you are not signed in",
  openid: "Sign you in",
  profile: "See your basic profile",
  email: "See your email address",
  ads_read: "Read your ad accounts and their reports",
  ads_management: "Manage your ads, campaigns and budgets",
  business_management: "Read your business assets",
  "advertiser.read": "Read your advertiser accounts and reports",
  "campaign.manage": "Manage your campaigns and budgets",
  r_ads: "Read your ad accounts and campaigns",
  r_ads_reporting: "Read your ad reporting",
  rw_ads: "Manage your campaigns and budgets",
  read_orders: "Read your orders from the last 60 days",
  read_all_orders: "Read all your orders",
  read: "Read your store's data, such as orders",
  write: "Change your store's data",
  read_write: "Read and change your store's data",
};

const DEFAULT_GRANTS: Record<"ad" | "store", string[]> = {
  ad: ["Read your ad accounts, campaigns and reports", "Pause and enable campaigns and change their budgets"],
  store: ["Read your store's details", "Read your orders, refunds and their attribution"],
};

const FIELDS = ["platform", "client_id", "redirect_uri", "state", "scope", "store", "extra", "tenant"] as const;
type FieldName = (typeof FIELDS)[number];

export function createSandboxConsent(options: SandboxConsentOptions): SandboxConsent {
  const key = createHmac("sha256", options.secret).update("adhelm-sandbox-consent").digest();
  const signFields = (values: Record<FieldName, string>) =>
    createHmac("sha256", key)
      .update(JSON.stringify(FIELDS.map((name) => values[name])))
      .digest("base64url");

  return {
    async render(c, request) {
      c.header("Cache-Control", "no-store");
      // Platform modules refuse a foreign redirect URI in their own words first; this is the backstop.
      if (!options.isAppCallback(request.platform, request.redirectUri)) {
        return c.html(renderInvalidPage(nonceOf(c)), 400);
      }
      const tenant = await options.resolveTenant(c);
      if (!tenant) return c.html(renderSignInPage(options.signInUrl, nonceOf(c)), 401);
      const values: Record<FieldName, string> = {
        platform: request.platform,
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: request.scope ?? "",
        store: request.store ?? "",
        extra: request.extra ? JSON.stringify(request.extra) : "",
        tenant,
      };
      const action = `${platformRoot(c.req.path, request.platform)}/consent`;
      const html = renderConsentPage({
        request,
        tenant,
        action,
        values,
        signature: signFields(values),
        nonce: nonceOf(c),
      });
      return c.html(html, 200);
    },

    handler(decide): Handler {
      return async (c) => {
        c.header("Cache-Control", "no-store");
        // Only the signed-in visitor decides, and only for the tenant the page showed them.
        const sessionTenant = await options.resolveTenant(c);
        if (!sessionTenant) return c.html(renderSignInPage(options.signInUrl, nonceOf(c)), 401);
        const body = await c.req.parseBody().catch(() => null);
        if (!body) return c.html(renderInvalidPage(nonceOf(c)), 400);
        const field = (name: string) => {
          const value = body[name];
          return typeof value === "string" ? value : "";
        };
        const values = Object.fromEntries(FIELDS.map((name) => [name, field(name)])) as Record<FieldName, string>;
        const signature = Buffer.from(field("signature"));
        const expected = Buffer.from(signFields(values));
        const decision = field("decision");
        const platform = values.platform as PlatformId;
        const extra = parseExtra(values.extra);
        const isGenuine = signature.length === expected.length && timingSafeEqual(signature, expected);
        if (
          !isGenuine ||
          (decision !== "allow" && decision !== "deny") ||
          !isPlatformId(platform) ||
          extra === null ||
          !values.tenant ||
          !options.isAppCallback(platform, values.redirect_uri)
        ) {
          return c.html(renderInvalidPage(nonceOf(c)), 400);
        }
        if (values.tenant !== sessionTenant) return c.html(renderOtherTenantPage(nonceOf(c)), 403);
        const consent: ConsentDecision = {
          platform,
          clientId: values.client_id,
          redirectUri: values.redirect_uri,
          state: values.state,
          ...(values.scope ? { scope: values.scope } : {}),
          ...(values.store ? { store: values.store } : {}),
          ...(extra ? { extra } : {}),
          tenant: values.tenant,
          isAllowed: decision === "allow",
        };
        return c.redirect(await decide(consent), 302);
      };
    },
  };
}

/** The path up to the platform's mount (e.g. /sandbox/google-ads), wherever the sandbox is mounted. */
function platformRoot(path: string, platform: PlatformId): string {
  const segments = path.split("/");
  const index = segments.indexOf(platform);
  return index > 0 ? segments.slice(0, index + 1).join("/") : `/${platform}`;
}

/** The request's CSP nonce, when the security middleware set one. */
function nonceOf(c: Context): string | undefined {
  const value: unknown = c.get("nonce" as never);
  return typeof value === "string" && value ? value : undefined;
}

function isPlatformId(value: string): value is PlatformId {
  return (
    (AD_PLATFORM_IDS as readonly string[]).includes(value) || (STORE_PLATFORM_IDS as readonly string[]).includes(value)
  );
}

/** undefined: no extra values; null: not a string map. */
function parseExtra(text: string): Record<string, string> | undefined | null {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    return entries.every(([, value]) => typeof value === "string") ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

function grantsOf(request: ConsentRequest): string[] {
  const scopes = (request.scope ?? "").split(/[\s,]+/).filter(Boolean);
  const isStore = (STORE_PLATFORM_IDS as readonly string[]).includes(request.platform);
  if (scopes.length === 0) return DEFAULT_GRANTS[isStore ? "store" : "ad"];
  return [...new Set(scopes.map((scope) => SCOPE_DESCRIPTIONS[scope] ?? `Use the “${scope}” permission`))];
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const STYLES = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #ffffff; --text: #16181d; --muted: #4b5160; --border: #d6d9e0;
  --primary: #1f4fd1; --primary-text: #ffffff; --focus: #1f4fd1; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0f1115; --card: #181b22; --text: #eef0f4; --muted: #b3b9c6; --border: #343945;
    --primary: #8fb0ff; --primary-text: #0b1020; --focus: #8fb0ff; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1rem;
  background: var(--bg); color: var(--text); font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 30rem; background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem;
  padding: 1.5rem; }
.badge { margin: 0 0 0.75rem; font-size: 0.875rem; color: var(--muted); }
h1 { margin: 0 0 1rem; font-size: 1.375rem; line-height: 1.3; overflow-wrap: anywhere; }
h2 { margin: 1.25rem 0 0.5rem; font-size: 1rem; }
p, li { overflow-wrap: anywhere; }
ul { margin: 0; padding-left: 1.25rem; }
li + li { margin-top: 0.25rem; }
.note { margin-top: 1.25rem; font-size: 0.875rem; color: var(--muted); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; justify-content: flex-end; margin-top: 1.5rem; }
button { flex: 1 1 8rem; min-height: 2.75rem; padding: 0.5rem 1.25rem; border-radius: 0.5rem; font: inherit;
  font-weight: 600; cursor: pointer; border: 1px solid var(--border); background: transparent; color: var(--text); }
button.primary { background: var(--primary); border-color: var(--primary); color: var(--primary-text); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
a { color: var(--primary); font-weight: 600; }
`;

function page(title: string, body: string, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style${nonceAttribute}>${STYLES}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function renderConsentPage(input: {
  request: ConsentRequest;
  tenant: string;
  action: string;
  values: Record<FieldName, string>;
  signature: string;
  nonce: string | undefined;
}): string {
  const { request, tenant, action, values, signature, nonce } = input;
  const platformName = PLATFORM_DISPLAY_NAMES[request.platform];
  const title = `Authorize Adhelm to manage your ${platformName} sandbox account`;
  const hidden = [...FIELDS.map((name) => [name, values[name]] as const), ["signature", signature] as const]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("\n");
  const grants = grantsOf(request)
    .map((grant) => `<li>${escapeHtml(grant)}</li>`)
    .join("\n");
  const store = request.store ? ` for the store <strong>${escapeHtml(request.store)}</strong>` : "";
  const body = `<main aria-labelledby="consent-title">
<p class="badge">Adhelm sandbox · ${escapeHtml(platformName)}</p>
<h1 id="consent-title">${escapeHtml(title)}</h1>
<p>You are signed in to the sandbox account <strong>${escapeHtml(tenant)}</strong>${store}.</p>
<h2 id="grants-title">Adhelm will be able to</h2>
<ul aria-labelledby="grants-title">
${grants}
</ul>
<p class="note">This is a simulated ${escapeHtml(platformName)}: no real account or money is involved. After you choose, you return to ${escapeHtml(hostOf(request.redirectUri))}.</p>
<form method="post" action="${escapeHtml(action)}">
${hidden}
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
</div>
</form>
</main>`;
  return page(title, body, nonce);
}

/** A page that only explains why there is no consent form. */
function messagePage(input: { id: string; title: string; paragraphs: string[]; nonce: string | undefined }): string {
  const body = `<main aria-labelledby="${input.id}">
<p class="badge">Adhelm sandbox</p>
<h1 id="${input.id}">${escapeHtml(input.title)}</h1>
${input.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</main>`;
  return page(input.title, body, input.nonce);
}

function renderSignInPage(signInUrl: string, nonce: string | undefined): string {
  return messagePage({
    id: "sign-in-title",
    title: "Sign in to Adhelm first",
    paragraphs: [
      "The sandbox grants access to your organization's sandbox accounts, so it needs to know who you are.",
      `<a href="${escapeHtml(signInUrl)}">Sign in to Adhelm</a>, then connect the platform again from Integrations.`,
    ],
    nonce,
  });
}

function renderOtherTenantPage(nonce: string | undefined): string {
  return messagePage({
    id: "other-tenant-title",
    title: "This consent belongs to another organization",
    paragraphs: [
      "You are signed in to a different Adhelm organization than the one this page was shown to. Go back to Adhelm and start connecting again.",
    ],
    nonce,
  });
}

function renderInvalidPage(nonce: string | undefined): string {
  return messagePage({
    id: "invalid-title",
    title: "This consent request is not valid",
    paragraphs: ["The form was changed or is incomplete. Go back to Adhelm and start connecting again."],
    nonce,
  });
}
