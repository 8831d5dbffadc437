/**
 * A local stand-in for a browser's push service (what FCM or Mozilla's autopush are on the
 * internet): an HTTP server that records each push request, answers with the status a test sets
 * per subscription, and a browser's side of a subscription (its P-256 key pair and auth secret) so
 * a test can decrypt what Adhelm sent (RFC 8291, aes128gcm), as the browser would.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The payload as the browser reads it. */
  decrypt(body: Buffer): string;
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statusByPath = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusByPath.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    received,
    /** Requests that reached one subscription's endpoint. */
    receivedBy: (subscription: { endpoint: string }) =>
      received.filter((push) => `${origin}${push.path}` === subscription.endpoint),
    /** What the service answers this subscription from now on (410: the browser unsubscribed). */
    answer(subscription: { endpoint: string }, status: number) {
      statusByPath.set(new URL(subscription.endpoint).pathname, status);
    },
    subscribeBrowser(): BrowserSubscription {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      next += 1;
      return {
        endpoint: `${origin}/push/${next}-${randomBytes(6).toString("hex")}`,
        keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
        decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, auth),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** RFC 8291 with RFC 8188's aes128gcm record: what a browser does with a push message. */
function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  receiverPublicKey: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
}

/**
 * Checks a request's `Authorization: vapid t=<JWT>, k=<public key>` as a push service does: an
 * ES256 JWT for the endpoint's origin, signed by the key it names. Answers the JWT's claims.
 */
export function verifyVapid(push: ReceivedPush, expectedAudience: string): { aud: string; sub: string; exp: number } {
  const header = String(push.headers.authorization ?? "");
  const match = header.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`No VAPID Authorization header: ${header}`);
  const [, jwt = "", key = ""] = match;
  const [head = "", payload = "", signature = ""] = jwt.split(".");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const isValid = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isValid) throw new Error("The VAPID JWT's signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== expectedAudience) throw new Error(`VAPID audience ${claims.aud}, expected ${expectedAudience}`);
  return claims;
}
