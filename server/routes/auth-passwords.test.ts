/** Finding 9: common passwords refused, and only the better-auth endpoints the app uses reachable. */
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "#core/accounts/common-passwords.ts";
import { cleanUpAfterEach, PASSWORD, resetToken, setup, signup, verifiedUser } from "./auth-test-kit.ts";

cleanUpAfterEach();

describe("finding 9: the 10,000 most common passwords are refused", () => {
  it("on sign-up, whatever their case, with a clear message on the password field, creating nothing", async () => {
    const context = await setup();
    for (const password of ["Password123", "pASSWORD1"]) {
      const response = await context.post(
        "/api/auth/sign-up/email",
        signup("ada@example.com", { password, confirmPassword: password }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "VALIDATION_ERROR",
        message: COMMON_PASSWORD_MESSAGE,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
    }
    expect(await context.db.selectFrom("user").select("id").execute()).toHaveLength(0);
    expect((await context.post("/api/auth/sign-up/email", signup("ada@example.com"))).status).toBe(200);
  });

  it("on reset, keeping the link usable for a better password", async () => {
    const context = await setup();
    await verifiedUser(context, "ada@example.com");
    const token = await resetToken(context, "ada@example.com");
    const common = await context.post("/api/auth/reset-password", { token, newPassword: "Qwerty123" });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      message: COMMON_PASSWORD_MESSAGE,
      fieldErrors: { newPassword: COMMON_PASSWORD_MESSAGE },
    });
    const better = await context.post("/api/auth/reset-password", { token, newPassword: "New-Engine-1843" });
    expect(better.status).toBe(200);
  });
});

describe("finding 9: better-auth's endpoints are an allow-list", () => {
  it("answers 404 to change-password, update-user and any endpoint the app does not use", async () => {
    const context = await setup();
    const { jar } = await verifiedUser(context, "ada@example.com");
    const attempts: Array<[string, string, unknown]> = [
      [
        "POST",
        "/api/auth/change-password",
        { currentPassword: PASSWORD, newPassword: "password", revokeOtherSessions: false },
      ],
      ["POST", "/api/auth/update-user", { name: "Visit evil.example" }],
      ["POST", "/api/auth/change-email", { newEmail: "eve@example.com" }],
      ["POST", "/api/auth/delete-user", {}],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["GET", "/api/auth/list-accounts", undefined],
      ["POST", "/api/auth/link-social", { provider: "github" }],
      ["GET", "/api/auth/reset-password/some-token", undefined],
      ["GET", "/api/auth/error", undefined],
      ["GET", "/api/auth/ok", undefined],
      ["POST", "/api/auth/no-such-endpoint", {}],
    ];
    for (const [method, route, body] of attempts) {
      const response =
        method === "GET" ? await context.request(route, {}, jar) : await context.post(route, body, {}, jar);
      expect([route, response.status]).toEqual([route, 404]);
      expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Not found." });
    }
    // Nothing changed: the name, the password and the session are as they were.
    expect((await context.db.selectFrom("user").select("name").executeTakeFirstOrThrow()).name).toBe("Ada Lovelace");
    expect(
      (await context.post("/api/auth/sign-in/email", { email: "ada@example.com", password: PASSWORD })).status,
    ).toBe(200);
    expect((await context.session(jar))?.user.email).toBe("ada@example.com");
  });

  it("still serves what the app uses: get-session, sign-out and GitHub sign-in (GitHub only)", async () => {
    const context = await setup({ GITHUB_CLIENT_ID: "client", GITHUB_CLIENT_SECRET: "secret" });
    const { jar } = await verifiedUser(context, "ada@example.com");
    expect((await context.session(jar))?.user.email).toBe("ada@example.com");
    const other = await context.post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/auth/callback" });
    expect(other.status).toBe(400);
    const gitHub = await context.post("/api/auth/sign-in/social", {
      provider: "github",
      callbackURL: "/auth/callback",
    });
    expect(gitHub.status).toBe(200);
    expect((await context.post("/api/auth/sign-out", {}, {}, jar)).status).toBe(200);
    expect(await context.session(jar)).toBeNull();
  });
});
