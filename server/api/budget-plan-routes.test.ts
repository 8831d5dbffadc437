/** The public API's budget plan: read it, change its settings, read the month's pacing; per organization. */
import { describe, expect, it } from "vitest";
import { contractViolations } from "./openapi-contract.ts";
import { errorOf, ownerOf, usePublicApiSuite } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { keys } = suite;

/** One call, its answer checked against the published OpenAPI document. */
async function call(method: string, path: string, options: { key?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? keys.ada!.plaintext}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await suite.main.app.request(`http://app.test${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  expect(await contractViolations(suite.document, method, path, response.clone())).toEqual([]);
  return { status: response.status, body: await response.json() };
}

const setBudget = (organization: typeof suite.ada, monthlyBudget: string) =>
  suite.main.services.goals.setGoals(ownerOf(organization), {
    currency: "USD",
    form: { currency: "USD", goals: [{ scope: "organization", targetKind: "roas", targetRoas: "3", monthlyBudget }] },
  });

describe("/api/v1/budget-plan", () => {
  it("reads the plan with its goal, groups and bounds in the API's words", async () => {
    await setBudget(suite.ada, "12000");
    // A campaign that runs (the sandbox removed some long ago).
    const campaign = await suite.world.sandbox.db
      .selectFrom("campaigns")
      .select("id")
      .where("organization_id", "=", suite.ada.organizationId)
      .where("status", "!=", "removed")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const budgets = suite.main.services.budgets;
    await budgets.saveBudgetGroup(ownerOf(suite.ada), {
      name: "Meta",
      kind: "platform",
      platform: "facebook-ads",
      maxMonthly: "4000",
    });
    await budgets.setCampaignBudgetBounds(ownerOf(suite.ada), {
      bounds: [{ campaignId: campaign.id, minDaily: "10", maxDaily: "" }],
    });
    const { status, body } = await call("GET", "/api/v1/budget-plan");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      currency: "USD",
      monthly_budget_minor: 1_200_000,
      target: { kind: "roas", value: 3 },
      objective: "conversions",
      max_daily_change: 0.3,
      groups: [
        { name: "Meta", kind: "platform", platform: "meta", max_monthly_minor: 400_000, min_monthly_minor: null },
      ],
      bounds: [{ campaign_id: campaign.id, min_daily_minor: 1_000, max_daily_minor: null }],
    });
    expect(body.data.groups[0].campaign_ids.sort()).toEqual(
      suite.ada.campaigns["facebook-ads"]!.map((item) => item.id).sort(),
    );
  });

  it("changes the settings sent and keeps the others, for a key that may write", async () => {
    const changed = await call("PUT", "/api/v1/budget-plan", {
      body: { objective: "revenue", max_daily_change: 0.2, rebalance_daily: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      objective: "revenue",
      max_daily_change: 0.2,
      rebalance_daily: true,
      pacing_curve: "even",
      exploration_share: 0.05,
    });
    expect((await call("GET", "/api/v1/budget-plan")).body.data.objective).toBe("revenue");
  });

  it("names the field of a refused setting, and refuses a read-only key", async () => {
    const refused = await call("PUT", "/api/v1/budget-plan", { body: { max_daily_change: 2 } });
    expect(refused.status).toBe(422);
    expect(errorOf(refused.body).message).toBe(
      "max_daily_change: The largest daily change is a percentage from 5% to 100%.",
    );
    const unknown = await call("PUT", "/api/v1/budget-plan", { body: { aggressiveness: 11 } });
    expect(unknown.status).toBe(422);
    const readOnly = await call("PUT", "/api/v1/budget-plan", {
      key: keys.adaRead!.plaintext,
      body: { objective: "conversions" },
    });
    expect(readOnly.status).toBe(403);
    expect((await call("GET", "/api/v1/budget-plan", { key: keys.adaRead!.plaintext })).body.data.objective).toBe(
      "revenue",
    );
  });

  it("reads the month's pacing", async () => {
    const { status, body } = await call("GET", "/api/v1/budget-plan/pacing", { key: keys.adaRead!.plaintext });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ currency: "USD", curve: "even", plan: { budget_minor: 1_200_000 } });
    expect(body.data.plan.days).toHaveLength(body.data.days_in_month);
    expect(["on_track", "under", "over"]).toContain(body.data.plan.status);
    expect(body.data.groups).toEqual([expect.objectContaining({ name: "Meta", max_monthly_minor: 400_000 })]);
  });

  it("keeps each organization to its own plan", async () => {
    const bo = keys.bo!.plaintext;
    const before = await call("GET", "/api/v1/budget-plan", { key: bo });
    expect(before.body.data).toMatchObject({ currency: null, monthly_budget_minor: null, groups: [], bounds: [] });
    expect((await call("PUT", "/api/v1/budget-plan", { key: bo, body: { objective: "conversions" } })).status).toBe(
      200,
    );
    expect((await call("GET", "/api/v1/budget-plan")).body.data).toMatchObject({
      objective: "revenue",
      groups: [expect.objectContaining({ name: "Meta" })],
    });
    const pacing = await call("GET", "/api/v1/budget-plan/pacing", { key: bo });
    expect(pacing.body.data).toMatchObject({ currency: null, plan: null, groups: [] });
  });
});
