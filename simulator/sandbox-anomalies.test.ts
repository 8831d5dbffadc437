import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { dayNumberOf } from "./market/calendar.ts";
import { buildTenantMarket } from "./market/catalogue.ts";
import { driftFactor } from "./market/model.ts";
import { addDays, findRunningCampaign, NOW, sum, TODAY, useMarketEngines } from "./market-engine-test-kit.ts";
import { sandboxAdminToken } from "./sandbox-app.ts";

const setUp = useMarketEngines();
const RANGE = { from: addDays(TODAY, -20), to: TODAY };

describe("injected anomalies", () => {
  it("multiply one campaign's spend, impressions and clicks on their days, and nothing else", async () => {
    const { engine, state } = await setUp();
    const { account, campaign } = await findRunningCampaign(engine, "org_a", "google-ads", 21);
    const before = await engine.dailyMetrics("org_a", "google-ads", account.id, RANGE);
    await state.addAnomaly({
      kind: "spend_spike",
      tenant: "org_a",
      platform: "google-ads",
      campaignExternalId: campaign.id,
      factor: 3,
      fromDate: addDays(TODAY, -3),
      toDate: addDays(TODAY, -2),
    });
    const after = await engine.dailyMetrics("org_a", "google-ads", account.id, RANGE);
    expect(after).toHaveLength(before.length);
    for (const [index, row] of after.entries()) {
      const original = before[index]!;
      const isSpiked =
        row.campaignId === campaign.id && row.date >= addDays(TODAY, -3) && row.date <= addDays(TODAY, -2);
      if (!isSpiked) {
        expect(row).toEqual(original);
        continue;
      }
      expect(row.spendMinor).toBe(Math.round(original.spendMinor * 3));
      expect(row.clicks).toBe(Math.round(original.clicks * 3));
      expect(row.impressions).toBe(Math.round(original.impressions * 3));
      expect(row.conversions).toBe(original.conversions);
    }
    // Another tenant and another platform see nothing of it.
    const other = await findRunningCampaign(engine, "org_b", "google-ads", 21);
    const otherRows = await engine.dailyMetrics("org_b", "google-ads", other.account.id, RANGE);
    await state.clearAnomalies();
    expect(await engine.dailyMetrics("org_b", "google-ads", other.account.id, RANGE)).toEqual(otherRows);
  });

  it("drop the conversions and their value of every campaign of a platform from a day on", async () => {
    const { engine, state } = await setUp();
    const account = engine.listAccounts("org_a", "facebook-ads")[0]!;
    const before = await engine.dailyMetrics("org_a", "facebook-ads", account.id, RANGE);
    await state.addAnomaly({
      kind: "conversion_drop",
      platform: "facebook-ads",
      factor: 0.2,
      fromDate: addDays(TODAY, -1),
    });
    const after = await engine.dailyMetrics("org_a", "facebook-ads", account.id, RANGE);
    const onDrop = (rows: typeof before) => rows.filter((row) => row.date >= addDays(TODAY, -1));
    expect(sum(onDrop(after), (row) => row.spendMinor)).toBe(sum(onDrop(before), (row) => row.spendMinor));
    expect(sum(onDrop(after), (row) => row.conversions)).toBeCloseTo(
      sum(onDrop(before), (row) => row.conversions) * 0.2,
      0,
    );
    const earlier = (rows: typeof before) => rows.filter((row) => row.date < addDays(TODAY, -1));
    expect(earlier(after)).toEqual(earlier(before));
  });
});

describe("drift", () => {
  it("wears about one campaign in six out: the same campaigns, a few percent more CPA a week, deterministically", () => {
    const market = buildTenantMarket("org_drift", undefined);
    const models = [...market.platforms.values()].flatMap((platform) => [...platform.campaignsById.values()]);
    const today = dayNumberOf(TODAY);
    const drifting = models.filter((model) => driftFactor(model, today) < 1 || driftFactor(model, today - 30) < 1);
    expect(drifting.length / models.length).toBeGreaterThan(0.08);
    expect(drifting.length / models.length).toBeLessThan(0.3);
    for (const model of drifting) {
      // Within a cycle each week is a little worse: conversions per spend fall 2–4% a week (CPA up).
      const weekly = driftFactor(model, today - 7) / driftFactor(model, today);
      if (weekly > 1) {
        expect(weekly).toBeGreaterThan(1.015);
        expect(weekly).toBeLessThan(1.045);
      }
      expect(driftFactor(model, today)).toBe(driftFactor(model, today));
    }
    const steady = models.filter((model) => !drifting.includes(model));
    expect(steady.every((model) => driftFactor(model, today) === 1)).toBe(true);
  });
});

describe("the admin API's anomalies", () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandboxServer({ platforms: {}, now: () => NOW });
  });
  afterAll(async () => {
    await server.close();
  });
  const headers = (token = sandboxAdminToken("sandbox-server-test-secret-0123456789abcdef")) => ({
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
  });
  const url = (path: string) => `${server.root}/_admin${path}`;

  it("refuses callers without the admin token", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await fetch(url("/anomalies"), { method, headers: headers("nope") });
      expect(response.status).toBe(401);
    }
  });

  it("adds (from the sandbox's yesterday by default), lists and clears anomalies", async () => {
    const added = await fetch(url("/anomalies"), {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ kind: "spend_spike", tenant: "org_x", platform: "google-ads", campaignExternalId: "42" }),
    });
    expect(added.status).toBe(201);
    const anomaly = (await added.json()) as { id: string };
    expect(anomaly).toMatchObject({ kind: "spend_spike", factor: 3, fromDate: addDays(TODAY, -1), toDate: null });
    await fetch(url("/anomalies"), {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ kind: "conversion_drop", tenant: "org_y", factor: 0.5, fromDate: "2026-02-01" }),
    });
    const listed = (await (await fetch(url("/anomalies?tenant=org_x"), { headers: headers() })).json()) as {
      anomalies: Array<{ id: string }>;
    };
    expect(listed.anomalies.map((entry) => entry.id)).toEqual([anomaly.id]);
    expect((await fetch(url(`/anomalies/${anomaly.id}`), { method: "DELETE", headers: headers() })).status).toBe(204);
    expect((await fetch(url(`/anomalies/${anomaly.id}`), { method: "DELETE", headers: headers() })).status).toBe(404);
    const cleared = await fetch(url("/anomalies"), { method: "DELETE", headers: headers() });
    expect(await cleared.json()).toEqual({ cleared: 1 });
  });

  it.each([
    { kind: "meltdown" },
    { kind: "spend_spike", factor: 0.5 },
    { kind: "conversion_drop", factor: 1.5 },
    { kind: "spend_spike", platform: "shopify" },
    { kind: "spend_spike", fromDate: "2026-02-30" },
    { kind: "spend_spike", fromDate: "2026-02-10", toDate: "2026-02-01" },
  ])("answers 400 invalid_request to %j", async (body) => {
    const response = await fetch(url("/anomalies"), { method: "POST", headers: headers(), body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
  });
});
