import { userActor } from "#core/access/actor.ts";
import type { Env } from "#core/config/env.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { TokenSet } from "#core/shared/connector-port.ts";
import type { AdPlatformId, StorePlatformId } from "#core/shared/platforms.ts";
import { plantDemoAnomaly, queueDemoAutomation } from "./demo-automation.ts";
import type { ServerServices } from "./services.ts";

/** Documented in the README: a newcomer signs in with these on a fresh install. */
export const DEMO_EMAIL = "demo@adhelm.local";
export const DEMO_PASSWORD = "Adhelm-demo-2026";
const DEMO_COMPANY = "Northwind Outdoor";
const DEMO_AD_PLATFORMS: AdPlatformId[] = ["google-ads", "facebook-ads"];
const DEMO_STORE: { platform: StorePlatformId; shop: string } = {
  platform: "shopify",
  shop: "northwind-outdoor.myshopify.com",
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
  // Sign-up's hook gave Dana her organization; she fills in her profile as the profile form would.
  const membership = await services.accounts.getHomeOrganization(user);
  const organizationId = membership.organizationId;
  // Dana acts herself, as the owner of her organization: her profile, then her connections.
  const actor = userActor({ userId: user.id, name: "Dana Demo", organizationId, role: membership.role });
  await services.accounts.updateProfile(actor, {
    first_name: "Dana",
    last_name: "Demo",
    company_name: DEMO_COMPANY,
    timezone: "UTC",
    currency: "USD",
  });
  // One company throughout: the organization, its profile, the sandbox's accounts and its shop.
  await services.organizations.updateOrganizationSettings(actor, {
    values: { name: DEMO_COMPANY, timeZone: "UTC", currency: "USD", defaultAttribution: "platform" },
  });
  await services.sandbox.kit.engine.pinBrand(organizationId, DEMO_COMPANY);
  // The demo pays for Professional with the built-in test provider's card, so it shows a paid plan
  // and an invoice, and never turns read-only when its trial would have ended.
  if (services.builtinPayments) {
    const checkout = await services.billing.startCheckout(actor, { planId: "professional", interval: "monthly" });
    await services.builtinPayments.completeCheckout(checkout.url.split("/").at(-1) ?? "", "4242 4242 4242 4242");
  }
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

  // A spend spike on yesterday for monitoring to find, planted before the backfill fetches it.
  await plantDemoAnomaly(services, organizationId);
  // Each connection's backfill is queued at once.
  const cards = await services.connections.listIntegrations(actor);
  const isSandbox = (platform: string) => cards.some((card) => card.listing.id === platform && card.mode === "sandbox");
  for (const platform of DEMO_AD_PLATFORMS) {
    if (!isSandbox(platform)) continue;
    await services.connections.connectWithGrant(actor, { platform, tokens: grant(platform) });
  }
  if (isSandbox(DEMO_STORE.platform))
    // A Shopify grant carries its shop domain (connectors/shopify/oauth.ts).
    await services.connections.connectWithGrant(actor, {
      platform: DEMO_STORE.platform,
      tokens: grant(DEMO_STORE.platform, { shop: DEMO_STORE.shop }),
    });
  // Goals, two rules with their first runs and a monitoring run, once the backfill is in.
  await queueDemoAutomation(services.jobs, { userId: user.id, name: "Dana Demo", organizationId });
  const banner = `Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (turn off with SEED_DEMO=false)`;
  logger.info({ email: DEMO_EMAIL }, banner);
  return true;
}
