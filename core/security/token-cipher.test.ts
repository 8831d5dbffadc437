import { describe, expect, it } from "vitest";
import { createTokenCipher } from "./token-cipher.ts";

const SECRET = "a-server-secret-of-at-least-32-characters";

describe("token cipher", () => {
  it("round-trips a token and never stores it in the clear", () => {
    const cipher = createTokenCipher(SECRET);
    const sealed = cipher.encrypt("ya29.secret-access-token");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("secret-access-token");
    expect(cipher.decrypt(sealed)).toBe("ya29.secret-access-token");
  });

  it("uses a fresh IV, so the same token seals differently each time", () => {
    const cipher = createTokenCipher(SECRET);
    expect(cipher.encrypt("same")).not.toBe(cipher.encrypt("same"));
  });

  it.each([
    ["a flipped ciphertext bit", flipFirstCiphertextBit],
    ["a missing part", (sealed: string) => sealed.split(".").slice(0, 3).join(".")],
    ["another version", (sealed: string) => sealed.replace(/^v1/, "v2")],
  ])("refuses %s", (_case, tamper) => {
    const cipher = createTokenCipher(SECRET);
    expect(() => cipher.decrypt(tamper(cipher.encrypt("token")))).toThrow();
  });

  it("cannot be opened under another server secret", () => {
    const sealed = createTokenCipher(SECRET).encrypt("token");
    expect(() => createTokenCipher(`${SECRET}-rotated`).decrypt(sealed)).toThrow();
  });
});

function flipFirstCiphertextBit(sealed: string): string {
  const [version, iv, tag, ciphertext = ""] = sealed.split(".");
  const bytes = Buffer.from(ciphertext, "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return [version, iv, tag, bytes.toString("base64url")].join(".");
}
