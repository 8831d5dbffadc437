/**
 * This browser's Web Push subscription: the service worker (/sw.js), the permission prompt, and
 * telling Adhelm the subscription (one per browser) or that it is gone.
 */
export type PushSetupResult = "subscribed" | "denied" | "unsupported" | "failed";

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/** Said after the push switch asked for permission, so the test card reads the new state. */
export const PUSH_CHANGED_EVENT = "adhelm:push-changed";

/**
 * Where this browser stands with push: subscribed, not yet (it can ask and subscribe), blocked
 * until the person allows notifications in the site settings, or unable (no service worker or Push
 * API, as in some in-app browsers).
 */
export type PushAvailability = "subscribed" | "unsubscribed" | "denied" | "unsupported";

export async function pushAvailability(): Promise<PushAvailability> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration?.pushManager.getSubscription()) ? "subscribed" : "unsubscribed";
  } catch {
    return "unsubscribed";
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index++) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function post(body: unknown): Promise<Response> {
  return fetch("/notifications/push", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
}

/** Call from the click itself: browsers only ask for permission during a user gesture. */
export async function subscribeThisBrowser(): Promise<PushSetupResult> {
  if (!isPushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const keyResponse = await fetch("/notifications/push", { headers: { accept: "application/json" } });
    if (!keyResponse.ok) return "failed";
    const { publicKey } = (await keyResponse.json()) as { publicKey: string };
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made for another server key (AUTH_SECRET changed) cannot receive our pushes.
    const currentKey = subscription?.options.applicationServerKey;
    if (subscription && currentKey && new Uint8Array(currentKey).join() !== keyBytes(publicKey).join()) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    const saved = await post({ intent: "subscribe", subscription: subscription.toJSON() });
    return saved.ok ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}

/** Push turned off: this browser stops receiving, and Adhelm forgets its subscription. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await post({ intent: "unsubscribe", endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

export interface TestPushResult {
  ok: boolean;
  delivered?: number;
  message?: string;
}

export async function sendTestPushToMe(): Promise<TestPushResult> {
  const response = await post({ intent: "test" });
  const body = (await response.json().catch(() => ({}))) as {
    delivered?: number;
    error?: { message?: string };
  };
  return response.ok ? { ok: true, delivered: body.delivered ?? 0 } : { ok: false, message: body.error?.message };
}
