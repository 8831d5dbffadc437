/**
 * The /api page's Try it and the reference's model, on the real services: the API stack in
 * process and the campaign use cases talking to the built-in sandbox on a real port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "#app/lib/api-examples.ts";
import { type Actor, userActor } from "#core/access/actor.ts";
import { TEST_CAMPAIGN_NAME, type TryEndpointId } from "#core/api-keys/try-api-types.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";
import { currencyExponent } from "#core/shared/money.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { buildApiReference } from "./openapi-reference.ts";
import type { TryResult } from "./try-it-types.ts";
import { toTryItView, toTryResult } from "./try-it-view.ts";

const APP_URL = "http://app.test";
let world: CampaignSandbox;
let services: ServerServices;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;

beforeAll(async () => {
  world = await startCampaignSandbox();
  services = createServices({
    env: testEnv({ APP_URL }),
    database: {
      db: world.sandbox.db,
      dialect: testDatabaseUrl() ? "postgres" : "sqlite",
      location: "sandbox test database",
      close: async () => {},
    },
    logger: silentLogger,
  });
  services.campaigns = world.campaigns;
  [ada, bo] = await Promise.all([
    world.connectOrganization(["google-ads"], "Ada"),
    world.connectOrganization(["facebook-ads"], "Bo"),
  ]);
}, 60_000);

afterAll(async () => {
  await services?.publicApi.stop();
  await world?.close();
});

/** A person of the organization with that role (sign-up makes the owner; a member is invited). */
function personOf(
  organization: ConnectedOrganization,
  role: "owner" | "manager" | "analyst" | "viewer" = "owner",
): Actor {
  const { userId } = organization.viewer;
  return userActor({ userId, name: "Tester", organizationId: organization.organizationId, role });
}

function newKey(organization: ConnectedOrganization, name: string, scope: ApiKeyScope = "read_write") {
  return services.apiKeys.createApiKey(personOf(organization), { name, scope });
}

/** The /api page's loader: the plans as the page shows them, or null. */
async function loadTryIt(organization: ConnectedOrganization) {
  const plans = await services.apiKeys.planApiTries(personOf(organization));
  return plans ? toTryItView(plans) : null;
}

/** The /api page's action: one Try it's answer as the page shows it. */
async function runTryIt(organization: ConnectedOrganization, endpointId: TryEndpointId, token: string) {
  return toTryResult(await services.apiKeys.tryApiRequest(personOf(organization), { endpointId, token }));
}

const firstCampaign = async (organization: ConnectedOrganization) =>
  (await world.campaigns.listCampaigns(personOf(organization), { statuses: ["enabled", "paused"], limit: 1 }))
    .campaigns[0];

async function tryIt(
  organization: ConnectedOrganization,
  endpointId: TryEndpointId,
  token: string = crypto.randomUUID(),
) {
  const result = await runTryIt(organization, endpointId, token);
  if ("problem" in result) throw new Error(`Try it ${endpointId} refused: ${result.problem}`);
  return { ...result, body: JSON.parse(result.answer.body) as Record<string, unknown>, header: headerOf(result) };
}

function headerOf(result: Extract<TryResult, { answer: unknown }>) {
  return (name: string) => result.answer.headers.find((header) => header.name === name)?.value;
}

const campaignIdsOf = (organization: ConnectedOrganization) =>
  Object.values(organization.campaigns)
    .flat()
    .map((campaign) => campaign.id);

