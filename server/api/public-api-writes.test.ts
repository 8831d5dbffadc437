/** The public API's writes: creating and updating campaigns on their platforms, and Idempotency-Key. */
import { describe, expect, it } from "vitest";
import { errorOf, googleCampaignOf, usePublicApiSuite } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call, keys } = suite;

describe("POST /api/v1/campaigns", () => {
  it("creates the campaign on its platform and logs it with the key as the author", async () => {
    const account = googleCampaignOf(suite.ada).adAccountId;
    const created = await call("POST", "/api/v1/campaigns", {
      body: {
        name: "API launch",
        platform: "google_ads",
        ad_account_id: account,
        daily_budget: { amount_minor: 2_500, currency: "USD" },
        status: "paused",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "API launch",
      platform: "google_ads",
      ad_account_id: account,
      status: "paused",
      daily_budget: { amount_minor: 2_500, currency: "USD" },
    });
    const stored = await suite.world.deps.campaigns.findForChange(suite.ada.organizationId, created.body.data.id);
    expect(await suite.world.platformCampaign(suite.ada, "google-ads", stored!.externalId)).toMatchObject({
      name: "API launch",
      status: "paused",
      dailyBudgetMinor: 2_500,
    });
    const { entries } = await suite.world.campaigns.listChangeLog(suite.ada.actor, {
      campaignId: created.body.data.id,
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "create",
        source: "api",
        actor: { type: "api_key", id: keys.ada!.id, label: "API key “Reporting”" },
      }),
    ]);
  });

  it("refuses a currency or platform that is not the ad account's (422) and a budget the platform refuses (409)", async () => {
    const account = googleCampaignOf(suite.ada).adAccountId;
    const body = {
      name: "Wrong",
      platform: "google_ads",
      ad_account_id: account,
      daily_budget: { amount_minor: 2_500, currency: "EUR" },
      status: "paused",
    };
    const currency = await call("POST", "/api/v1/campaigns", { body });
    expect(currency.status).toBe(422);
    expect(errorOf(currency.body)).toEqual({
      code: "unprocessable_entity",
      message: "daily_budget.currency must be the ad account's currency, USD (got EUR).",
    });
    const platform = await call("POST", "/api/v1/campaigns", {
      body: { ...body, platform: "meta", daily_budget: { amount_minor: 2_500, currency: "USD" } },
    });
    expect(platform.status).toBe(422);
    expect(errorOf(platform.body).message).toBe("platform is meta, but this ad account is on google_ads.");
    const refused = await call("POST", "/api/v1/campaigns", {
      body: { ...body, daily_budget: { amount_minor: 50, currency: "USD" } },
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^The platform refused/),
    });
  });
});

describe("PUT /api/v1/campaigns/{id}", () => {
  it("pushes the change to the platform and writes the change log with the key as the author", async () => {
    const campaign = suite.ada.campaigns["facebook-ads"]![1]!;
    const updated = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { name: "Renamed by API", status: "paused", daily_budget: { amount_minor: 4_200, currency: "USD" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: campaign.id,
      name: "Renamed by API",
      status: "paused",
      daily_budget: { amount_minor: 4_200, currency: "USD" },
      updated_at: expect.any(String),
    });
    expect(await suite.world.platformCampaign(suite.ada, "facebook-ads", campaign.externalId)).toMatchObject({
      name: "Renamed by API",
      status: "paused",
      dailyBudgetMinor: 4_200,
    });
    const { entries } = await suite.world.campaigns.listChangeLog(suite.ada.actor, {
      campaignId: campaign.id,
    });
    expect(entries[0]).toMatchObject({
      source: "api",
      actor: { type: "api_key", id: keys.ada!.id, label: "API key “Reporting”" },
      after: { name: "Renamed by API", status: "paused", dailyBudgetMinor: 4_200 },
      outcome: "succeeded",
    });

    const empty = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { body: {} });
    expect(empty.status).toBe(422);
    expect(errorOf(empty.body).message).toBe("Send at least one of name, status and daily_budget.");
    const unknownField = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { body: { budget: 10 } });
    expect(errorOf(unknownField.body)).toEqual({ code: "unprocessable_entity", message: "Unknown field: budget." });
    const badBudget = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { daily_budget: { amount_minor: 12.5, currency: "USD" } },
    });
    expect(errorOf(badBudget.body).message).toBe(
      "daily_budget.amount_minor must be a whole number of minor units (cents).",
    );
    const currency = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { daily_budget: { amount_minor: 1_000, currency: "GBP" } },
    });
    expect(errorOf(currency.body).message).toBe(
      "daily_budget.currency must be the campaign's currency, USD (got GBP).",
    );
  });
});

