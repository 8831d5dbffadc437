/**
 * Web Push (RFC 8030, 8291, 8292) to the browsers people subscribed. The `web-push` library makes
 * the VAPID key pair, signs the VAPID JWT and encrypts the payload (aes128gcm); the request itself
 * goes through the injected `PushFetch` (the outbound guard in production: a subscription's
 * endpoint comes from a browser, so it is a URL a user chose).
 *
 * The key pair is made on first start and kept in `app_settings` ("vapid"): the public key as it
 * is, the private key sealed with the token cipher. If AUTH_SECRET changes, the sealed key no
 * longer opens: a new pair is made, and browsers subscribe again the next time their person turns
 * push on (their old subscriptions are refused by the push service and removed).
 */
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { NotificationRepository, PushSubscriptionRow } from "./notification-repository.ts";

/** What a push request needs of `fetch`; `OutboundFetch` (adapters/outbound-http.ts) fits. */
export type PushFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null; signal?: AbortSignal },
) => Promise<Response>;

export interface PushPayload {
  title: string;
  body: string;
  /** An app path, opened when the notification is clicked. */
  url: string;
  /** Collapses a repeated notification into one on the device. */
  tag: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = "vapid";
export const VAPID_PLACE = "app_settings:vapid:private_key";
const PUSH_TIMEOUT_MS = 10_000;
/** A push not delivered within a day is dropped by the push service: old alerts are noise. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

/** The web-push library, loaded on first use: most processes never push, and it is not small. */
async function loadWebPush() {
  return (await import("web-push")).default;
}

/** The VAPID key pair, made and stored on first use; another node's pair wins a race. */
export function createVapidKeyStore(repository: NotificationRepository, cipher: TokenCipher) {
  let cached: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    const webpush = await loadWebPush();
    const fresh = webpush.generateVAPIDKeys();
    const stored = await repository.insertSettingOnce(
      VAPID_SETTING,
      JSON.stringify({ publicKey: fresh.publicKey, privateKey: cipher.encrypt(fresh.privateKey, VAPID_PLACE) }),
    );
    const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
    try {
      return { publicKey, privateKey: cipher.decrypt(privateKey, VAPID_PLACE) };
    } catch {
      // Sealed under another AUTH_SECRET: start over with a new pair.
      await repository.replaceSetting(
        VAPID_SETTING,
        JSON.stringify({ publicKey: fresh.publicKey, privateKey: cipher.encrypt(fresh.privateKey, VAPID_PLACE) }),
      );
      return fresh;
    }
  }
  return {
    keys(): Promise<VapidKeys> {
      cached ??= load().catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
    },
  };
}

export type VapidKeyStore = ReturnType<typeof createVapidKeyStore>;

export type PushOutcome = "delivered" | "gone" | "failed";

/**
 * Sends one payload to one subscription. A 404 or 410 means the browser unsubscribed or the
 * subscription expired: it is removed. Other failures are counted on it.
 */
export async function sendPush(
  deps: {
    repository: NotificationRepository;
    vapid: VapidKeyStore;
    pushFetch: PushFetch;
    /** "mailto:…" or an https URL: who the push service may contact about our pushes. */
    vapidSubject: string;
  },
  subscription: PushSubscriptionRow,
  payload: PushPayload,
  options: { isUrgent?: boolean } = {},
): Promise<PushOutcome> {
  const keys = await deps.vapid.keys();
  const webpush = await loadWebPush();
  let status: number;
  try {
    // Throws for a subscription whose key cannot be encrypted to: a failure of that subscription.
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TIME_TO_LIVE_SECONDS,
        urgency: options.isUrgent ? "high" : "normal",
        contentEncoding: "aes128gcm",
      },
    );
    const response = await deps.pushFetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    await deps.repository.recordPushResult(subscription.id, false);
    return "failed";
  }
  if (status === 404 || status === 410) {
    await deps.repository.removePushSubscription(subscription.id);
    return "gone";
  }
  const isDelivered = status >= 200 && status < 300;
  await deps.repository.recordPushResult(subscription.id, isDelivered);
  return isDelivered ? "delivered" : "failed";
}

/** The VAPID contact: the app's https address, else the mail sender's address as a mailto: URL. */
export function vapidSubjectFor(appUrl: string, mailFrom: string): string {
  if (appUrl.startsWith("https://") && !new URL(appUrl).hostname.endsWith("localhost")) return appUrl;
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
