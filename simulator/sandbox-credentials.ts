import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PlatformId } from "./lib/platform-ids.ts";
import type { IssuedTokens, SandboxCredentials, TokenCheck } from "./sandbox-kit.ts";
import { nextSandboxInstant, type SandboxStateRepository } from "./sandbox-state-repository.ts";

/**
 * The sandbox's OAuth codes and tokens. Each one is a signed claim (tenant, platform, kind, issue
 * time, expiry), so nothing is stored and tokens keep working across a restart. Only redeemed
 * codes are remembered, in memory, to make codes single-use, and a revoked grant is remembered in
 * the sandbox's settings as the instant before which its tenant's tokens of that platform are void.
 */

const CODE_TTL_MS = 10 * 60 * 1000;

type CredentialKind = "code" | "access" | "refresh";

interface Claims {
  /** Tenant. */
  t: string;
  /** Platform. */
  p: PlatformId;
  k: CredentialKind;
  /** Issued at, epoch ms. */
  i: number;
  /** Expires at, epoch ms; null: never. */
  e: number | null;
  /**
   * Issued at by the wall clock, compared with faults' creation times (which use the wall clock)
   * even when `now` is a simulated time.
   */
  w: number;
  /** A code's client id and redirect URI. */
  c?: string;
  r?: string;
  /** Makes every credential unique, even two issued in the same millisecond. */
  n: string;
}

/** Platform-flavoured prefixes, so a token looks like the real platform's in logs and headers. */
const PREFIXES: Record<PlatformId, Record<CredentialKind, string>> = {
  "google-ads": { code: "4/0A", access: "ya29.", refresh: "1//0" },
  "microsoft-ads": { code: "M.C5", access: "EwB", refresh: "M.C5_R" },
  "facebook-ads": { code: "AQ", access: "EAAB", refresh: "EAAR" },
  "tiktok-ads": { code: "tt", access: "act.", refresh: "rft." },
  "linkedin-ads": { code: "AQT", access: "AQV", refresh: "AQX" },
  shopify: { code: "", access: "shpat_", refresh: "shprt_" },
  woocommerce: { code: "", access: "ck_", refresh: "cs_" },
};

/** The settings key of a tenant's revoked grant at a platform (keys hold at most 64 characters). */
function revocationKey(tenant: string, platform: PlatformId): string {
  return `revoked:${platform}:${createHash("sha256").update(tenant).digest("base64url").slice(0, 22)}`;
}

export interface SandboxCredentialsOptions {
  secret: string;
  state: SandboxStateRepository;
  now?: () => Date;
}

/** The app credentials our config uses for a platform in sandbox mode, derived from the server secret. */
export function sandboxAppCredentials(
  secret: string,
  platform: PlatformId,
): { clientId: string; clientSecret: string; developerToken?: string } {
  const clientSecret = createHmac("sha256", secret).update(`adhelm-sandbox-app-secret:${platform}`).digest("base64url");
  return {
    clientId: `adhelm-sandbox-${platform}`,
    clientSecret,
    // Microsoft's published sandbox developer token.
    ...(platform === "microsoft-ads" ? { developerToken: "BBD37VB98" } : {}),
  };
}

