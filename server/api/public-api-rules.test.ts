/** The public API's rules: create, read, update, delete, preview, run and runs, against the OpenAPI document. */
import { describe, expect, it } from "vitest";
import { errorOf, usePublicApiSuite } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call, keys } = suite;

/** A rule as an API client writes it: snake_case, the API's platform names. */
function wireRule(campaignIds: string[], actions: unknown[] = [{ kind: "pause" }]) {
  return {
    scope: { platforms: ["google_ads"], ad_account_ids: [], campaigns: { kind: "list", campaign_ids: campaignIds } },
    conditions: {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [
            { metric: "clicks", operator: ">=", comparand: { kind: "value", value: 0 }, window: { kind: "today" } },
          ],
        },
      ],
    },
    minimum_data: [],
    lag: { exclude_immature_days: true, completeness_threshold: 0.9 },
    schedule: { kind: "daily", time: "08:00" },
    actions,
    guardrails: {
      cooldown_hours: 24,
      max_actions_per_run: 20,
      max_actions_per_day: 50,
      max_budget_change_percent_per_day: 50,
      max_budget_change_minor_per_day: null,
    },
  };
}

/** The organization's Google Ads campaigns that run (the sandbox paused or removed some long ago). */
async function liveCampaignIds(organizationId: string): Promise<string[]> {
  const organization = [suite.ada, suite.bo].find((item) => item.organizationId === organizationId)!;
  const rows = await suite.world.sandbox.db
    .selectFrom("campaigns")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("status", "=", "enabled")
    .where(
      "id",
      "in",
      organization.campaigns["google-ads"]!.map((campaign) => campaign.id),
    )
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

describe("/api/v1/rules", () => {
  it("creates a rule in preview, reads it back in the API's words, lists it and updates its status", async () => {
    const [campaignId] = await liveCampaignIds(suite.ada.organizationId);
    const created = await call("POST", "/api/v1/rules", {
      body: { name: "API stop-loss", definition: wireRule([campaignId!]) },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "API stop-loss",
      status: "preview",
      definition: {
        scope: { platforms: ["google_ads"], campaigns: { kind: "list", campaign_ids: [campaignId] } },
        schedule: { kind: "daily", time: "08:00" },
      },
      last_run: null,
    });
    const id = created.body.data.id as string;

    const listed = await call("GET", "/api/v1/rules");
    expect(listed.body.data.map((rule: { id: string }) => rule.id)).toContain(id);
    expect((await call("GET", `/api/v1/rules/${id}`)).body.data.id).toBe(id);

    const activated = await call("PUT", `/api/v1/rules/${id}`, { body: { status: "active" } });
    expect(activated.status).toBe(200);
    expect(activated.body.data.status).toBe("active");
  });

  it("previews, runs as the key and lists the runs; the change is logged with the rule as its author", async () => {
    const [, campaignId] = await liveCampaignIds(suite.ada.organizationId);
    const created = await call("POST", "/api/v1/rules", {
      body: { name: "API pause", definition: wireRule([campaignId!]) },
    });
    const id = created.body.data.id as string;
    await call("PUT", `/api/v1/rules/${id}`, { body: { status: "active" } });

    const preview = await call("POST", `/api/v1/rules/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.data.campaigns[0]).toMatchObject({
      campaign_id: campaignId,
      fired: true,
      actions: [{ kind: "pause", outcome: "would_apply" }],
    });

    const run = await call("POST", `/api/v1/rules/${id}/run`, { headers: { "Idempotency-Key": "run-once-1" } });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ trigger: "api", mode: "live", status: "succeeded" });
    const changeId = run.body.data.campaigns[0].actions[0].change_id as string;
    // The same key again: the first answer, not a second run.
    const replay = await call("POST", `/api/v1/rules/${id}/run`, { headers: { "Idempotency-Key": "run-once-1" } });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(run.body.data.id);

    const runs = await call("GET", `/api/v1/rules/${id}/runs`);
    expect(runs.body.data.map((item: { id: string }) => item.id)).toEqual([run.body.data.id]);
    const { entries } = await suite.world.campaigns.listChangeLog(suite.ada.actor, { campaignId });
    expect(entries[0]).toMatchObject({
      id: changeId,
      source: "rule",
      actor: { type: "system", label: "Rule “API pause”" },
    });
  });

  it("refuses an impossible rule with the field named in the API's words, and saves nothing", async () => {
    const [campaignId] = await liveCampaignIds(suite.ada.organizationId);
    const before = (await call("GET", "/api/v1/rules")).body.data.length;
    const refused = await call("POST", "/api/v1/rules", {
      body: {
        name: "Bad",
        definition: wireRule(
          [campaignId!],
          [{ kind: "change_budget", percent: 10, floor_minor: 9_000, ceiling_minor: 1_000 }],
        ),
      },
    });
    expect(refused.status).toBe(422);
    expect(errorOf(refused.body)).toEqual({
      code: "unprocessable_entity",
      message:
        "definition.actions.0.floor_minor: The floor is above the ceiling. Lower the floor or raise the ceiling.",
    });
    const unknown = await call("POST", "/api/v1/rules", { body: { name: "Bad", definition: wireRule([]) } });
    expect(errorOf(unknown.body).message).toBe(
      "definition.scope.campaigns.campaign_ids: Choose at least one campaign.",
    );
    expect((await call("GET", "/api/v1/rules")).body.data.length).toBe(before);
  });

  it("keeps rules to their organization: another key gets 404, a read-only key 403, no key 401", async () => {
    const [campaignId] = await liveCampaignIds(suite.ada.organizationId);
    const created = await call("POST", "/api/v1/rules", {
      body: { name: "Ada only", definition: wireRule([campaignId!]) },
    });
    const id = created.body.data.id as string;
    const bo = { key: keys.bo!.plaintext };
    expect((await call("GET", `/api/v1/rules/${id}`, bo)).status).toBe(404);
    expect((await call("POST", `/api/v1/rules/${id}/run`, bo)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/rules/${id}`, bo)).status).toBe(404);
    expect((await call("GET", "/api/v1/rules", bo)).body.data).toEqual([]);

    const readOnly = { key: keys.adaRead!.plaintext };
    expect((await call("GET", `/api/v1/rules/${id}`, readOnly)).status).toBe(200);
    expect((await call("POST", `/api/v1/rules/${id}/run`, readOnly)).status).toBe(403);
    expect((await call("DELETE", `/api/v1/rules/${id}`, readOnly)).status).toBe(403);
    expect((await call("GET", "/api/v1/rules", { key: null })).status).toBe(401);

    expect((await call("DELETE", `/api/v1/rules/${id}`)).status).toBe(204);
    expect((await call("GET", `/api/v1/rules/${id}`)).status).toBe(404);
  });
});
