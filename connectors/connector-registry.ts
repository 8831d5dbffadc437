import type { Env } from "#core/config/env.ts";
import type {
  AdPlatformConnector,
  ConnectorConfig,
  ConnectorMode,
  ConnectorRegistry,
  FetchLike,
  StoreConnector,
} from "#core/shared/connector-port.ts";
import { currencyExponent } from "#core/shared/money.ts";
import type { AdPlatformId, PlatformId, StorePlatformId } from "#core/shared/platforms.ts";
import type { ConnectorMetadata } from "./connector.ts";
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

export const AD_CONNECTORS: Record<
  AdPlatformId,
  [ConnectorMetadata, (config: ConnectorConfig) => AdPlatformConnector]
> = {
  "google-ads": [googleAdsMetadata, createGoogleAdsConnector],
  "microsoft-ads": [microsoftAdsMetadata, createMicrosoftAdsConnector],
  "facebook-ads": [facebookAdsMetadata, createFacebookAdsConnector],
  "tiktok-ads": [tiktokAdsMetadata, createTikTokAdsConnector],
  "linkedin-ads": [linkedinAdsMetadata, createLinkedInAdsConnector],
};

export const STORE_CONNECTORS: Record<
  StorePlatformId,
  [ConnectorMetadata, (config: ConnectorConfig) => StoreConnector]
> = {
  shopify: [shopifyMetadata, createShopifyConnector],
  woocommerce: [woocommerceMetadata, createWooCommerceConnector],
};

/** The smallest daily budget `platform` accepts for a campaign in `currency`, in minor units (from its metadata). */
function minimumDailyBudgetMinor(platform: AdPlatformId, currency: string): number {
  const [metadata] = AD_CONNECTORS[platform];
  return (metadata.minimumDailyBudgetUnits ?? 1) * 10 ** currencyExponent(currency);
}

type CredentialEnv = Pick<Env, "ADS_SANDBOX" | "ADS_SANDBOX_URL"> & Partial<Record<string, unknown>>;

/** A platform's app credentials in sandbox mode (the sandbox's own, which the composition root derives). */
export type SandboxAppCredentials = { clientId: string; clientSecret: string; developerToken?: string };

/**
 * Picks, per platform, live or sandbox: a platform whose live app credentials are all set in the
 * environment goes live; the others talk to the built-in sandbox when `ADS_SANDBOX` is on, and are
 * unavailable otherwise. WooCommerce needs no app credentials: with the sandbox off it is live.
 * A live store's URL is whatever a user typed, so live WooCommerce calls go through
 * `outboundFetch` (the server's outbound guard) and, in production, need https. In the sandbox the
 * store base is the operator's ADS_SANDBOX_URL, so the plain fetch is used there.
 * In sandbox mode a platform's config is `sandboxConfig` when given, else `sandboxCredentials`
 * (the sandbox's app credentials, given by the composition root) with `metadata.sandboxUrls`.
 */
export function createConnectorRegistry(
  env: CredentialEnv,
  options: {
    sandboxConfig?: (platform: PlatformId, metadata: ConnectorMetadata) => ConnectorConfig;
    sandboxCredentials?: (platform: PlatformId) => SandboxAppCredentials;
    outboundFetch?: FetchLike;
  } = {},
): ConnectorRegistry {
  const sandboxConfigOf = (platform: PlatformId, metadata: ConnectorMetadata): ConnectorConfig => {
    if (options.sandboxConfig) return options.sandboxConfig(platform, metadata);
    if (!options.sandboxCredentials)
      throw new Error("ADS_SANDBOX is on: pass sandboxCredentials (or sandboxConfig) to createConnectorRegistry.");
    return { ...options.sandboxCredentials(platform), urls: metadata.sandboxUrls(env.ADS_SANDBOX_URL) };
  };
  const configs = new Map<PlatformId, { mode: ConnectorMode; config: ConnectorConfig | null }>();
  const all: Array<[PlatformId, ConnectorMetadata]> = [
    ...Object.entries(AD_CONNECTORS).map(
      ([id, [metadata]]) => [id as PlatformId, metadata] as [PlatformId, ConnectorMetadata],
    ),
    ...Object.entries(STORE_CONNECTORS).map(
      ([id, [metadata]]) => [id as PlatformId, metadata] as [PlatformId, ConnectorMetadata],
    ),
  ];
  for (const [platform, metadata] of all) {
    const names = metadata.liveCredentialVariables;
    const read = (name: string | undefined) => (name ? (env[name] as string | undefined) : undefined);
    const live = {
      clientId: read(names.clientId),
      clientSecret: read(names.clientSecret),
      developerToken: read(names.developerToken),
    };
    const needsCredentials = Boolean(names.clientId);
    const hasLiveCredentials =
      needsCredentials &&
      Boolean(live.clientId && live.clientSecret) &&
      (!names.developerToken || Boolean(live.developerToken));
    if (hasLiveCredentials || (!needsCredentials && !env.ADS_SANDBOX)) {
      configs.set(platform, {
        mode: "live",
        config: {
          clientId: live.clientId ?? "",
          clientSecret: live.clientSecret ?? "",
          developerToken: live.developerToken,
          urls: metadata.liveUrls,
          ...(platform === "woocommerce"
            ? { fetch: options.outboundFetch, requireHttps: env.isProduction === true }
            : {}),
        },
      });
    } else if (env.ADS_SANDBOX) {
      configs.set(platform, {
        mode: "sandbox",
        config: sandboxConfigOf(platform, metadata),
      });
    } else {
      configs.set(platform, { mode: "unavailable", config: null });
    }
  }

  const cache = new Map<PlatformId, AdPlatformConnector | StoreConnector>();
  const configOf = (platform: PlatformId): ConnectorConfig => {
    const entry = configs.get(platform);
    if (!entry?.config) throw new Error(`${platform} is not configured on this server.`);
    return entry.config;
  };
  return {
    modeOf: (platform) => configs.get(platform)?.mode ?? "unavailable",
    minimumDailyBudgetMinor,
    adConnector(platform) {
      let connector = cache.get(platform);
      if (!connector) {
        connector = AD_CONNECTORS[platform][1](configOf(platform));
        cache.set(platform, connector);
      }
      return connector as AdPlatformConnector;
    },
    storeConnector(platform) {
      let connector = cache.get(platform);
      if (!connector) {
        const config = configOf(platform);
        // Fail closed: a live store must never be called without the guard.
        if (platform === "woocommerce" && configs.get(platform)?.mode === "live" && !config.fetch)
          throw new Error("Live WooCommerce needs the outbound guard: pass outboundFetch to createConnectorRegistry.");
        connector = STORE_CONNECTORS[platform][1](config);
        cache.set(platform, connector);
      }
      return connector as StoreConnector;
    },
  };
}
