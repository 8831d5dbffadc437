import type { ConnectorMetadata } from "#connectors/connector.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";

export const WOOCOMMERCE_APP_NAME = "Adhelm";
/** Read-only keys: Adhelm reads orders and never changes a store. */
export const WOOCOMMERCE_SCOPE = "read";

/**
 * One URL name, `storeBase`, a template: `{store}` is the normalized store URL
 * ("https://shop.example.com" or "https://example.com/shop"), `{host}` its host. Live it is the
 * store itself; the sandbox serves every store under `<root>/woocommerce/{host}` (the path of a
 * store in a sub-folder is not part of a sandbox URL).
 *
 * WooCommerce has no app credentials: each store provisions keys for us through
 * `/wc-auth/v1/authorize`, so both credential variable names are empty.
 */
export const woocommerceMetadata: ConnectorMetadata = {
  platform: "woocommerce",
  liveUrls: { storeBase: "{store}" },
  sandboxUrls: (root) => ({ storeBase: `${root}/woocommerce/{host}` }),
  liveCredentialVariables: { clientId: "", clientSecret: "" },
};

export function resolveStoreBase(config: ConnectorConfig, store: string): string {
  const template = config.urls.storeBase;
  if (!template) throw new Error("The WooCommerce connector needs config.urls.storeBase.");
  return template.replaceAll("{store}", store).replaceAll("{host}", new URL(store).host);
}
