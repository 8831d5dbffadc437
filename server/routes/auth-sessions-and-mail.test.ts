/** Finding 15: PKCE for GitHub, the sessions' absolute lifetime, and no sender-chosen text in mail to unverified addresses. */
import { describe, expect, it } from "vitest";
import { startFakeGitHub } from "#tests/support/fake-github.ts";
import { waitForMail } from "#tests/support/outbox.ts";
import { APP_URL, CookieJar, cleanUpAfterEach, PASSWORD, setup, signup, verifiedUser } from "./auth-test-kit.ts";

cleanUpAfterEach();

const DAY_MS = 24 * 60 * 60 * 1000;

describe("finding 15: GitHub sign-in uses PKCE", () => {
  it("sends a code_challenge (S256) to GitHub and the verifier with the code, which the fake GitHub checks", async () => {
    const gitHub = await startFakeGitHub({ clientId: "adhelm-client", clientSecret: "adhelm-secret" });
    try {
      const context = await setup({
        GITHUB_URL: gitHub.url,
        GITHUB_CLIENT_ID: "adhelm-client",
        GITHUB_CLIENT_SECRET: "adhelm-secret",
      });
      const browser = new CookieJar();
      const start = await context.post(
        "/api/auth/sign-in/social",
        { provider: "github", callbackURL: "/auth/callback", errorCallbackURL: "/login?github_error=1" },
        {},
        browser,
      );
      const authorize = new URL(((await start.json()) as { url: string }).url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${gitHub.url}/login/oauth/authorize`);
      expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");

      // GitHub's page: "Authorize" goes back to our callback with the code.
      const page = await (await fetch(authorize)).text();
      const approve = new URL(page.match(/<a href="([^"]+)">Authorize<\/a>/)?.[1]?.replaceAll("&amp;", "&") ?? "");
      expect(approve.pathname).toBe("/api/auth/callback/github");
      const callback = await context.request(`${approve.pathname}${approve.search}`, {}, browser);
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get("location") ?? "", APP_URL).pathname).toBe("/auth/callback");
      expect((await context.session(browser))?.user.email).toBe("octocat@example.com");
    } finally {
      await gitHub.stop();
    }
  });
});

describe("finding 15: a session ends 30 days after it began, however recently it was used", () => {
  it("refuses and deletes a 31-day-old session used yesterday, and keeps a 29-day-old one", async () => {
    const context = await setup();
    const { jar: old } = await verifiedUser(context, "ada@example.com");
    const recent = new CookieJar();
    await context.post("/api/auth/sign-in/email", { email: "ada@example.com", password: PASSWORD }, {}, recent);
    const [oldSession, recentSession] = await Promise.all([context.session(old), context.session(recent)]);
    const now = Date.now();
    // Both slid forward yesterday (a day's use moves expiresAt to a week ahead).
    for (const [session, age] of [
      [oldSession, 31],
      [recentSession, 29],
    ] as const)
      await context.db
        .updateTable("session")
        .set({
          createdAt: new Date(now - age * DAY_MS),
          updatedAt: new Date(now - DAY_MS),
          expiresAt: new Date(now + 6 * DAY_MS),
        })
        .where("id", "=", session?.session.id ?? "")
        .execute();

    expect(await context.session(old)).toBeNull();
    expect(
      await context.db
        .selectFrom("session")
        .select("id")
        .where("id", "=", oldSession?.session.id ?? "")
        .execute(),
    ).toEqual([]);
    expect((await context.session(recent))?.user.email).toBe("ada@example.com");
  });
});

describe("finding 15: mail to an address not yet verified carries no text the sender chose", () => {
  it("greets generically in the verification, existing-account and reset mails of an unverified address", async () => {
    const context = await setup();
    const crafted = { firstName: "Visit evil.example", lastName: "to claim your prize" };
    await context.post("/api/auth/sign-up/email", signup("victim@example.com", crafted));
    await context.post("/api/auth/sign-up/email", signup("victim@example.com", crafted));
    await context.post("/api/auth/request-password-reset", { email: "victim@example.com" });
    const mails = await waitForMail(context.dataDir, "victim@example.com", 3);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "Reset your Adhelm password",
      "Verify your email for Adhelm",
      "You already have an Adhelm account",
    ]);
    for (const mail of mails) {
      expect(mail.raw).not.toMatch(/evil|prize/i);
      expect(mail.raw).toContain("Hi,");
    }
  });

  it("still greets a verified owner by name in a reset mail", async () => {
    const context = await setup();
    await verifiedUser(context, "ada@example.com");
    await context.post("/api/auth/request-password-reset", { email: "ada@example.com" });
    const mails = await waitForMail(context.dataDir, "ada@example.com", 2);
    expect(mails.at(-1)?.raw).toContain("Hi Ada,");
  });
});
