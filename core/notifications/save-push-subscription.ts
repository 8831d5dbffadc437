import { ECDH } from "node:crypto";
import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { NotificationRepository } from "./notification-repository.ts";

const base64urlBytes = (length: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, message)
    .refine((value) => Buffer.from(value, "base64url").length === length, message);

/** A point on P-256: anything else could not be encrypted to, and every push to it would fail. */
function isCurvePoint(value: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(value, "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/** `PushSubscription.toJSON()` as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "The push subscription has no valid endpoint." }).max(2000),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
    p256dh: base64urlBytes(65, "The push subscription's key is not valid.").refine(
      isCurvePoint,
      "The push subscription's key is not valid.",
    ),
    auth: base64urlBytes(16, "The push subscription's secret is not valid."),
  }),
});

function parseSubscription(input: unknown, requireHttps: boolean) {
  const parsed = pushSubscriptionSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "The push subscription is not valid.");
  if (requireHttps && !parsed.data.endpoint.startsWith("https://"))
    throw new AppError("bad_request", "The push subscription has no valid endpoint.");
  return parsed.data;
}

/** This browser's subscription, for the acting person (one per browser: the endpoint is unique). */
export async function savePushSubscription(
  deps: { repository: NotificationRepository; requireHttps: boolean },
  actor: Actor,
  input: { subscription: unknown; userAgent?: string | null },
): Promise<void> {
  const subscription = parseSubscription(input?.subscription, deps.requireHttps);
  await deps.repository.savePushSubscription({
    userId: actor.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
}

/** Forgets this browser's subscription when push is turned off; only the person's own. */
export async function deletePushSubscription(
  deps: { repository: NotificationRepository },
  actor: Actor,
  input: { endpoint: string },
): Promise<{ removed: boolean }> {
  if (typeof input?.endpoint !== "string" || input.endpoint.length === 0) return { removed: false };
  return { removed: await deps.repository.deletePushSubscription(actor.id, input.endpoint) };
}
