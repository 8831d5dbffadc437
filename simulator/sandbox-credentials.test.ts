import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { PlatformId } from "#core/shared/platforms.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSandboxCredentials, sandboxAppCredentials } from "./sandbox-credentials.ts";
import { createSandboxStateRepository, type SandboxStateRepository } from "./sandbox-state-repository.ts";

const SECRET = "credentials-test-secret-0123456789abcdef";
let database: DatabaseHandle;
let state: SandboxStateRepository;
let clock: Date;

beforeAll(async () => {
  database = await createTestDatabase();
  state = createSandboxStateRepository(database.db);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock = new Date("2026-11-21T12:00:00Z");
  await state.clearFaults();
});

function credentials(secret = SECRET) {
  return createSandboxCredentials({ secret, state, now: () => clock });
}

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe("sandboxAppCredentials", () => {
  it.each<[PlatformId, boolean]>([
    ["google-ads", false],
    ["microsoft-ads", true],
    ["facebook-ads", false],
    ["shopify", false],
  ])("derives %s's app credentials from the server secret", (platform, hasDeveloperToken) => {
    const app = sandboxAppCredentials(SECRET, platform);
    expect(app.clientId).toBe(`adhelm-sandbox-${platform}`);
    expect(app.clientSecret).toMatch(/^[\w-]{40,}$/);
    expect(sandboxAppCredentials(SECRET, platform)).toEqual(app);
    expect(sandboxAppCredentials(`${SECRET}x`, platform).clientSecret).not.toBe(app.clientSecret);
    expect(app.developerToken).toBe(hasDeveloperToken ? "BBD37VB98" : undefined);
  });
});

describe("authorization codes", () => {
  const input = {
    tenant: "org_1",
    platform: "google-ads" as const,
    clientId: "adhelm-sandbox-google-ads",
    redirectUri: "http://localhost/cb",
  };

  it("redeem once, for their client, redirect URI and platform only", () => {
    const issuer = credentials();
    const code = issuer.issueCode(input);
    const redeem = { platform: "google-ads" as const, clientId: input.clientId, redirectUri: input.redirectUri };
    expect(issuer.redeemCode(code, { ...redeem, clientId: "someone-else" })).toBeNull();
    expect(issuer.redeemCode(code, { ...redeem, redirectUri: "http://localhost/other" })).toBeNull();
    expect(issuer.redeemCode(code, { ...redeem, platform: "facebook-ads" })).toBeNull();
    expect(issuer.redeemCode(code, redeem)).toBe("org_1");
    expect(issuer.redeemCode(code, redeem)).toBeNull();
  });

  it("need no redirect URI where the platform's exchange sends none (TikTok)", () => {
    const issuer = credentials();
    const code = issuer.issueCode({ ...input, platform: "tiktok-ads" });
    expect(issuer.redeemCode(code, { platform: "tiktok-ads", clientId: input.clientId })).toBe("org_1");
  });

  it("expire after 10 minutes", () => {
    const issuer = credentials();
    const fresh = issuer.issueCode(input);
    const stale = issuer.issueCode(input);
    later(9 * 60 * 1000);
    expect(issuer.redeemCode(fresh, { platform: "google-ads", clientId: input.clientId })).toBe("org_1");
    later(2 * 60 * 1000);
    expect(issuer.redeemCode(stale, { platform: "google-ads", clientId: input.clientId })).toBeNull();
  });

  it("refuse a tampered or foreign code", () => {
    const code = credentials().issueCode(input);
    const [body, signature] = [code.slice(0, code.lastIndexOf(".")), code.slice(code.lastIndexOf(".") + 1)];
    const forged = `${body.slice(0, -2)}AA.${signature}`;
    expect(credentials().redeemCode(forged, { platform: "google-ads", clientId: input.clientId })).toBeNull();
    expect(
      credentials("another-secret-0123456789abcdef0123").redeemCode(code, {
        platform: "google-ads",
        clientId: input.clientId,
      }),
    ).toBeNull();
    expect(credentials().redeemCode("garbage", { platform: "google-ads", clientId: input.clientId })).toBeNull();
  });
});

