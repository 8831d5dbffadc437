/**
 * What the public API's tests share: the whole app over in-process HTTP (app.request), with the
 * campaign use cases talking to the built-in sandbox on a real port, two connected organizations
 * with their keys, and a call helper that checks every answer against the OpenAPI document the
 * API publishes.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createRuleEngine } from "#core/rules/rule-engine.ts";
import { createRulesModule } from "#core/rules/rules-module.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";
import { createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { contractViolations } from "./openapi-contract.ts";
import type { OpenApiDocument } from "./openapi-document.ts";

interface StartedApp {
  app: ReturnType<typeof createApp>;
  services: ServerServices;
}

interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  app?: StartedApp["app"];
  /** For answers the app gives before the API (the browser's origin check). */
  isOutsideContract?: boolean;
}

interface PublicApiSuite {
  world: CampaignSandbox;
  ada: ConnectedOrganization;
  bo: ConnectedOrganization;
  /** The app the calls go to unless told otherwise. */
  main: StartedApp;
  document: OpenApiDocument;
  /** ada: read_write ("Reporting"), adaRead: read ("Dashboards"), bo: read_write ("Bo's scripts"). */
  keys: Record<string, { id: string; plaintext: string }>;
  /** The whole app over the sandbox's database, its campaign use cases pointed at the sandbox. */
  startApp: (overrides?: Record<string, string>) => StartedApp;
  newKey: (
    organization: ConnectedOrganization,
    name: string,
    scope?: ApiKeyScope,
  ) => Promise<{ id: string; plaintext: string }>;
  /**
   * One API call; a documented path's answer must match the document. The body is the JSON, as
   * loosely typed as Response.json() gives it, or null.
   */
  call: (
    method: string,
    path: string,
    options?: CallOptions,
  ) => Promise<{ status: number; headers: Headers; body: Awaited<ReturnType<Response["json"]>> }>;
}

/** Starts the sandbox, the app and the organizations before the file's tests, and stops them after. */
export function usePublicApiSuite(): PublicApiSuite {
  const running: ServerServices[] = [];
  const keys: PublicApiSuite["keys"] = {};

  function startApp(overrides: Record<string, string> = {}): StartedApp {
    // Usage is written when the test says so (flush), not by the timer.
    const env = testEnv({ APP_URL: "http://app.test", API_USAGE_FLUSH_MS: "60000", ...overrides });
    const database: DatabaseHandle = {
      db: suite.world.sandbox.db,
      dialect: testDatabaseUrl() ? "postgres" : "sqlite",
      location: "sandbox test database",
      close: async () => {},
    };
    const services = createServices({ env, database, logger: silentLogger });
    services.campaigns = suite.world.campaigns;
    // Rules act through the same campaigns slice, pointed at the sandbox.
    services.rules = createRulesModule({
      db: suite.world.sandbox.db,
      clock: { now: async () => new Date() },
      jobs: services.jobs,
      engine: createRuleEngine({ db: suite.world.sandbox.db, clock: { now: async () => new Date() } }),
      timeZoneOf: (organizationId) => organizationTimeZone(suite.world.sandbox.db, organizationId),
      applyCampaignChanges: suite.world.campaigns.applyCampaignChanges,
      setCampaignLabels: suite.world.campaigns.setCampaignLabels,
      notify: (notification) => services.notifications.notify(notification),
      publishWebhookEvent: (event) => services.webhooks.publishWebhookEvent(event),
    });
    running.push(services);
    return { app: createApp({ env, logger: silentLogger, services }), services };
  }

  async function newKey(organization: ConnectedOrganization, name: string, scope: ApiKeyScope = "read_write") {
    const created = await suite.main.services.apiKeys.createApiKey(ownerOf(organization), { name, scope });
    return { id: created.apiKey.id, plaintext: created.plaintext };
  }

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? keys.ada!.plaintext : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    if (options.body !== undefined || options.rawBody !== undefined) headers["content-type"] ??= "application/json";
    const response = await (options.app ?? suite.main.app).request(`http://app.test${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const pathname = new URL(path, "http://app.test").pathname;
    if (
      !options.isOutsideContract &&
      (pathname.startsWith("/api/v1/campaigns") || pathname.startsWith("/api/v1/rules"))
    )
      expect(await contractViolations(suite.document, method, pathname, response)).toEqual([]);
    const body = response.headers.get("content-type")?.startsWith("application/json") ? await response.json() : null;
    return { status: response.status, headers: response.headers, body };
  }

  // The rest is filled in before the tests run.
  const suite = { keys, startApp, newKey, call } as PublicApiSuite;

  beforeAll(async () => {
    suite.world = await startCampaignSandbox();
    suite.main = startApp();
    suite.document = suite.main.services.publicApi.openApiDocument();
    [suite.ada, suite.bo] = await Promise.all([
      suite.world.connectOrganization(["google-ads", "facebook-ads"], "Ada"),
      suite.world.connectOrganization(["google-ads"], "Bo"),
    ]);
    keys.ada = await newKey(suite.ada, "Reporting");
    keys.adaRead = await newKey(suite.ada, "Dashboards", "read");
    keys.bo = await newKey(suite.bo, "Bo's scripts");
  }, 60_000);

  afterAll(async () => {
    for (const services of running) await services.publicApi.stop();
    await suite.world?.close();
  });

  return suite;
}

export const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;
export type WireCampaign = { id: string; platform: string; status: string; name: string; ad_account_id: string };
export const idsOf = (organization: ConnectedOrganization) =>
  Object.values(organization.campaigns)
    .flat()
    .map((campaign) => campaign.id);
export const googleCampaignOf = (organization: ConnectedOrganization) => organization.campaigns["google-ads"]![0]!;

/** The organization's owner, as the actor of Settings → API keys. */
export function ownerOf(organization: ConnectedOrganization): Actor {
  return userActor({
    userId: organization.viewer.userId,
    name: "Owner",
    organizationId: organization.organizationId,
    role: "owner",
  });
}
