import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The `Adhelm-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
 * with one v1 entry per valid secret (two for a day after a rotation: the new one first). A receiver
 * checks that one v1 matches its secret and that t is recent (docs/webhooks.md).
 */
/** How old a signature's timestamp may be, as docs/webhooks.md advises receivers. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${computeSignature(secret, timestamp, body)}`)].join(",");
}

/** What a receiver does: true when a v1 of the header is the body's signature under `secret`, made within the tolerance. */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, body), "hex");
  return parts
    .filter(([name, value]) => name === "v1" && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, "hex"), expected));
}
