import { isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";

/** What the outbound guard says of an address: public, private (allowed by WEBHOOKS_ALLOW_PRIVATE) or forbidden. */
export type AddressClass = "public" | "private" | "forbidden";

/** The outbound guard's rules, as the server configures them for webhooks. */
export interface WebhookAddressPolicy {
  /** Plain http:// is refused (production). */
  requireHttps: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback, RFC 1918, CGNAT and ULA addresses are allowed. */
  allowPrivate: boolean;
  /** The guard's own classification (adapters/outbound-http.ts classifyAddress). */
  classifyAddress: (address: string) => AddressClass;
}

const LOCAL_NAMES = /(^|\.)(localhost|localhost\.localdomain)\.?$/i;

/**
 * The checks made when an endpoint is saved: the scheme, no credentials, and no literal private
 * address or localhost. A host name is resolved at delivery time by the guard, which checks every
 * address it answers and every redirect. Returns the message to show next to the field, or null.
 */
export function checkWebhookUrl(value: string, policy: WebhookAddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return WEBHOOK_MESSAGES.urlScheme;
  if (policy.requireHttps && url.protocol !== "https:") return WEBHOOK_MESSAGES.urlHttpsOnly;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) return WEBHOOK_MESSAGES.urlInvalid;
  if (isIP(host)) {
    const verdict = policy.classifyAddress(host);
    if (verdict === "forbidden" || (verdict === "private" && !policy.allowPrivate)) return WEBHOOK_MESSAGES.urlPrivate;
    return null;
  }
  if (LOCAL_NAMES.test(host) && !policy.allowPrivate) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}