export function createSandboxCredentials(options: SandboxCredentialsOptions): SandboxCredentials {
  const { state } = options;
  const now = options.now ?? (() => new Date());
  const signingKey = createHmac("sha256", options.secret).update("adhelm-sandbox-credentials").digest();
  /** Redeemed codes (their nonce) until they would have expired anyway. */
  const redeemed = new Map<string, number>();

  function sign(body: string): string {
    return createHmac("sha256", signingKey).update(body).digest("base64url");
  }

  function issue(claims: Omit<Claims, "n" | "w">): string {
    const full: Claims = { ...claims, w: nextSandboxInstant(), n: randomBytes(9).toString("base64url") };
    const body = `${PREFIXES[claims.p][claims.k]}${Buffer.from(JSON.stringify(full)).toString("base64url")}`;
    return `${body}.${sign(body)}`;
  }

  /** The claims of a genuine credential of this platform and kind, or null. */
  function read(token: string, platform: PlatformId, kind: CredentialKind): Claims | null {
    const dot = token.lastIndexOf(".");
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(token.slice(dot + 1));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const prefix = PREFIXES[platform][kind];
    if (!body.startsWith(prefix)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body.slice(prefix.length), "base64url").toString("utf8")) as Claims;
      return claims.p === platform && claims.k === kind && typeof claims.t === "string" ? claims : null;
    } catch {
      return null;
    }
  }

  /** The tenant of a genuine credential of any platform and kind, expired or not. */
  function tenantOf(token: string): string | null {
    for (const [platform, prefixes] of Object.entries(PREFIXES) as [PlatformId, Record<CredentialKind, string>][]) {
      for (const kind of ["access", "refresh", "code"] as const) {
        if (!token.startsWith(prefixes[kind])) continue;
        const claims = read(token, platform, kind);
        if (claims) return claims.t;
      }
    }
    return null;
  }

  /** Faults that apply to this tenant and platform. */
  async function faultsFor(tenant: string, platform: PlatformId) {
    const faults = await state.listFaults();
    return faults.filter(
      (fault) =>
        (fault.tenant === null || fault.tenant === tenant) && (fault.platform === null || fault.platform === platform),
    );
  }

  /** Whether the tenant revoked the grant this credential belongs to (after it was issued). */
  async function isRevoked(claims: Claims): Promise<boolean> {
    const revokedAt = await state.getSetting(revocationKey(claims.t, claims.p));
    return revokedAt !== null && claims.w <= Number(revokedAt);
  }

  function forgetOldCodes(nowMs: number) {
    for (const [nonce, expiresAt] of redeemed) if (expiresAt < nowMs) redeemed.delete(nonce);
  }

  return {
    tenantOf,

    issueCode({ tenant, platform, clientId, redirectUri }) {
      const issuedAt = now().getTime();
      return issue({
        t: tenant,
        p: platform,
        k: "code",
        i: issuedAt,
        e: issuedAt + CODE_TTL_MS,
        c: clientId,
        r: redirectUri,
      });
    },

    redeemCode(code, { platform, clientId, redirectUri }) {
      const claims = read(code, platform, "code");
      const nowMs = now().getTime();
      if (!claims || claims.e === null || claims.e < nowMs) return null;
      if (claims.c !== clientId) return null;
      // Platforms that send the redirect URI at exchange must send the same one.
      if (redirectUri !== undefined && claims.r !== redirectUri) return null;
      forgetOldCodes(nowMs);
      if (redeemed.has(claims.n)) return null;
      redeemed.set(claims.n, claims.e);
      return claims.t;
    },

    issueTokens({ tenant, platform, accessTtlSeconds, withRefreshToken }): IssuedTokens {
      const issuedAt = now().getTime();
      const expiresAt = accessTtlSeconds === null ? null : issuedAt + accessTtlSeconds * 1000;
      return {
        accessToken: issue({ t: tenant, p: platform, k: "access", i: issuedAt, e: expiresAt }),
        refreshToken: withRefreshToken ? issue({ t: tenant, p: platform, k: "refresh", i: issuedAt, e: null }) : null,
        expiresIn: accessTtlSeconds,
      };
    },

    async checkAccessToken(token, platform): Promise<TokenCheck> {
      const claims = read(token, platform, "access");
      if (!claims) return { ok: false, reason: "invalid" };
      const faults = await faultsFor(claims.t, platform);
      if (faults.some((fault) => fault.kind === "revoked") || (await isRevoked(claims)))
        return { ok: false, reason: "revoked" };
      if (claims.e !== null && claims.e <= now().getTime()) return { ok: false, reason: "expired" };
      // An expired_token fault ends the tokens issued before it; a refresh afterwards works again.
      if (faults.some((fault) => fault.kind === "expired_token" && Date.parse(fault.createdAt) > claims.w)) {
        return { ok: false, reason: "expired" };
      }
      return { ok: true, tenant: claims.t };
    },

    async checkRefreshToken(token, platform): Promise<TokenCheck> {
      const claims = read(token, platform, "refresh");
      if (!claims) return { ok: false, reason: "invalid" };
      const faults = await faultsFor(claims.t, platform);
      if (faults.some((fault) => fault.kind === "revoked") || (await isRevoked(claims)))
        return { ok: false, reason: "revoked" };
      return { ok: true, tenant: claims.t };
    },

    async revokeGrant(tenant, platform) {
      // Tokens carry the instant they were issued (`w`, never repeated in this process): the ones
      // issued up to now are void, the ones a new consent brings later are not.
      await state.putSetting(revocationKey(tenant, platform), String(nextSandboxInstant()));
    },
  };
}
