import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Kysely } from "kysely";
import { z } from "zod";
import { createSandboxConsent, PLATFORM_DISPLAY_NAMES } from "./consent-page.ts";
import type { SandboxDatabase } from "./lib/database.ts";
import { PLATFORM_IDS, type PlatformId } from "./lib/platform-ids.ts";
import type { SandboxRateLimit } from "./lib/rate-limit.ts";
import { createMarketEngine, type MarketEngineOptions } from "./market-engine.ts";
import { newAnomalyOf, sandboxAnomalyInput, toAnomalyDto } from "./sandbox-anomalies.ts";
import { sandboxCampaignIssueInput, sandboxCampaignIssueTarget } from "./sandbox-campaign-issues.ts";
import { createSandboxCredentials, sandboxAppCredentials } from "./sandbox-credentials.ts";
import { createSandboxFaults } from "./sandbox-faults.ts";
import {
  createAppCallbackCheck,
  DEFAULT_SANDBOX_REQUESTS_PER_MINUTE,
  SANDBOX_BODY_LIMIT_BYTES,
  sandboxRateLimit,
  socketAddressOf,
} from "./sandbox-guards.ts";
import type { MarketEngine, SandboxKit, SandboxRecords } from "./sandbox-kit.ts";
import { createSandboxMediaRoutes } from "./sandbox-media.ts";
import {
  createSandboxStateRepository,
  type SandboxFault,
  type SandboxStateRepository,
} from "./sandbox-state-repository.ts";
import { createUploadedMediaRoutes, IMAGE_UPLOAD_PATH } from "./uploaded-media.ts";

export interface SandboxAppOptions {
  /** The host's database, typed for the sandbox's own tables (see `lib/database.ts`). */
  db: Kysely<SandboxDatabase>;
  /** The host's rate limiter (the server's database counter, shared by every node). */
  rateLimit: SandboxRateLimit;
  /** The server secret (AUTH_SECRET): app credentials, tokens and the admin token derive from it. */
  secret: string;
  platforms: Partial<Record<PlatformId, (kit: SandboxKit) => Hono>>;
  /**
   * The visitor's tenant for the consent page (the Adhelm session's organization); without one
   * the consent page and its form send the visitor to sign in first.
   */
  resolveTenant?: (c: Context) => Promise<string | null>;
  /**
   * Adhelm's public base URL (APP_URL): redirect URIs and WooCommerce's callback_url must be its
   * `/integrations/<platform>/callback`. Without it every authorization is refused.
   */
  appUrl?: string;
  /** The caller's address for the rate limit (the app's resolver); the socket's address by default. */
  clientAddress?: (c: Context) => string;
  /** Calls per minute per tenant (or per address without a credential); tests lower it. */
  requestsPerMinute?: number;
  shapeFor?: MarketEngineOptions["shapeFor"];
  now?: () => Date;
  /** Where a failing platform module is reported (the app's pino logger fits). */
  logger?: { error(details: Record<string, unknown>, message: string): void };
}

export const FAULT_KINDS = ["throttle", "server_error", "slow", "expired_token", "revoked"] as const;

/** The admin API's and the CLI's input: move the clock forward by whole days. */
export const sandboxClockInput = z.object({
  advanceDays: z.number().int().min(1).max(3650),
});

