import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe link of notification mails: `<user id>.<HMAC>` (base64url), signed with a
 * key derived from AUTH_SECRET for this purpose only. It names who turns their notification mail
 * off and proves Adhelm wrote it, so it works without signing in. It does not expire: a mail is
 * read months later too, and all it can do is stop mail.
 */
export interface UnsubscribeTokens {
  tokenFor(userId: string): string;
  /** The user id the token was made for, or null for anything forged or malformed. */
  userIdOf(token: string): string | null;
}

export function createUnsubscribeTokens(serverSecret: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "adhelm", "notification-mail-unsubscribe", 32));
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    tokenFor(userId) {
      const payload = Buffer.from(userId, "utf8").toString("base64url");
      return `${payload}.${sign(payload).toString("base64url")}`;
    },
    userIdOf(token) {
      const [payload, signature, ...rest] = String(token ?? "").split(".");
      if (!payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const userId = Buffer.from(payload, "base64url").toString("utf8");
      return userId.length > 0 ? userId : null;
    },
  };
}