describe("Try it on the /api page", () => {
  it("shows the examples to a team without an active key, and runs nothing for it", async () => {
    expect(await loadTryIt(bo)).toBeNull();
    const refused = await runTryIt(bo, "list-campaigns", crypto.randomUUID());
    expect(refused).toEqual({
      endpointId: "list-campaigns",
      problem: "Your team has no active API key. Create one, then try again.",
    });
  });

  it("lists the team's own campaigns through the real API as its key, and the reads are ready to run", async () => {
    const key = await newKey(ada, "Reporting");
    const view = await loadTryIt(ada);
    expect(view?.token).toMatch(/^[0-9a-f-]{36}$/);
    for (const id of ["list-campaigns", "campaign-metrics", "create-campaign", "update-campaign"] as const)
      expect(view?.plans[id]).toMatchObject({ isReady: true, keyName: "Reporting", keyPrefix: key.apiKey.prefix });
    // The page learns which key runs, never its id or secret.
    expect(JSON.stringify(view)).not.toContain(key.apiKey.id);
    expect(JSON.stringify(view)).not.toContain(key.plaintext);

    const listed = await tryIt(ada, "list-campaigns");
    expect(listed.answer.status).toBe(200);
    expect(listed.request).toEqual({ method: "GET", path: "/api/v1/campaigns?status=active,paused&limit=3" });
    const campaigns = listed.body.data as Array<{ id: string; status: string }>;
    expect(campaigns.length).toBe(3);
    for (const campaign of campaigns) {
      expect(campaignIdsOf(ada)).toContain(campaign.id);
      expect(["active", "paused"]).toContain(campaign.status);
    }
    // Counted and limited like any call.
    expect(Number(listed.header("RateLimit-Limit"))).toBeGreaterThan(0);
    expect(Number(listed.header("RateLimit-Remaining"))).toBeLessThan(Number(listed.header("RateLimit-Limit")));
  });

  it("reads the first campaign's metrics with ROI and ROAS", async () => {
    const first = await firstCampaign(ada);
    const metrics = await tryIt(ada, "campaign-metrics");
    expect(metrics.answer.status).toBe(200);
    expect(metrics.request.path).toBe(`/api/v1/campaigns/${first?.id}/metrics`);
    const data = metrics.body.data as Record<string, unknown>;
    expect(data.campaign_id).toBe(first?.id);
    for (const kpi of ["impressions", "clicks", "spend", "conversions", "revenue", "roas", "roi"])
      expect(data).toHaveProperty(kpi);
  });

  it("creates one paused test campaign with the platform's minimum budget, however often the form is resubmitted", async () => {
    const before = await world.campaigns.listCampaigns(personOf(ada), { limit: 100 });
    const view = await loadTryIt(ada);
    const plan = view?.plans["create-campaign"];
    expect(plan?.isReady && plan.confirmation).toContain(`a paused campaign named “${TEST_CAMPAIGN_NAME}”`);

    const token = crypto.randomUUID();
    const created = await tryIt(ada, "create-campaign", token);
    expect(created.answer.status).toBe(201);
    const campaign = created.body.data as {
      id: string;
      name: string;
      status: string;
      platform: string;
      ad_account_id: string;
      daily_budget: { amount_minor: number; currency: string };
    };
    const account = ada.campaigns["google-ads"]?.[0]?.adAccountId;
    expect(campaign).toMatchObject({
      name: TEST_CAMPAIGN_NAME,
      status: "paused",
      platform: "google_ads",
      ad_account_id: account,
    });
    // Google Ads' minimum daily budget is one unit of the account's currency.
    expect(campaign.daily_budget.amount_minor).toBe(10 ** currencyExponent(campaign.daily_budget.currency));
    const onPlatform = await world.platformCampaign(
      ada,
      "google-ads",
      (await world.deps.campaigns.findSummary(ada.organizationId, campaign.id))?.externalId ?? "",
    );
    expect(onPlatform).toMatchObject({ name: TEST_CAMPAIGN_NAME, status: "paused" });

    // The browser resubmits the same page: the first answer comes back, and nothing is created again.
    const replayed = await tryIt(ada, "create-campaign", token);
    expect(replayed.answer.status).toBe(201);
    expect(replayed.header("Idempotent-Replayed")).toBe("true");
    expect((replayed.body.data as { id: string }).id).toBe(campaign.id);
    const after = await world.campaigns.listCampaigns(personOf(ada), { limit: 100 });
    expect(after.campaigns.length).toBe(before.campaigns.length + 1);
  });

  it("re-applies the first campaign's status and budget: nothing changes, and the change log names the key", async () => {
    const first = await firstCampaign(ada);
    const updated = await tryIt(ada, "update-campaign");
    expect(updated.answer.status).toBe(200);
    expect(updated.request.headers?.["Idempotency-Key"]).toMatch(/^try-it-update-campaign-/);
    const data = updated.body.data as { id: string; status: string; daily_budget: { amount_minor: number } | null };
    expect(data.id).toBe(first?.id);
    const again = await firstCampaign(ada);
    expect({ status: again?.status, budget: again?.dailyBudgetMinor }).toEqual({
      status: first?.status,
      budget: first?.dailyBudgetMinor,
    });
    const log = await world.campaigns.listChangeLog(personOf(ada), { campaignId: first?.id, limit: 5 });
    expect(log.entries[0]).toMatchObject({
      source: "api",
      actor: { type: "api_key", label: expect.stringContaining("Reporting") },
    });
  });

  it("shows a read-only key's real 403 for a write, and stops once the key is revoked", async () => {
    const readOnly = await newKey(bo, "Dashboards", "read");
    const listed = await tryIt(bo, "list-campaigns");
    expect(listed.answer.status).toBe(200);
    for (const campaign of listed.body.data as Array<{ id: string }>) expect(campaignIdsOf(bo)).toContain(campaign.id);

    const refused = await tryIt(bo, "update-campaign");
    expect(refused.answer.status).toBe(403);
    expect((refused.body.error as { code: string }).code).toBe("forbidden");

    await services.apiKeys.revokeApiKey(personOf(bo), readOnly.apiKey.id);
    expect(await loadTryIt(bo)).toBeNull();
  });

  it("runs nothing for an analyst, who may not use the team's keys, and shows them the examples", async () => {
    await newKey(bo, "Member's view");
    const member = personOf(bo, "analyst");
    expect(await services.apiKeys.planApiTries(member)).toBeNull();
    const refused = await services.apiKeys
      .tryApiRequest(member, { endpointId: "list-campaigns", token: crypto.randomUUID() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
  });
});

describe("the API reference's model of the live OpenAPI document", () => {
  it("has the spec's four endpoints, with their parameters, bodies, examples and errors", () => {
    const reference = buildApiReference(services.publicApi.openApiDocument());
    const operations = reference.operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(operations).toEqual(
      expect.arrayContaining([
        "GET /api/v1/campaigns",
        "POST /api/v1/campaigns",
        "GET /api/v1/campaigns/{id}/metrics",
        "PUT /api/v1/campaigns/{id}",
      ]),
    );
    const find = (method: string, path: string) => {
      const found = reference.operations.find((operation) => operation.method === method && operation.path === path);
      if (!found) throw new Error(`no ${method} ${path}`);
      return found;
    };
    const list = find("GET", "/api/v1/campaigns");
    expect(list.isAuthenticated).toBe(true);
    expect(list.parameters.find((parameter) => parameter.name === "limit")).toMatchObject({
      location: "query",
      isRequired: false,
      type: "integer",
      constraints: expect.arrayContaining(["1 to 100"]),
    });

    const create = find("POST", "/api/v1/campaigns");
    const example = API_ENDPOINTS.find((endpoint) => endpoint.id === "create-campaign");
    expect(create.requestBody?.example).toEqual(example?.requestBody);
    expect(create.requestBody?.fields.find((field) => field.name === "name")).toMatchObject({
      isRequired: true,
      type: "string",
    });
    const budget = create.requestBody?.fields.find((field) => field.name === "daily_budget");
    expect(budget?.children.map((field) => field.name)).toEqual(["amount_minor", "currency"]);
    expect(create.parameters.find((parameter) => parameter.location === "header")?.name).toBe("Idempotency-Key");
    expect(create.responses.map((response) => response.status)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "404", "409", "422", "429"]),
    );

    const update = find("PUT", "/api/v1/campaigns/{id}");
    expect(update.parameters.find((parameter) => parameter.location === "path")).toMatchObject({
      name: "id",
      isRequired: true,
    });
    const unauthorized = update.responses.find((response) => response.status === "401");
    expect(unauthorized?.example).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect(unauthorized?.headers.map((header) => header.name)).toContain("WWW-Authenticate");
    expect(reference.statuses.map((entry) => entry.status)).toEqual(
      expect.arrayContaining(["200", "201", "400", "401", "403", "404", "409", "422", "429"]),
    );
  });
});
