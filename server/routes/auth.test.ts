import { afterEach, describe, expect, it, vi } from "vitest";
import { createServices } from "#server/services.ts";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { testEnv } from "#tests/support/test-env.ts";
import {
  APP_URL,
  CookieJar,
  cleanUpAfterEach,
  cookiesOf,
  logger,
  resetToken,
  sessionCookieHeader,
  setup,
  signup,
  verifiedUser,
} from "./auth-test-kit.ts";

cleanUpAfterEach();
afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up", () => {
  it("creates the user and the profile row and mails a link through /auth/callback", async () => {
    const context = await setup();
    const response = await context.post("/api/auth/sign-up/email", signup("ada@example.com"));
    expect(response.status).toBe(200);
    const [mail] = await waitForMail(context.dataDir, "ada@example.com");
    expect(mail?.subject).toBe("Verify your email for Adhelm");
    expect(linkIn(mail?.raw ?? "", `${APP_URL}/auth/callback?token_hash=`)).toMatch(/&type=signup$/);
    const profile = await context.db.selectFrom("user_profiles").selectAll().executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      company_name: "Analytical Engines",
      role: "admin",
      timezone: "UTC",
      currency: "USD",
    });
    const account = await context.db.selectFrom("account").select("password").executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("answers the same for an existing email, and tells the owner by mail instead", async () => {
    const context = await setup();
    const first = await context.post("/api/auth/sign-up/email", signup("grace@example.com"));
    const second = await context.post("/api/auth/sign-up/email", signup("grace@example.com", { firstName: "Eve" }));
    expect(second.status).toBe(first.status);
    const [firstBody, secondBody] = [await first.json(), await second.json()];
    expect(Object.keys(secondBody).sort()).toEqual(Object.keys(firstBody).sort());
    expect(Object.keys(secondBody.user).sort()).toEqual(Object.keys(firstBody.user).sort());
    const mails = await waitForMail(context.dataDir, "grace@example.com", 2);
    expect(mails.map((mail) => mail.subject)).toContain("You already have an Adhelm account");
    expect(await context.db.selectFrom("user").select("id").execute()).toHaveLength(1);
  });

  it("refuses an invalid form with the spec's messages and creates nothing", async () => {
    const context = await setup();
    const response = await context.post(
      "/api/auth/sign-up/email",
      signup("not-an-email", { password: "lowercase1", confirmPassword: "other", acceptTerms: false, firstName: "" }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      firstName: "First name is required",
      email: "Invalid email address",
      password: "Password must contain uppercase, lowercase, and number",
      confirmPassword: "Passwords don't match",
      acceptTerms: "You must accept the terms",
    });
    expect(await context.db.selectFrom("user").select("id").execute()).toHaveLength(0);
  });
});

describe("organizations", () => {
  it("gives every new user a workspace they own, and starts each session in it", async () => {
    const context = await setup();
    const { verified } = await verifiedUser(context, "katherine@example.com");
    const organization = await context.db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["organization.id", "organization.name", "member.role"])
      .executeTakeFirstOrThrow();
    expect(organization).toMatchObject({ name: "Analytical Engines", role: "owner" });

    const session = await context.app.request("/api/auth/get-session", {
      headers: { cookie: sessionCookieHeader(verified) },
    });
    expect((await session.json()).session.activeOrganizationId).toBe(organization.id);
  });

  it("keeps better-auth's organization endpoints closed", async () => {
    const context = await setup();
    const { verified } = await verifiedUser(context, "dorothy@example.com");
    const response = await context.post(
      "/api/auth/organization/create",
      { name: "Side project", slug: "side-project" },
      { cookie: sessionCookieHeader(verified) },
    );
    expect(response.status).toBe(404);
    expect(await context.db.selectFrom("organization").select("name").execute()).toEqual([
      { name: "Analytical Engines" },
    ]);
  });
});