describe("tokens", () => {
  it("survive a restart: another instance with the same secret accepts them", async () => {
    const tokens = credentials().issueTokens({
      tenant: "org_1",
      platform: "linkedin-ads",
      accessTtlSeconds: 60,
      withRefreshToken: true,
    });
    expect(tokens.expiresIn).toBe(60);
    expect(tokens.accessToken.startsWith("AQV")).toBe(true);
    expect(await credentials().checkAccessToken(tokens.accessToken, "linkedin-ads")).toEqual({
      ok: true,
      tenant: "org_1",
    });
    expect(await credentials().checkRefreshToken(tokens.refreshToken!, "linkedin-ads")).toEqual({
      ok: true,
      tenant: "org_1",
    });
    expect(await credentials("x".repeat(40)).checkAccessToken(tokens.accessToken, "linkedin-ads")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it.each([
    ["an access token used as a refresh token", "refresh"],
    ["a token of another platform", "platform"],
  ])("are invalid as %s", async (_label, misuse) => {
    const tokens = credentials().issueTokens({
      tenant: "org_1",
      platform: "google-ads",
      accessTtlSeconds: 60,
      withRefreshToken: true,
    });
    const check =
      misuse === "refresh"
        ? await credentials().checkRefreshToken(tokens.accessToken, "google-ads")
        : await credentials().checkAccessToken(tokens.accessToken, "facebook-ads");
    expect(check).toEqual({ ok: false, reason: "invalid" });
  });

  it("expire after their lifetime, or never without one; refresh tokens do not expire", async () => {
    const issuer = credentials();
    const short = issuer.issueTokens({
      tenant: "org_1",
      platform: "google-ads",
      accessTtlSeconds: 3600,
      withRefreshToken: true,
    });
    const forever = issuer.issueTokens({
      tenant: "org_1",
      platform: "facebook-ads",
      accessTtlSeconds: null,
      withRefreshToken: false,
    });
    expect(forever.refreshToken).toBeNull();
    expect(forever.expiresIn).toBeNull();
    later(3599 * 1000);
    expect((await issuer.checkAccessToken(short.accessToken, "google-ads")).ok).toBe(true);
    later(2000);
    expect(await issuer.checkAccessToken(short.accessToken, "google-ads")).toEqual({ ok: false, reason: "expired" });
    later(400 * 24 * 3600 * 1000);
    expect((await issuer.checkAccessToken(forever.accessToken, "facebook-ads")).ok).toBe(true);
    expect((await issuer.checkRefreshToken(short.refreshToken!, "google-ads")).ok).toBe(true);
  });

  it("expire when an expired_token fault for their tenant and platform comes after them", async () => {
    const issuer = credentials();
    const issue = (tenant: string, platform: PlatformId) =>
      issuer.issueTokens({ tenant, platform, accessTtlSeconds: 3600, withRefreshToken: true }).accessToken;
    const mine = issue("org_1", "google-ads");
    const otherTenant = issue("org_2", "google-ads");
    const otherPlatform = issue("org_1", "tiktok-ads");
    await state.addFault({ kind: "expired_token", tenant: "org_1", platform: "google-ads" });
    expect(await issuer.checkAccessToken(mine, "google-ads")).toEqual({ ok: false, reason: "expired" });
    expect((await issuer.checkAccessToken(otherTenant, "google-ads")).ok).toBe(true);
    expect((await issuer.checkAccessToken(otherPlatform, "tiktok-ads")).ok).toBe(true);
    expect((await issuer.checkAccessToken(issue("org_1", "google-ads"), "google-ads")).ok).toBe(true);
  });

  it("are revoked, access and refresh alike, while a revoked fault stands", async () => {
    const issuer = credentials();
    const tokens = issuer.issueTokens({
      tenant: "org_1",
      platform: "shopify",
      accessTtlSeconds: null,
      withRefreshToken: true,
    });
    await state.addFault({ kind: "revoked", platform: "shopify" });
    expect(await issuer.checkAccessToken(tokens.accessToken, "shopify")).toEqual({ ok: false, reason: "revoked" });
    expect(await issuer.checkRefreshToken(tokens.refreshToken!, "shopify")).toEqual({ ok: false, reason: "revoked" });
    await state.clearFaults();
    const again = issuer.issueTokens({
      tenant: "org_1",
      platform: "shopify",
      accessTtlSeconds: null,
      withRefreshToken: true,
    });
    expect(await issuer.checkAccessToken(again.accessToken, "shopify")).toEqual({ ok: true, tenant: "org_1" });
  });

  it("stop working for good when the tenant's grant is revoked, and a later grant works again", async () => {
    const issuer = credentials();
    const issue = (tenant: string, platform: PlatformId) =>
      issuer.issueTokens({ tenant, platform, accessTtlSeconds: 3600, withRefreshToken: true });
    const mine = issue("org_revoking", "linkedin-ads");
    const otherTenant = issue("org_keeping", "linkedin-ads");
    const otherPlatform = issue("org_revoking", "google-ads");

    await issuer.revokeGrant("org_revoking", "linkedin-ads");

    expect(await issuer.checkAccessToken(mine.accessToken, "linkedin-ads")).toEqual({ ok: false, reason: "revoked" });
    expect(await issuer.checkRefreshToken(mine.refreshToken!, "linkedin-ads")).toEqual({
      ok: false,
      reason: "revoked",
    });
    // A restarted sandbox (new credentials over the same state) still knows.
    expect(await credentials().checkAccessToken(mine.accessToken, "linkedin-ads")).toMatchObject({ ok: false });
    expect((await issuer.checkAccessToken(otherTenant.accessToken, "linkedin-ads")).ok).toBe(true);
    expect((await issuer.checkAccessToken(otherPlatform.accessToken, "google-ads")).ok).toBe(true);
    const regranted = issue("org_revoking", "linkedin-ads");
    expect(await issuer.checkAccessToken(regranted.accessToken, "linkedin-ads")).toEqual({
      ok: true,
      tenant: "org_revoking",
    });
  });
});
