/**
 * "Resend" on /verify-email after a sign-up through an invitation: the new link still leads back to
 * the invitation, and only to a path on this site.
 */
import { describe, expect, it } from "vitest";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { APP_URL, type AuthContext, CookieJar, cleanUpAfterEach, setup, signup } from "./auth-test-kit.ts";

cleanUpAfterEach();

const INVITATION = `/invitations/${"b".repeat(43)}`;

/** The `count`-th verification link mailed to `email`, parsed. */
async function verificationLink(context: AuthContext, email: string, count: number): Promise<URL> {
  const mails = await waitForMail(context.dataDir, email, count);
  const link = linkIn(mails.at(count - 1)?.raw ?? "", `${APP_URL}/auth/callback?`);
  if (!link) throw new Error(`No verification link mailed to ${email}`);
  return new URL(link);
}

describe("a resent verification link", () => {
  it("leads back to the invitation the sign-up came through, and signs in that browser", async () => {
    const context = await setup();
    const browser = new CookieJar();
    const email = "resend@example.com";
    await context.post("/api/auth/sign-up/email", signup(email, { redirectTo: INVITATION }), {}, browser);
    await verificationLink(context, email, 1);

    const resent = await context.post(
      "/api/auth/send-verification-email",
      { email, redirectTo: INVITATION },
      {},
      browser,
    );
    expect(resent.status).toBe(200);
    const link = await verificationLink(context, email, 2);
    expect(link.pathname).toBe("/auth/callback");
    expect(link.searchParams.get("redirectTo")).toBe(INVITATION);

    const token = link.searchParams.get("token_hash") ?? "";
    const verified = await context.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {}, browser);
    expect(await verified.json()).toMatchObject({ status: true, signedIn: true });
    expect((await context.session(browser))?.user.email).toBe(email);
  });

  it("carries no destination off this site, and none when none was asked for", async () => {
    const context = await setup();
    const attempts = {
      "plain@example.com": undefined,
      "absolute@example.com": "https://evil.example/steal",
      "protocol-relative@example.com": "//evil.example/steal",
      "backslash@example.com": "/\\evil.example/steal",
      "not-a-string@example.com": { path: "/invitations/x" },
    };
    for (const [email, redirectTo] of Object.entries(attempts)) {
      await context.post("/api/auth/sign-up/email", signup(email));
      await verificationLink(context, email, 1);
      const resent = await context.post("/api/auth/send-verification-email", { email, redirectTo });
      expect(resent.status, email).toBe(200);
      const link = await verificationLink(context, email, 2);
      expect(link.origin, email).toBe(APP_URL);
      expect(link.pathname, email).toBe("/auth/callback");
      expect(link.searchParams.has("redirectTo"), email).toBe(false);
    }
  });
});
