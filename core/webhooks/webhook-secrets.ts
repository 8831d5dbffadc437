import { randomBytes } from "node:crypto";

/** `whsec_` + 32 random bytes in base64url; the whole string is the HMAC key. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Where an endpoint's sealed secrets live: the token cipher binds each value to its place. */
export const webhookSecretPlace = {
  current: (endpointId: string) => `webhook_endpoints:${endpointId}:secret`,
  previous: (endpointId: string) => `webhook_endpoints:${endpointId}:previous_secret`,
};

/** After a rotation the old secret keeps signing (beside the new one) for a day. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;
