/**
 * A sign-up through an invitation link comes back to the invitation: the verification link carries
 * the invitation's path, and only a path on this site (never an open redirect).
 */
import { describe, expect, it } from "vitest";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { APP_URL, type AuthContext, CookieJar, cleanUpAfterEach, setup, signup } from "./auth-test-kit.ts";

cleanUpAfterEach();

const INVITATION = `/invitations/${"a".repeat(43)}`;

/** The verification link mailed to `email`, parsed. */
async function verificationLink(context: AuthContext, email: string): Promise<URL> {
  const mails = await waitForMail(context.dataDir, email, 1);
  const link = linkIn(mails.at(-1)?.raw ?? "", `${APP_URL}/auth/callback?`);
  if (!link) throw new Error(`No verification link mailed to ${email}`);
  return new URL(link);
}

describe("the verification link after a sign-up through an invitation", () => {
  it("leads back to the invitation, and still signs in the browser that signed up", async () => {
    const context = await setup();
    const browser = new CookieJar();
    const signUp = await context.post(
      "/api/auth/sign-up/email",
      signup("invited@example.com", { redirectTo: INVITATION }),
      {},
      browser,
    );
    expect(signUp.status).toBe(200);

    const link = await verificationLink(context, "invited@example.com");
    expect(link.pathname).toBe("/auth/callback");
    expect(link.searchParams.get("redirectTo")).toBe(INVITATION);
    const token = link.searchParams.get("token_hash") ?? "";
    const verified = await context.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {}, browser);
    expect(await verified.json()).toEqual({ status: true, user: null, signedIn: true });
    expect((await context.session(browser))?.user.email).toBe("invited@example.com");
  });

  it("carries no destination off this site, and none without an invitation", async () => {
    const context = await setup();
    const attempts = {
      "plain@example.com": undefined,
      "absolute@example.com": "https://evil.example/steal",
      "protocol-relative@example.com": "//evil.example/steal",
      "backslash@example.com": "/\\evil.example/steal",
      "script@example.com": "javascript:alert(1)",
      "not-a-string@example.com": { path: "/invitations/x" },
    };
    for (const [email, redirectTo] of Object.entries(attempts)) {
      const signUp = await context.post("/api/auth/sign-up/email", signup(email, { redirectTo }));
      expect(signUp.status, email).toBe(200);
      const link = await verificationLink(context, email);
      expect(link.origin, email).toBe(APP_URL);
      expect(link.pathname, email).toBe("/auth/callback");
      expect(link.searchParams.has("redirectTo"), email).toBe(false);
    }
  });
});
