/** Finding 3: login CSRF through the reset hand-off and the verification link. */
import { describe, expect, it } from "vitest";
import { HANDOFF_MESSAGES } from "#core/accounts/session-handoff.ts";
import {
  APP_URL,
  type AuthContext,
  CookieJar,
  cleanUpAfterEach,
  cookiesOf,
  mailedToken,
  resetToken,
  setup,
  signup,
  verifiedUser,
} from "./auth-test-kit.ts";

cleanUpAfterEach();

/** Resets `email`'s password in `browser`; returns the hand-off the reset page would put in the fragment. */
async function resetIn(context: AuthContext, email: string, browser: CookieJar, mailCount = 2) {
  const token = await resetToken(context, email, mailCount);
  const reset = await context.post("/api/auth/reset-password", { token, newPassword: "New-Engine-1843" }, {}, browser);
  expect(reset.status).toBe(200);
  return ((await reset.json()) as { handoff: { access_token: string; refresh_token: string; type: string } }).handoff;
}

function flashOf(response: Response): { kind: string; title: string; description?: string } | null {
  const cookie = cookiesOf(response).find((line) => line.startsWith("adhelm.flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0]?.slice("adhelm.flash=".length) ?? "")) : null;
}

describe("finding 3: the reset hand-off signs in only the browser that reset", () => {
  it("refuses a hand-off posted from another browser (no binder cookie) and leaves that browser's session alone", async () => {
    const context = await setup();
    const { jar: victim } = await verifiedUser(context, "victim@example.com");
    // The attacker resets their own account in their own browser and gets their hand-off…
    await verifiedUser(context, "attacker@example.com");
    const handoff = await resetIn(context, "attacker@example.com", new CookieJar());
    // …and makes the victim's browser post it (a link to /#access_token=…&type=recovery).
    const refused = await context.post("/auth/handoff", handoff, {}, victim);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, message: HANDOFF_MESSAGES.otherBrowser });
    expect(flashOf(refused)).toEqual({
      kind: "error",
      title: "Authentication failed",
      description: HANDOFF_MESSAGES.otherBrowser,
    });
    expect((await context.session(victim))?.user.email).toBe("victim@example.com");
  });

  it("tells a German browser why, in German", async () => {
    const context = await setup();
    await verifiedUser(context, "klara@example.com");
    const handoff = await resetIn(context, "klara@example.com", new CookieJar());
    const refused = await context.post(
      "/auth/handoff",
      handoff,
      { "accept-language": "de-DE,de;q=0.9" },
      new CookieJar(),
    );
    expect(refused.status).toBe(401);
    const flash = flashOf(refused);
    expect(flash?.title).toBe("Authentifizierung fehlgeschlagen");
    expect(flash?.description).not.toBe(HANDOFF_MESSAGES.otherBrowser);
    expect((await refused.json()).message).toBe(flash?.description);
  });

  it("does not replace the session of another account in the browser that reset: it says so instead", async () => {
    const context = await setup();
    const { jar: browser } = await verifiedUser(context, "bob@example.com");
    await verifiedUser(context, "ada@example.com");
    // Ada resets her password on Bob's computer, where Bob is signed in.
    const handoff = await resetIn(context, "ada@example.com", browser);
    const refused = await context.post("/auth/handoff", handoff, {}, browser);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(HANDOFF_MESSAGES.otherAccount.recovery);
    expect(flashOf(refused)?.title).toBe("You are signed in to another account");
    expect((await context.session(browser))?.user.email).toBe("bob@example.com");
    // Her new password works as usual.
    const signIn = await context.post("/api/auth/sign-in/email", {
      email: "ada@example.com",
      password: "New-Engine-1843",
    });
    expect(signIn.status).toBe(200);
  });

  it("keeps the exchange endpoint itself unreachable from outside", async () => {
    const context = await setup();
    await verifiedUser(context, "ada@example.com");
    const browser = new CookieJar();
    const handoff = await resetIn(context, "ada@example.com", browser);
    const direct = await context.post("/api/auth/session-handoff/exchange", { ...handoff, binder: "x" }, {}, browser);
    expect(direct.status).toBe(404);
    // Still unused: the landing page's POST works.
    expect((await context.post("/auth/handoff", handoff, {}, browser)).status).toBe(200);
  });

  it("answers 415 for a body that is not JSON and 400 for an empty or garbage one, never 500", async () => {
    const context = await setup();
    const send = (body: string, contentType?: string) =>
      context.request("/auth/handoff", {
        method: "POST",
        headers: { origin: APP_URL, ...(contentType ? { "content-type": contentType } : {}) },
        body,
      });
    for (const [body, contentType] of [
      ["access_token=a&refresh_token=b", "application/x-www-form-urlencoded"],
      ["\u00ff\u00fe garbage", "text/plain"],
      ["--x\r\n", "multipart/form-data; boundary=x"],
      ["{}", undefined],
    ] as const) {
      const response = await send(body, contentType);
      expect(response.status).toBe(415);
      expect((await response.json()).message).toBe("The sign-in request must be sent as JSON.");
    }
    for (const body of ["", "{", "null", "[]", '{"access_token":1}', `{"access_token":"${"a".repeat(3000)}"}`]) {
      const response = await send(body, "application/json");
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        "The sign-in link is incomplete. Sign in with your email and password.",
      );
    }
  });
});

