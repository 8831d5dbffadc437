/**
 * The rules screens' HTTP side, in process through their route modules: saving an impossible rule
 * answers with each field's message in the reader's language and saves nothing; a valid one is
 * saved in Preview mode and activated only when asked; another organization's rule does not exist
 * for Grace; the organization-wide switch; and the campaigns table's labels (set, listed, and never
 * on another organization's campaigns) and the editor's campaign search.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as preferencesRoute from "#app/routes/app/preferences.tsx";
import * as ruleEditorRoute from "#app/routes/app/rule-editor.tsx";
import * as ruleRunRoute from "#app/routes/app/rule-run.tsx";
import * as rulesRoute from "#app/routes/app/rules.tsx";
import * as campaignLabelsRoute from "#app/routes/resources/campaign-labels.ts";
import * as campaignSearchRoute from "#app/routes/resources/rule-campaign-search.ts";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { ruleTemplate } from "#core/rules/rule-templates.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let ada: { cookie: string; organizationId: string; campaignIds: string[] };
let grace: { cookie: string; organizationId: string; campaignIds: string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "rules-routes-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/rules", module: rulesRoute },
    { path: "/rules/campaign-search", module: campaignSearchRoute },
    { path: "/rules/new", module: ruleEditorRoute },
    { path: "/rules/:ruleId", module: ruleEditorRoute },
    { path: "/rules/:ruleId/runs/:runId", module: ruleRunRoute },
    { path: "/campaigns/labels", module: campaignLabelsRoute },
    { path: "/preferences", module: preferencesRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  ada = await signUpWithCampaigns("ada", ["Brand search", "Prospecting EU"]);
  grace = await signUpWithCampaigns("grace", ["Grace brand"]);
}, 60_000);

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signUpWithCampaigns(name: string, campaignNames: string[]) {
  const email = `${name}-${Date.now()}@example.com`;
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const { organizationId } = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select("member.organizationId")
    .executeTakeFirstOrThrow();
  await seedConnection(database.db, {
    organizationId,
    platform: "google-ads",
    campaigns: campaignNames.map(() => ({ spend: {} })),
  });
  const campaigns = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", organizationId)
    .select("id")
    .orderBy("external_id")
    .execute();
  for (const [index, campaign] of campaigns.entries())
    await database.db
      .updateTable("campaigns")
      .set({ name: campaignNames[index] ?? "" })
      .where("id", "=", campaign.id)
      .execute();
  return { cookie, organizationId, campaignIds: campaigns.map((campaign) => campaign.id) };
}

async function post(route: string, body: unknown, cookie?: string) {
  const response = await app.request(`${route}.data`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(route: string, cookie: string) {
  const response = await app.request(route, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rulesOf = (organizationId: string) =>
  database.db.selectFrom("rules").where("organization_id", "=", organizationId).selectAll().execute();

const stopLoss = () => ruleTemplate("stop_loss").definition;

describe("saving a rule", () => {
  it("answers an impossible rule with each field's message, in the reader's language, and saves nothing", async () => {
    const impossible = {
      ...stopLoss(),
      actions: [{ kind: "change_budget", percent: 20, floorMinor: 50_000, ceilingMinor: 10_000 }],
    };
    const refused = await post(
      "/rules",
      { intent: "save", ruleId: null, name: "Scale", definition: impossible },
      ada.cookie,
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      ok: false,
      intent: "save",
      fieldErrors: {
        "definition.actions.0.floorMinor": "The floor is above the ceiling. Lower the floor or raise the ceiling.",
      },
    });

    const unknownMetric = structuredClone(stopLoss()) as unknown as {
      conditions: { groups: Array<{ conditions: Array<{ metric: string }> }> };
    };
    const first = unknownMetric.conditions.groups[0]?.conditions[0];
    if (first) first.metric = "happiness";
    await post("/preferences", { ...DEFAULT_PREFERENCES, language: "de" }, ada.cookie);
    const german = await post(
      "/rules",
      { intent: "save", ruleId: null, name: "", definition: unknownMetric },
      ada.cookie,
    );
    await post("/preferences", DEFAULT_PREFERENCES, ada.cookie);
    expect(german.status).toBe(422);
    expect(german.body).toMatchObject({
      fieldErrors: {
        name: "Geben Sie einen Namen für die Regel ein.",
        "definition.conditions.groups.0.conditions.0.metric": "Wählen Sie eine Kennzahl aus der Liste.",
      },
    });
    expect(await rulesOf(ada.organizationId)).toEqual([]);
  });

  it("saves a valid rule in Preview mode, and activates it only when asked", async () => {
    const saved = await post(
      "/rules",
      { intent: "save", ruleId: null, name: "Stop-loss", definition: stopLoss(), template: "stop_loss" },
      ada.cookie,
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { ok: true, intent: "save", isNew: true, toast: { title: "Rule saved in Preview mode" } },
    });
    const ruleId = String(saved.body.ruleId);
    expect((await rulesOf(ada.organizationId)).map((rule) => [rule.id, rule.status])).toEqual([[ruleId, "preview"]]);

    const activated = await post("/rules", { intent: "status", ruleId, status: "active" }, ada.cookie);
    expect(activated.body).toMatchObject({ ok: true, toast: { title: "Rule activated", description: "Stop-loss" } });
    expect((await rulesOf(ada.organizationId)).map((rule) => rule.status)).toEqual(["active"]);

    const renamed = await post(
      "/rules",
      { intent: "save", ruleId, name: "Stop-loss (EU)", definition: stopLoss() },
      ada.cookie,
    );
    expect(renamed.body).toMatchObject({ ok: true, isNew: false, toast: { title: "Rule saved" } });
    expect((await rulesOf(ada.organizationId)).map((rule) => rule.name)).toEqual(["Stop-loss (EU)"]);
  });

  it("does not let Grace see, change or delete Ada's rule, nor anyone signed out", async () => {
    const [rule] = await rulesOf(ada.organizationId);
    if (!rule) throw new Error("Ada has a rule");
    const before = await rulesOf(ada.organizationId);
    for (const request of [
      { intent: "status", ruleId: rule.id, status: "paused" },
      { intent: "delete", ruleId: rule.id },
      { intent: "save", ruleId: rule.id, name: "Mine now", definition: stopLoss() },
    ]) {
      const refused = await post("/rules", request, grace.cookie);
      expect(refused.status, request.intent).toBe(404);
      expect(refused.body).toMatchObject({ ok: false, message: "There is no such rule in your organization." });
      expect((await post("/rules", request)).status, request.intent).toBe(401);
    }
    expect(await rulesOf(ada.organizationId)).toEqual(before);
    expect((await get(`/rules/${rule.id}`, grace.cookie)).status).toBe(404);
  });

  it("lists the rule and opens each tab of its page; a template opens the editor filled in", async () => {
    const [rule] = await rulesOf(ada.organizationId);
    const list = await get("/rules", ada.cookie);
    expect(list.body).toMatchObject({
      rules: [{ id: rule?.id, name: "Stop-loss (EU)", status: "active" }],
      canManage: true,
      canRun: true,
      currency: "USD",
    });
    const editor = await get(`/rules/${rule?.id}`, ada.cookie);
    expect(editor.body).toMatchObject({ kind: "rule", tab: "editor", rule: { id: rule?.id } });
    expect((editor.body.knownCampaigns as Array<{ name: string }>).map((campaign) => campaign.name).sort()).toEqual([
      "Brand search",
      "Prospecting EU",
    ]);
    const preview = await get(`/rules/${rule?.id}?tab=preview`, ada.cookie);
    expect(preview.body).toMatchObject({ tab: "preview", preview: { counts: { inScope: 2 } } });
    const backtest = await get(`/rules/${rule?.id}?tab=backtest&days=14`, ada.cookie);
    expect(backtest.body).toMatchObject({
      tab: "backtest",
      backtest: { days: 14, result: { estimate: { isEstimate: true } } },
    });
    const runs = await get(`/rules/${rule?.id}?tab=runs`, ada.cookie);
    expect(runs.body).toMatchObject({ tab: "runs", runs: { runs: [], olderHref: null } });

    const fromTemplate = await get("/rules/new?template=stop_loss", ada.cookie);
    expect(fromTemplate.body).toMatchObject({ kind: "new", template: "stop_loss", definition: stopLoss() });
  });

  it("runs a rule now and shows the run with every campaign in scope, to Ada only", async () => {
    const [rule] = await rulesOf(ada.organizationId);
    const ran = await post("/rules", { intent: "run", ruleId: rule?.id }, ada.cookie);
    expect(ran.body).toMatchObject({
      ok: true,
      intent: "run",
      run: { trigger: "run_now", counts: { inScope: 2 } },
      toast: { title: "Run finished" },
    });
    const runId = String((ran.body.run as { id: string }).id);
    const page = await get(`/rules/${rule?.id}/runs/${runId}`, ada.cookie);
    expect(page.body).toMatchObject({ rule: { id: rule?.id }, run: { id: runId } });
    expect(
      (page.body.run as { campaigns: Array<{ campaignName: string }> }).campaigns.map((c) => c.campaignName).sort(),
    ).toEqual(["Brand search", "Prospecting EU"]);
    expect((await get(`/rules/${rule?.id}?tab=runs`, ada.cookie)).body).toMatchObject({
      runs: { runs: [{ id: runId }] },
    });
    expect((await get(`/rules/${rule?.id}/runs/${runId}`, grace.cookie)).status).toBe(404);
  });

  it("deletes a rule", async () => {
    const [rule] = await rulesOf(ada.organizationId);
    const deleted = await post("/rules", { intent: "delete", ruleId: rule?.id }, ada.cookie);
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: "Rule deleted" } });
    expect(await rulesOf(ada.organizationId)).toEqual([]);
  });

  it("pauses and resumes all automation for the organization only", async () => {
    const paused = await post("/rules", { intent: "automation", paused: true }, ada.cookie);
    expect(paused.body).toMatchObject({ ok: true, toast: { title: "All automation paused" } });
    expect((await get("/rules", ada.cookie)).body).toMatchObject({ automation: { paused: true } });
    // Grace's organization is not paused.
    expect((await get("/rules", grace.cookie)).body).toMatchObject({ automation: { paused: false } });
    const resumed = await post("/rules", { intent: "automation", paused: false }, ada.cookie);
    expect(resumed.body).toMatchObject({ ok: true, toast: { title: "Automation resumed" } });
  });

  it("refuses a body it cannot read", async () => {
    const refused = await post("/rules", { intent: "launch-missiles" }, ada.cookie);
    expect(refused).toMatchObject({ status: 400, body: { ok: false, intent: "unknown" } });
  });
});

describe("labels from the campaigns table", () => {
  it("adds a label to chosen campaigns, lists it, and never touches another organization's campaigns", async () => {
    const [brand] = ada.campaignIds;
    const added = await post(
      "/campaigns/labels",
      { campaignIds: [brand, ...grace.campaignIds], add: ["brand"], remove: [] },
      ada.cookie,
    );
    expect(added).toMatchObject({
      status: 200,
      body: { ok: true, title: "Label added", description: "1 campaign updated." },
    });
    expect((await get("/campaigns/labels", ada.cookie)).body).toEqual({ labels: ["brand"] });
    expect((await get("/campaigns/labels", grace.cookie)).body).toEqual({ labels: [] });

    const removed = await post("/campaigns/labels", { campaignIds: [brand], add: [], remove: ["brand"] }, ada.cookie);
    expect(removed.body).toMatchObject({ ok: true, title: "Label removed" });
    expect((await get("/campaigns/labels", ada.cookie)).body).toEqual({ labels: [] });
  });

  it("refuses a label with a comma next to the field", async () => {
    const refused = await post(
      "/campaigns/labels",
      { campaignIds: ada.campaignIds, add: ["brand, search"], remove: [] },
      ada.cookie,
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      ok: false,
      fieldErrors: { "add.0": "A label has no commas or control characters." },
    });
  });
});

describe("the editor's campaign search", () => {
  it("finds the organization's campaigns by part of their name", async () => {
    const found = await get("/rules/campaign-search?q=brand", ada.cookie);
    expect(found.body).toEqual({
      campaigns: [expect.objectContaining({ id: ada.campaignIds[0], name: "Brand search", platform: "google-ads" })],
    });
    const all = await get("/rules/campaign-search", grace.cookie);
    expect((all.body.campaigns as Array<{ id: string }>).map((campaign) => campaign.id)).toEqual(grace.campaignIds);
  });
});
