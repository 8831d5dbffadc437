import { createHash, createHmac } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** Why a request's AWS Signature Version 4 does not hold, in S3's own error codes; null when it does. */
export type SignatureRefusal = {
  code: "AccessDenied" | "InvalidAccessKeyId" | "SignatureDoesNotMatch";
  message: string;
};

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return "";
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      return [encodeRfc3986(decodeURIComponent(name)), encodeRfc3986(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();

/**
 * Checks the Authorization header as S3 does (header-based SigV4, path-style URLs): the access key
 * must be known, and the signature must match the canonical request recomputed from what arrived.
 * The payload hash is the x-amz-content-sha256 header; the caller checks it against the body.
 */
export function verifySignature(
  request: { method: string; rawUrl: string; headers: IncomingHttpHeaders },
  credentials: ReadonlyMap<string, string>,
): SignatureRefusal | null {
  const header = request.headers.authorization;
  if (!header) return { code: "AccessDenied", message: "Anonymous access is not allowed." };
  const match = AUTHORIZATION.exec(header);
  if (!match) return { code: "AccessDenied", message: "The Authorization header is not AWS Signature Version 4." };
  const [, accessKeyId = "", date = "", region = "", signedHeaderList = "", signature = ""] = match;
  const secret = credentials.get(accessKeyId);
  if (secret === undefined)
    return { code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (!amzDate.startsWith(date) || !payloadHash)
    return { code: "AccessDenied", message: "x-amz-date and x-amz-content-sha256 are required." };

  const [path = "/", rawQuery = ""] = request.rawUrl.split(/\?(.*)/s);
  const signedHeaders = signedHeaderList.split(";");
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  if (expected !== signature)
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  return null;
}