describe("finding 3: the verification link signs in only the browser that signed up", () => {
  it("verifies in another browser without signing it in, and leaves its session alone", async () => {
    const context = await setup();
    const { jar: victim } = await verifiedUser(context, "victim@example.com");
    // Someone signs up with their own address and gets the victim to open the link.
    await context.post("/api/auth/sign-up/email", signup("mallory@example.com"), {}, new CookieJar());
    const token = await mailedToken(context, "mallory@example.com", "/auth/callback?", "token_hash");
    const opened = await context.request(`/api/auth/verify-email?token=${token}`, {}, victim);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ status: true, user: null, signedIn: false });
    expect(cookiesOf(opened).some((line) => line.includes("session_token="))).toBe(false);
    expect((await context.session(victim))?.user.email).toBe("victim@example.com");
    // The address is verified all the same: its owner signs in with the password.
    const signIn = await context.post("/api/auth/sign-in/email", {
      email: "mallory@example.com",
      password: "Engine-1843",
    });
    expect(signIn.status).toBe(200);
  });

  it("signs in the browser that signed up, with a binder cookie that is HttpOnly and SameSite=Strict", async () => {
    const context = await setup();
    const browser = new CookieJar();
    const signUp = await context.post("/api/auth/sign-up/email", signup("ada@example.com"), {}, browser);
    expect(cookiesOf(signUp).find((line) => line.startsWith("adhelm.signup_binder="))).toMatch(
      /; Max-Age=86400; HttpOnly; SameSite=Strict$/,
    );
    const token = await mailedToken(context, "ada@example.com", "/auth/callback?", "token_hash");
    const verified = await context.request(`/api/auth/verify-email?token=${token}`, {}, browser);
    expect(await verified.json()).toEqual({ status: true, user: null, signedIn: true });
    expect((await context.session(browser))?.user.email).toBe("ada@example.com");
    expect(browser.get("adhelm.signup_binder")).toBeUndefined();
  });

  it("does not switch a browser signed in to another account, and tells why", async () => {
    const context = await setup();
    const { jar: browser } = await verifiedUser(context, "bob@example.com");
    await context.post("/api/auth/sign-up/email", signup("carol@example.com"), {}, browser);
    const token = await mailedToken(context, "carol@example.com", "/auth/callback?", "token_hash");
    const verified = await context.request(`/api/auth/verify-email?token=${token}`, {}, browser);
    expect(await verified.json()).toEqual({
      status: true,
      user: null,
      signedIn: false,
      message: HANDOFF_MESSAGES.otherAccount.signup,
    });
    expect((await context.session(browser))?.user.email).toBe("bob@example.com");
  });
});
