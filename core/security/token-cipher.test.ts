import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenCipher, SealedTokenError, sealedPlace, tokenKeyId } from "./token-cipher.ts";

const SECRET = "a-server-secret-of-at-least-32-characters";
const ACCESS = sealedPlace.connectionToken("connection-1", "access_token");

/** What releases before places and key ids wrote: `v1.<iv>.<tag>.<ciphertext>`, no AAD. */
function sealAsV1(secret: string, plaintext: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "adhelm", "third-party-token-encryption", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Replaces one dot-separated part of a sealed value. */
function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.split(".");
  parts[index] = change(parts[index] ?? "");
  return parts.join(".");
}

const flipFirstBit = (part: string) => {
  const bytes = Buffer.from(part, "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString("base64url");
};
const truncateTo12Bytes = (part: string) => Buffer.from(part, "base64url").subarray(0, 12).toString("base64url");

describe("token cipher", () => {
  it("round-trips a token as v2 with the key id, and never stores it in the clear", () => {
    const cipher = createTokenCipher(SECRET);
    const sealed = cipher.encrypt("ya29.secret-access-token", ACCESS);
    expect(sealed).toMatch(/^v2\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed.split(".")[1]).toBe(cipher.keyId);
    expect(cipher.keyId).toBe(tokenKeyId(SECRET));
    expect(sealed).not.toContain("secret-access-token");
    expect(cipher.decrypt(sealed, ACCESS)).toBe("ya29.secret-access-token");
    expect(cipher.isCurrent(sealed)).toBe(true);
  });

  it("uses a fresh IV, so the same token seals differently each time", () => {
    const cipher = createTokenCipher(SECRET);
    expect(cipher.encrypt("same", ACCESS)).not.toBe(cipher.encrypt("same", ACCESS));
  });

  it.each([
    ["another connection's row", sealedPlace.connectionToken("connection-2", "access_token")],
    ["another field of the same row", sealedPlace.connectionToken("connection-1", "refresh_token")],
    ["a pending WooCommerce state", sealedPlace.pendingStoreTokens("connection-1")],
  ])("does not open when copied into %s (AAD)", (_case, otherPlace) => {
    const cipher = createTokenCipher(SECRET);
    const sealed = cipher.encrypt("token", ACCESS);
    expect(() => cipher.decrypt(sealed, otherPlace)).toThrow(
      expect.objectContaining({
        reason: "unopenable",
        message: expect.stringMatching(/copied from another row or field/),
      }),
    );
  });

  it.each([
    ["a flipped ciphertext bit", (sealed: string) => withPart(sealed, 4, flipFirstBit)],
    ["a flipped tag bit", (sealed: string) => withPart(sealed, 3, flipFirstBit)],
    ["a tag truncated to 12 bytes", (sealed: string) => withPart(sealed, 3, truncateTo12Bytes)],
    ["a missing part", (sealed: string) => sealed.split(".").slice(0, 4).join(".")],
    ["an unknown version", (sealed: string) => sealed.replace(/^v2/, "v3")],
    ["a v2 value passed off as v1", (sealed: string) => ["v1", ...sealed.split(".").slice(2)].join(".")],
  ])("refuses %s", (_case, tamper) => {
    const cipher = createTokenCipher(SECRET);
    expect(() => cipher.decrypt(tamper(cipher.encrypt("token", ACCESS)), ACCESS)).toThrow(SealedTokenError);
  });

  it("names a value sealed under another AUTH_SECRET by its key id", () => {
    const old = createTokenCipher(`${SECRET}-old`);
    const current = createTokenCipher(SECRET);
    expect(old.keyId).not.toBe(current.keyId);
    const sealed = old.encrypt("token", ACCESS);
    expect(current.isCurrent(sealed)).toBe(false);
    expect(() => current.decrypt(sealed, ACCESS)).toThrow(
      `This token was sealed under another AUTH_SECRET (key id ${old.keyId}; the current key id is ${current.keyId})`,
    );
    expect(() => current.decrypt(sealed, ACCESS)).toThrow(expect.objectContaining({ reason: "other_key" }));
  });

  it("refuses a forged key id: the key id is authenticated too", () => {
    const cipher = createTokenCipher(SECRET);
    const sealed = cipher.encrypt("token", ACCESS);
    const other = createTokenCipher(`${SECRET}-other`);
    expect(() =>
      other.decrypt(
        withPart(sealed, 1, () => other.keyId),
        ACCESS,
      ),
    ).toThrow(expect.objectContaining({ reason: "unopenable" }));
  });

  it("still opens v1 values written by earlier releases, wherever they are, but not a truncated v1 tag", () => {
    const cipher = createTokenCipher(SECRET);
    const legacy = sealAsV1(SECRET, "legacy-token");
    expect(cipher.decrypt(legacy, ACCESS)).toBe("legacy-token");
    expect(cipher.isCurrent(legacy)).toBe(false);
    expect(() => cipher.decrypt(withPart(legacy, 2, truncateTo12Bytes), ACCESS)).toThrow(SealedTokenError);
    expect(() => createTokenCipher(`${SECRET}-rotated`).decrypt(legacy, ACCESS)).toThrow(
      expect.objectContaining({ reason: "unopenable" }),
    );
  });

  it("needs a place to seal and to open", () => {
    const cipher = createTokenCipher(SECRET);
    expect(() => cipher.encrypt("token", "")).toThrow(/place/);
    expect(() => cipher.decrypt(cipher.encrypt("token", ACCESS), "")).toThrow(/place/);
  });
});