/** The admin API's and the CLI's input: a fault to inject. */
export const sandboxFaultInput = z
  .object({
    kind: z.enum(FAULT_KINDS),
    tenant: z.string().min(1).max(128).nullish(),
    platform: z.enum(PLATFORM_IDS).nullish(),
    probability: z.number().min(0).max(1).optional(),
    remaining: z.number().int().min(1).max(1_000_000).nullish(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
  })
  .refine((fault) => fault.kind !== "slow" || (fault.delayMs ?? 0) > 0, {
    path: ["delayMs"],
    message: "a slow fault needs delayMs above 0",
  });

/** The bearer token of the sandbox's admin API, derived from the server secret. */
export function sandboxAdminToken(secret: string): string {
  return createHmac("sha256", secret).update("adhelm-sandbox-admin").digest("base64url");
}

/**
 * The built-in sandbox: each platform module at `/<platform>` and the admin API at `/_admin`.
 * The caller mounts it at `/sandbox`.
 */
export function createSandboxApp(options: SandboxAppOptions): { app: Hono; kit: SandboxKit; adminToken: string } {
  const { db, secret, logger } = options;
  const state = createSandboxStateRepository(db);
  const isAppCallback = createAppCallbackCheck(options.appUrl);
  const kit: SandboxKit = {
    engine: createMarketEngine({ state, shapeFor: options.shapeFor, now: options.now }),
    credentials: createSandboxCredentials({ secret, state, now: options.now }),
    faults: createSandboxFaults({ state }),
    consent: createSandboxConsent({
      secret,
      resolveTenant: options.resolveTenant ?? (() => null),
      isAppCallback,
      signInUrl: options.appUrl ? `${options.appUrl.replace(/\/+$/, "")}/login` : "/login",
    }),
    records: createSandboxRecords(state),
    appCredentials: (platform) => sandboxAppCredentials(secret, platform),
    isAppCallback,
  };
  const adminToken = sandboxAdminToken(secret);

  const app = new Hono();
  app.onError((error, c) => {
    logger?.error({ err: error, path: c.req.path }, "sandbox request failed");
    return c.json({ error: { code: "internal_error", message: "The sandbox failed to answer." } }, 500);
  });

  // What the market keeps in state (the pinned companies) is read before the first answer.
  app.use(async (_c, next) => {
    await kit.engine.load();
    await next();
  });
  app.use(
    sandboxRateLimit({
      rateLimit: options.rateLimit,
      requestsPerMinute: options.requestsPerMinute ?? DEFAULT_SANDBOX_REQUESTS_PER_MINUTE,
      clientAddress: options.clientAddress ?? socketAddressOf,
      tenantOf: kit.credentials.tenantOf,
    }),
  );
  const bodyLimitOf = (maxSize: number, words: string) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          { error: { code: "payload_too_large", message: `The sandbox takes request bodies up to ${words}.` } },
          413,
        ),
    });
  const defaultBodyLimit = bodyLimitOf(SANDBOX_BODY_LIMIT_BYTES, "1 MB");
  // Image uploads (Google assets:mutate, Meta adimages) carry the image in base64: up to 10 MB.
  const imageBodyLimit = bodyLimitOf(10 * 1024 * 1024, "10 MB for an image upload");
  app.use((c, next) => (IMAGE_UPLOAD_PATH.test(c.req.path) ? imageBodyLimit : defaultBodyLimit)(c, next));

  app.get("/", (c) => {
    const base = c.req.path.replace(/\/+$/, "");
    const mounted = PLATFORM_IDS.filter((platform) => options.platforms[platform]);
    return c.json({
      name: "Adhelm sandbox",
      platforms: mounted.map((platform) => ({
        id: platform,
        name: PLATFORM_DISPLAY_NAMES[platform],
        root: `${base}/${platform}`,
      })),
      admin: {
        auth: "Authorization: Bearer <sandbox admin token>",
        endpoints: [
          `GET ${base}/_admin/clock`,
          `POST ${base}/_admin/clock {"advanceDays": n}`,
          `GET ${base}/_admin/faults`,
          `POST ${base}/_admin/faults {"kind", "tenant"?, "platform"?, "probability"?, "remaining"?, "delayMs"?}`,
          `DELETE ${base}/_admin/faults`,
          `GET ${base}/_admin/anomalies`,
          `POST ${base}/_admin/anomalies {"kind", "tenant"?, "platform"?, "campaignExternalId"?, "factor"?, "fromDate"?, "toDate"?}`,
          `DELETE ${base}/_admin/anomalies[/<id>][?tenant=<id>]`,
          `POST ${base}/_admin/campaign-issues {"tenant", "platform", "campaignExternalId", "issue"}`,
          `DELETE ${base}/_admin/campaign-issues?tenant=<id>&platform=<id>&campaignExternalId=<id>`,
        ],
      },
    });
  });

  app.route(
    "/_admin",
    createAdminRoutes({
      adminToken,
      state,
      today: () => kit.engine.today(),
      setCampaignIssue: kit.engine.setCampaignIssue,
    }),
  );

  // The creatives' images, as the platforms' CDNs serve them (see sandbox-media.ts).
  app.route("/media", createSandboxMediaRoutes(kit.engine));
  app.route("/media/uploaded", createUploadedMediaRoutes(kit.engine));

  for (const platform of PLATFORM_IDS) {
    const createPlatform = options.platforms[platform];
    if (createPlatform) app.route(`/${platform}`, createPlatform(kit));
  }

  app.all("*", (c) =>
    c.json({ error: { code: "not_found", message: `No sandbox route matches ${c.req.method} ${c.req.path}.` } }, 404),
  );
  return { app, kit, adminToken };
}

/** Records in the settings table, under a key short enough for its column whatever the tenant id. */
function createSandboxRecords(state: SandboxStateRepository): SandboxRecords {
  const keyOf = (tenant: string, platform: string, key: string) =>
    `${platform}:${createHash("sha256").update(tenant).digest("base64url").slice(0, 16)}:${key}`;
  return {
    get: (tenant, platform, key) => state.getSetting(keyOf(tenant, platform, key)),
    put: (tenant, platform, key, value) => state.putSetting(keyOf(tenant, platform, key), value),
    remove: (tenant, platform, key) => state.deleteSetting(keyOf(tenant, platform, key)),
  };
}