describe("Idempotency-Key", () => {
  const body = (name: string) => ({
    name,
    platform: "google_ads",
    ad_account_id: googleCampaignOf(suite.ada).adAccountId,
    daily_budget: { amount_minor: 3_000, currency: "USD" },
    status: "paused",
  });
  const countCampaigns = async (name: string) =>
    (await suite.world.sandbox.db.selectFrom("campaigns").select("id").where("name", "=", name).execute()).length;

  it("replays the first answer, refuses the key with another request, and keeps keys per organization", async () => {
    const headers = { "idempotency-key": "launch-0001" };
    const first = await call("POST", "/api/v1/campaigns", { body: body("Idempotent launch"), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const replay = await call("POST", "/api/v1/campaigns", {
      rawBody: JSON.stringify(body("Idempotent launch"), null, 2),
      headers,
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await countCampaigns("Idempotent launch")).toBe(1);

    const otherBody = await call("POST", "/api/v1/campaigns", { body: body("Another launch"), headers });
    expect(otherBody.status).toBe(422);
    expect(errorOf(otherBody.body).code).toBe("idempotency_key_reused");
    const otherPath = await call("PUT", `/api/v1/campaigns/${first.body.data.id}`, { body: { name: "x" }, headers });
    expect(errorOf(otherPath.body).code).toBe("idempotency_key_reused");
    expect(await countCampaigns("Another launch")).toBe(0);

    // The same key in another organization is that organization's own.
    const boBody = { ...body("Bo's launch"), ad_account_id: googleCampaignOf(suite.bo).adAccountId };
    const boFirst = await call("POST", "/api/v1/campaigns", { key: keys.bo!.plaintext, body: boBody, headers });
    expect(boFirst.status).toBe(201);

    // A refusal (4xx) is kept and replays as it was.
    const refusedHeaders = { "idempotency-key": "too-small-0001" };
    const tooSmall = { ...body("Too small"), daily_budget: { amount_minor: 50, currency: "USD" } };
    const refused = await call("POST", "/api/v1/campaigns", { body: tooSmall, headers: refusedHeaders });
    expect(refused.status).toBe(409);
    const refusedAgain = await call("POST", "/api/v1/campaigns", { body: tooSmall, headers: refusedHeaders });
    expect(refusedAgain).toMatchObject({ status: 409, body: refused.body });
    expect(refusedAgain.headers.get("idempotent-replayed")).toBe("true");

    const badKey = await call("POST", "/api/v1/campaigns", { body: body("x"), headers: { "idempotency-key": "" } });
    expect(badKey.status).toBe(400);
  });

  it("answers 409 to a second request while the first still runs", async () => {
    await suite.world.sandbox.setFault({ kind: "slow", platform: "google-ads", delayMs: 600, remaining: 1 });
    const headers = { "idempotency-key": "slow-launch-0001" };
    const [first, second] = await Promise.all([
      call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers }),
      new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers }),
      ),
    ]);
    await suite.world.sandbox.clearFaults();
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(errorOf(second.body).code).toBe("idempotency_key_in_use");
    expect(await countCampaigns("Slow launch")).toBe(1);
    const after = await call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers });
    expect(after).toMatchObject({ status: 201, body: first.body });
  });
});
