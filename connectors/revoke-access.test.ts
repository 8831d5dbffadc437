/**
 * Revoking a grant at the platform, against the sandbox speaking each platform's HTTP: after
 * `revokeAccess` the old tokens stop working (API calls are refused, a refresh fails as a lost
 * grant), revoking them again is refused, and a new consent works again. Microsoft Advertising and
 * WooCommerce have no revocation endpoint, so their connectors do not offer it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdPlatformConnector, StoreConnector, TokenSet } from "#core/shared/connector-port.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import { createShopifySandbox } from "#simulator/platforms/shopify.ts";
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createFacebookAdsConnector } from "./facebook-ads/connector.ts";
import { facebookAdsMetadata } from "./facebook-ads/metadata.ts";
import { createGoogleAdsConnector } from "./google-ads/connector.ts";
import { googleAdsMetadata } from "./google-ads/metadata.ts";
import { createLinkedInAdsConnector } from "./linkedin-ads/connector.ts";
import { linkedinAdsMetadata } from "./linkedin-ads/metadata.ts";
import { createMicrosoftAdsConnector } from "./microsoft-ads/connector.ts";
import { microsoftAdsMetadata } from "./microsoft-ads/metadata.ts";
import { createShopifyConnector } from "./shopify/connector.ts";
import { shopifyMetadata } from "./shopify/metadata.ts";
import { createTikTokAdsConnector } from "./tiktok-ads/connector.ts";
import { tiktokAdsMetadata } from "./tiktok-ads/metadata.ts";
import { createWooCommerceConnector } from "./woocommerce/connector.ts";
import { woocommerceMetadata } from "./woocommerce/metadata.ts";

const APP_URL = "https://app.example.test";

let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: {
      "google-ads": createGoogleAdsSandbox,
      "facebook-ads": createFacebookAdsSandbox,
      "tiktok-ads": createTikTokAdsSandbox,
      "linkedin-ads": createLinkedInAdsSandbox,
      shopify: createShopifySandbox,
    },
    appUrl: APP_URL,
  });
});

afterAll(async () => {
  await sandbox?.close();
});

/** One platform as the test drives it: consent, a call that needs the grant, and the connector. */
interface Platform {
  revokeAccess(tokens: TokenSet): Promise<void>;
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  connect(): Promise<TokenSet>;
  /** A read that only a working grant answers. */
  use(tokens: TokenSet): Promise<unknown>;
}

function adPlatform(connector: AdPlatformConnector): Platform {
  const redirectUri = sandbox.callbackUrl(connector.platform);
  const revokeAccess = connector.revokeAccess?.bind(connector);
  if (!revokeAccess) throw new Error(`${connector.platform} cannot revoke access`);
  return {
    revokeAccess,
    refreshTokens: (tokens) => connector.refreshTokens(tokens),
    async connect() {
      const callback = await sandbox.authorize(connector.authorizeUrl({ state: "state-revoke", redirectUri }));
      return connector.exchangeCode(callback.searchParams, redirectUri);
    },
    use: (tokens) => connector.listAdAccounts(tokens),
  };
}

function shopifyPlatform(connector: StoreConnector): Platform {
  const input = { state: "state-revoke", redirectUri: sandbox.callbackUrl("shopify"), storeAddress: "revoke-demo" };
  const revokeAccess = connector.revokeAccess?.bind(connector);
  if (!revokeAccess) throw new Error("shopify cannot revoke access");
  return {
    revokeAccess,
    refreshTokens: (tokens) => connector.refreshTokens(tokens),
    async connect() {
      const callback = await sandbox.authorize(connector.authorizeUrl(input));
      return connector.completeAuthorization(callback.searchParams, input);
    },
    use: (tokens) => connector.describeStore(tokens),
  };
}

const PLATFORMS: Array<[string, () => Platform]> = [
  ["Google Ads", () => adPlatform(createGoogleAdsConnector(sandbox.config(googleAdsMetadata)))],
  ["Meta", () => adPlatform(createFacebookAdsConnector(sandbox.config(facebookAdsMetadata)))],
  ["TikTok", () => adPlatform(createTikTokAdsConnector(sandbox.config(tiktokAdsMetadata)))],
  ["LinkedIn", () => adPlatform(createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata)))],
  ["Shopify", () => shopifyPlatform(createShopifyConnector(sandbox.config(shopifyMetadata)))],
];

describe.each(PLATFORMS)("%s: revokeAccess", (_name, platformOf) => {
  it("drops the grant at the platform: its tokens stop working and cannot be refreshed", async () => {
    const platform = platformOf();
    const tokens = await platform.connect();
    await platform.use(tokens);

    await platform.revokeAccess(tokens);

    const refused = await failureOf(platform.use(tokens));
    expect(["token_expired", "access_revoked"]).toContain(refused.kind);
    expect((await failureOf(platform.refreshTokens(tokens))).kind).toBe("access_revoked");
    // The platform no longer knows the token, so there is nothing left to revoke with it.
    const again = await failureOf(platform.revokeAccess(tokens));
    expect(["token_expired", "access_revoked"]).toContain(again.kind);
  });

  it("leaves a new consent working", async () => {
    const platform = platformOf();
    await platform.revokeAccess(await platform.connect());
    const fresh = await platform.connect();
    await expect(platform.use(fresh)).resolves.toBeDefined();
  });
});

describe("platforms without a revocation endpoint", () => {
  it("Microsoft Advertising and WooCommerce do not offer revokeAccess (the person removes the app there)", () => {
    const config = (metadata: typeof microsoftAdsMetadata) => ({
      clientId: "id",
      clientSecret: "secret",
      developerToken: "token",
      urls: metadata.sandboxUrls("http://127.0.0.1:9/sandbox"),
    });
    expect(createMicrosoftAdsConnector(config(microsoftAdsMetadata)).revokeAccess).toBeUndefined();
    expect(createWooCommerceConnector(config(woocommerceMetadata)).revokeAccess).toBeUndefined();
  });
});