function createAdminRoutes(input: {
  adminToken: string;
  state: ReturnType<typeof createSandboxStateRepository>;
  today: () => Promise<string>;
  setCampaignIssue: MarketEngine["setCampaignIssue"];
}): Hono {
  const { adminToken, state, today, setCampaignIssue } = input;
  const expected = Buffer.from(`Bearer ${adminToken}`);
  const admin = new Hono();

  admin.use(async (c, next) => {
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: { code: "unauthorized", message: "The sandbox admin API needs its bearer token." } }, 401);
    }
    await next();
  });

  const clock = async () => ({ today: await today(), offsetDays: await state.getClockOffsetDays() });

  admin.get("/clock", async (c) => c.json(await clock()));

  admin.post("/clock", async (c) => {
    const parsed = sandboxClockInput.safeParse(await readJson(c));
    if (!parsed.success) return invalidRequest(c, parsed.error);
    await state.advanceClock(parsed.data.advanceDays);
    return c.json(await clock());
  });

  admin.get("/faults", async (c) => c.json({ faults: (await state.listFaults()).map(toFaultDto) }));

  admin.post("/faults", async (c) => {
    const parsed = sandboxFaultInput.safeParse(await readJson(c));
    if (!parsed.success) return invalidRequest(c, parsed.error);
    const fault = await state.addFault(parsed.data);
    return c.json({ id: fault.id }, 201);
  });

  admin.delete("/faults", async (c) => {
    await state.clearFaults();
    return c.body(null, 204);
  });

  // Injected anomalies: a spend spike or a conversion drop for a tenant, platform and campaign.
  admin.get("/anomalies", async (c) => {
    const tenant = c.req.query("tenant");
    const anomalies = await state.listAnomalies(tenant ? { tenant } : {});
    return c.json({ anomalies: anomalies.map(toAnomalyDto) });
  });

  admin.post("/anomalies", async (c) => {
    const parsed = sandboxAnomalyInput.safeParse(await readJson(c));
    if (!parsed.success) return invalidRequest(c, parsed.error);
    const anomaly = await state.addAnomaly(newAnomalyOf(parsed.data, await today()));
    return c.json(toAnomalyDto(anomaly), 201);
  });

  admin.delete("/anomalies", async (c) => {
    const tenant = c.req.query("tenant");
    return c.json({ cleared: await state.clearAnomalies(tenant ? { tenant } : {}) });
  });

  admin.delete("/anomalies/:id", async (c) => {
    const cleared = await state.clearAnomalies({ id: c.req.param("id") });
    if (cleared === 0) return c.json({ error: { code: "not_found", message: "No anomaly has this id." } }, 404);
    return c.body(null, 204);
  });

  // A campaign the platform stopped (budget exhausted, disapproved, account suspended), and back.
  const unknownCampaign = (c: Context) =>
    c.json({ error: { code: "not_found", message: "The tenant's platform has no campaign with this id." } }, 404);

  admin.post("/campaign-issues", async (c) => {
    const parsed = sandboxCampaignIssueInput.safeParse(await readJson(c));
    if (!parsed.success) return invalidRequest(c, parsed.error);
    const { tenant, platform, campaignExternalId, issue } = parsed.data;
    if (!(await setCampaignIssue(tenant, platform, campaignExternalId, issue))) return unknownCampaign(c);
    return c.json({ tenant, platform, campaignExternalId, issue }, 201);
  });

  admin.delete("/campaign-issues", async (c) => {
    const parsed = sandboxCampaignIssueTarget.safeParse(c.req.query());
    if (!parsed.success) return invalidRequest(c, parsed.error);
    const { tenant, platform, campaignExternalId } = parsed.data;
    if (!(await setCampaignIssue(tenant, platform, campaignExternalId, null))) return unknownCampaign(c);
    return c.body(null, 204);
  });

  return admin;
}

function toFaultDto(fault: SandboxFault) {
  return {
    id: fault.id,
    kind: fault.kind,
    tenant: fault.tenant,
    platform: fault.platform,
    probability: fault.probability,
    remaining: fault.remaining,
    delayMs: fault.delayMs,
    createdAt: fault.createdAt,
  };
}

/** The JSON body, or undefined when there is none or it is not JSON (zod then explains). */
async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

function invalidRequest(c: Context, error: z.ZodError) {
  const message = error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  return c.json({ error: { code: "invalid_request", message } }, 400);
}
