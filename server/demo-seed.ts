import type { Env } from "#core/config/env.ts";
import { requestSync } from "#core/connections/request-sync.ts";
import { saveAdPlatformGrant, saveStoreGrant } from "#core/connections/save-grant.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { TokenSet } from "#core/shared/connector-port.ts";
import type { AdPlatformId, StorePlatformId } from "#core/shared/platforms.ts";
import type { ServerServices } from "./services.ts";

/** Documented in the README: a newcomer signs in with these on a fresh install. */
export const DEMO_EMAIL = "demo@adhelm.local";
export const DEMO_PASSWORD = "Adhelm-demo-2026";
const DEMO_COMPANY = "Northwind Outdoor";
const DEMO_AD_PLATFORMS: AdPlatformId[] = ["google-ads", "facebook-ads"];
const DEMO_STORE: { platform: StorePlatformId; address: string } = {
  platform: "shopify",
  address: "northwind-outdoor",
};

/**
 * On a fresh database (no users yet) with SEED_DEMO on and the sandbox enabled: a demo user and
 * organization with Google Ads, Meta and Shopify connected to the sandbox and their backfill
 * queued, so the product is alive at first sight. The grants come from the sandbox itself, as if
 * the demo user had clicked Allow on each consent page.
 */
export async function seedDemoIfFresh({
  env,
  services,
  logger,
}: {
  env: Env;
  services: ServerServices;
  logger: Logger;
}): Promise<boolean> {
  if (!env.SEED_DEMO || !services.sandbox) return false;
  if (await services.identities.hasAnyUser()) return false;

  const auth = await services.auth.$context;
  const user = await auth.internalAdapter.createUser(
    { email: DEMO_EMAIL, name: "Dana Demo", emailVerified: true },
    { method: "admin" },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await auth.password.hash(DEMO_PASSWORD),
  });
  await services.profiles.update(user.id, {
    first_name: "Dana",
    last_name: "Demo",
    company_name: DEMO_COMPANY,
    role: "admin",
    timezone: "UTC",
    currency: "USD",
  });
  const [membership] = await services.organizations.listMemberships(user.id);
  if (!membership) throw new Error("The demo user has no organization.");
  const organizationId = membership.organizationId;
  const { kit } = services.sandbox;
  const grant = (platform: AdPlatformId | StorePlatformId, context: Record<string, string> = {}): TokenSet => {
    const issued = kit.credentials.issueTokens({
      tenant: organizationId,
      platform,
      accessTtlSeconds: 3600,
      withRefreshToken: true,
    });
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: issued.expiresIn === null ? null : new Date(Date.now() + issued.expiresIn * 1000),
      context,
    };
  };

  const owner = { organizationId, userId: user.id };
  for (const platform of DEMO_AD_PLATFORMS) {
    if (services.connectors.modeOf(platform) !== "sandbox") continue;
    const connectionId = await saveAdPlatformGrant(services.integrations, {
      ...owner,
      platform,
      tokens: grant(platform),
    });
    await requestSync(services.integrations, { organizationId, connectionId, kind: "backfill" });
  }
  if (services.connectors.modeOf(DEMO_STORE.platform) === "sandbox") {
    const connector = services.connectors.storeConnector(DEMO_STORE.platform);
    const shop = connector.normalizeStoreAddress(DEMO_STORE.address) ?? DEMO_STORE.address;
    // A Shopify grant carries its shop domain (connectors/shopify/oauth.ts).
    await saveStoreGrant(services.integrations, {
      ...owner,
      platform: DEMO_STORE.platform,
      tokens: grant(DEMO_STORE.platform, { shop }),
    });
  }
  const banner = `Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (turn off with SEED_DEMO=false)`;
  logger.info({ email: DEMO_EMAIL }, banner);
  return true;
}
