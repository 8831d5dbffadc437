import type { i18n } from "i18next";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { PlatformListing } from "#core/connections/platform-catalog.ts";

/** The `t` of react-i18next or of `translatorFor`: any namespace, named in the key. */
type Translate = i18n["t"];

/** How core words a revoked access: the platform's own words inside our sentence. */
const ACCESS_REVOKED = /^Access was revoked: (.*) Reconnect to continue\.$/s;
/** The WooCommerce connector's answer to a store address without https:// in production. */
const WOO_HTTPS_REQUIRED = "Enter your store URL with https://, like https://shop.example.com.";

/**
 * A connection's message in the reader's language: a sync error on a card, an action's refusal, a
 * connect flow's failure. Core keeps its English (the API and the logs read it); the sentences it
 * builds with a platform's name or words are recognised here and worded by the catalog, the fixed
 * ones are looked up by their English ("messages-integrations"). The platform's own words stay as
 * the platform wrote them.
 */
export function translateConnectionMessage(
  t: Translate,
  message: string,
  listing?: Pick<PlatformListing, "id" | "name" | "storeAddress">,
): string {
  const revoked = ACCESS_REVOKED.exec(message);
  if (revoked) return t("integrations:errors.accessRevoked", { reason: revoked[1] });
  if (message === WOO_HTTPS_REQUIRED) return t("integrations:errors.wooHttps");
  if (listing) {
    const platform = listing.name;
    if (message === `${platform} is coming soon and cannot be connected yet.`)
      return t("integrations:errors.comingSoon", { platform });
    if (message === `${platform} is not configured on this server.`)
      return t("integrations:errors.notConfigured", { platform });
    const address = listing.storeAddress;
    if (address && message === `Enter your ${address.label.toLowerCase()}, like ${address.placeholder}.`)
      return listing.id === "shopify"
        ? t("integrations:errors.shopifyAddress", { example: address.placeholder })
        : t("integrations:errors.wooAddress", { example: address.placeholder });
  }
  return translateMessage(t, message);
}