describe("verification and sign-in", () => {
  it("refuses sign-in before verification, then verifies once and signs in", async () => {
    const context = await setup();
    const browser = new CookieJar();
    await context.post("/api/auth/sign-up/email", signup("alan@example.com"), {}, browser);
    const early = await context.post("/api/auth/sign-in/email", { email: "alan@example.com", password: "Engine-1843" });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_VERIFIED");

    const [mail] = await waitForMail(context.dataDir, "alan@example.com");
    const token = new URL(linkIn(mail?.raw ?? "", `${APP_URL}/auth/callback?`) ?? "").searchParams.get("token_hash");
    const verified = await context.request(`/api/auth/verify-email?token=${token}`, {}, browser);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ status: true, signedIn: true });
    expect(sessionCookieHeader(verified)).toContain("adhelm.session_token=");

    const again = await context.app.request(`/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("This verification link has already been used.");

    const signedIn = await context.post("/api/auth/sign-in/email", {
      email: "alan@example.com",
      password: "Engine-1843",
    });
    expect(signedIn.status).toBe(200);
    const session = await context.app.request("/api/auth/get-session", {
      headers: { cookie: sessionCookieHeader(signedIn) },
    });
    expect((await session.json()).user.email).toBe("alan@example.com");
  });

  it("sets an HttpOnly, SameSite=Lax cookie: a browser-session one, or 30 days with Remember me", async () => {
    const context = await setup();
    await verifiedUser(context, "kay@example.com");
    const credentials = { email: "kay@example.com", password: "Engine-1843" };
    const browserSession = cookiesOf(await context.post("/api/auth/sign-in/email", credentials)).find((cookie) =>
      cookie.startsWith("adhelm.session_token="),
    );
    expect(browserSession).toMatch(/HttpOnly/);
    expect(browserSession).toMatch(/SameSite=Lax/);
    expect(browserSession).not.toMatch(/Max-Age|Expires/);

    const remembered = cookiesOf(await context.post("/api/auth/sign-in/email", { ...credentials, rememberMe: true }))
      .filter((cookie) => cookie.startsWith("adhelm.session_token="))
      .at(-1);
    expect(remembered).toMatch(/Max-Age=2592000/);
    const sessions = await context.db.selectFrom("session").select("expiresAt").execute();
    const longest = Math.max(...sessions.map((session) => new Date(session.expiresAt).getTime()));
    expect(longest - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("uses Secure __Host- cookies in production", async () => {
    const context = await setup({
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      APP_URL: "https://adhelm.example",
    });
    const response = await context.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://adhelm.example" },
      body: JSON.stringify({ email: "nobody@example.com", password: "Engine-1843" }),
    });
    expect(response.status).toBe(401);
    const { auth } = createServices({
      env: testEnv({
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
        APP_URL: "https://adhelm.example",
        DATA_DIR: context.dataDir,
      }),
      database: context.services.database,
      logger,
    });
    const cookies = (await auth.$context).authCookies.sessionToken;
    expect(cookies.name).toBe("__Host-adhelm.session_token");
    expect(cookies.attributes).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax", path: "/" });
    expect(cookies.attributes).not.toHaveProperty("domain");
  });

  it("refuses a state-changing request from another origin", async () => {
    const context = await setup();
    const response = await context.post(
      "/api/auth/sign-in/email",
      { email: "a@example.com", password: "Engine-1843" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden_origin");
  });
});

describe("rate limits", () => {
  it("stops failed sign-ins per account with a 429 and a clear message, kept in the database", async () => {
    const context = await setup({ AUTH_FAILED_SIGN_INS_PER_ACCOUNT: "2" });
    await verifiedUser(context, "mallory@example.com");
    // One fixed window for the whole test.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const attempt = (password: string) =>
      context.post("/api/auth/sign-in/email", { email: "mallory@example.com", password });
    expect((await attempt("Wrong-pass-1")).status).toBe(401);
    expect((await attempt("Wrong-pass-2")).status).toBe(401);
    const blocked = await attempt("Engine-1843");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    const stored = await context.db.selectFrom("rate_limits").select("key").execute();
    expect(stored.map((row) => row.key)).toContain("sign-in-failures:account:mallory@example.com");
  });

  it("stops failed sign-ins per IP address", async () => {
    const context = await setup({ AUTH_FAILED_SIGN_INS_PER_IP: "2" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (const email of ["a@example.com", "b@example.com"])
      expect((await context.post("/api/auth/sign-in/email", { email, password: "Wrong-pass-1" })).status).toBe(401);
    const blocked = await context.post("/api/auth/sign-in/email", { email: "c@example.com", password: "Wrong-pass-1" });
    expect(blocked.status).toBe(429);
  });

  it("limits sign-ups per IP and mails per address", async () => {
    const context = await setup({ AUTH_SIGN_UPS_PER_IP_PER_HOUR: "2", AUTH_MAILS_PER_ADDRESS_PER_HOUR: "2" });
    expect((await context.post("/api/auth/sign-up/email", signup("one@example.com"))).status).toBe(200);
    expect((await context.post("/api/auth/sign-up/email", signup("two@example.com"))).status).toBe(200);
    const blocked = await context.post("/api/auth/sign-up/email", signup("three@example.com"));
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/^Too many sign-ups from your network\. Try again in/);

    const resend = () => context.post("/api/auth/send-verification-email", { email: "one@example.com" });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists", async () => {
    const context = await setup();
    await verifiedUser(context, "known@example.com");
    const known = await context.post("/api/auth/request-password-reset", { email: "known@example.com" });
    const unknown = await context.post("/api/auth/request-password-reset", { email: "unknown@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await waitForMail(context.dataDir, "known@example.com", 2);
    expect(mails.at(-1)?.subject).toBe("Reset your Adhelm password");
  });

  it("resets once, revokes every session and hands back a one-time sign-in for this browser", async () => {
    const context = await setup();
    const { verified } = await verifiedUser(context, "reset@example.com");
    const oldCookie = sessionCookieHeader(verified);
    const token = await resetToken(context, "reset@example.com");

    const weak = await context.post("/api/auth/reset-password", { token, newPassword: "alllowercase1" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe("Password must contain uppercase, lowercase, and number");

    const browser = new CookieJar();
    const reset = await context.post(
      "/api/auth/reset-password",
      { token, newPassword: "New-Engine-1843" },
      {},
      browser,
    );
    expect(reset.status).toBe(200);
    const { handoff } = await reset.json();
    expect(handoff.type).toBe("recovery");
    const binder = cookiesOf(reset).find((cookie) => cookie.startsWith("adhelm.handoff_binder="));
    expect(binder).toMatch(/; Max-Age=600; HttpOnly; SameSite=Strict$/);
    const reused = await context.post("/api/auth/reset-password", { token, newPassword: "Other-Engine-1843" });
    expect(reused.status).toBe(400);

    const oldSession = await context.app.request("/api/auth/get-session", { headers: { cookie: oldCookie } });
    expect(await oldSession.json()).toBeNull();

    const exchanged = await context.post("/auth/handoff", handoff, {}, browser);
    expect(exchanged.status).toBe(200);
    expect(await exchanged.json()).toEqual({ ok: true, type: "recovery" });
    expect((await context.session(browser))?.user.email).toBe("reset@example.com");
    // The binder served once: it is cleared, and a replay is refused.
    expect(browser.get("adhelm.handoff_binder")).toBeUndefined();
    const replayed = await context.post("/auth/handoff", handoff, {}, browser);
    expect(replayed.status).toBe(401);
  });
});
