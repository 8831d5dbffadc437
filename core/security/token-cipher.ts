import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts third-party tokens at rest with AES-256-GCM. The key is derived from the server
 * secret with HKDF, so no extra secret is needed and a database dump alone reveals nothing.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface TokenCipher {
  encrypt(plaintext: string): string;
  /** Throws when the value was tampered with or sealed under another secret. */
  decrypt(sealed: string): string;
}

const VERSION = "v1";

export function createTokenCipher(serverSecret: string): TokenCipher {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "adhelm", "third-party-token-encryption", 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed token.");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
