/** The public API's access: errors, keys, rate and usage limits, usage counting and isolation between organizations. */
import { describe, expect, it } from "vitest";
import { createApiUsageRepository } from "#core/api-usage/api-usage-repository.ts";
import { usagePeriodOf } from "#core/api-usage/meter-api-calls.ts";
import {
  errorOf,
  googleCampaignOf,
  idsOf,
  ownerOf,
  usePublicApiSuite,
  type WireCampaign,
} from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call, keys, newKey, startApp } = suite;

describe("errors", () => {
  it("answers 400 for malformed JSON, a body that is not JSON and a bad cursor", async () => {
    const campaign = googleCampaignOf(suite.ada);
    const malformed = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { rawBody: '{"name": "x"' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body)).toEqual({ code: "bad_request", message: "The request body is not valid JSON." });
    const form = await call("POST", "/api/v1/campaigns", {
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    const cursor = await call("GET", "/api/v1/campaigns?cursor=not-a-cursor");
    expect(cursor.status).toBe(400);
    expect(errorOf(cursor.body).code).toBe("bad_request");
  });

  it("answers 401 for a missing, unknown, malformed, revoked or expired key, each saying which", async () => {
    const missing = await call("GET", "/api/v1/campaigns", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="Adhelm API"');
    expect(errorOf(missing.body).message).toMatch(/needs an API key/);
    const unknown = await call("GET", "/api/v1/campaigns", { key: `adh_${"x".repeat(43)}` });
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect(errorOf(unknown.body).message).toMatch(/not valid/);
    const basic = await call("GET", "/api/v1/campaigns", { key: null, headers: { authorization: "Basic abc" } });
    expect(errorOf(basic.body).message).toBe("Send the key as Authorization: Bearer <key>.");

    const revoked = await newKey(suite.ada, "Old");
    expect((await call("GET", "/api/v1/campaigns", { key: revoked.plaintext })).status).toBe(200);
    await suite.main.services.apiKeys.revokeApiKey(ownerOf(suite.ada), revoked.id);
    const afterRevoke = await call("GET", "/api/v1/campaigns", { key: revoked.plaintext });
    expect(afterRevoke.status).toBe(401);
    expect(errorOf(afterRevoke.body).message).toMatch(/was revoked/);

    const expired = await newKey(suite.ada, "Expired");
    await suite.world.sandbox.db
      .updateTable("api_keys")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const afterExpiry = await call("GET", "/api/v1/campaigns", { key: expired.plaintext });
    expect(afterExpiry.status).toBe(401);
    expect(errorOf(afterExpiry.body).message).toMatch(/^This API key expired on \d{4}-\d{2}-\d{2}\./);
    for (const answer of [missing, unknown, afterRevoke, afterExpiry])
      expect(errorOf(answer.body).code).toBe("unauthorized");
  });

  it("answers 403 when a read-only key writes, 404 for an unknown campaign and 422 for a bad parameter", async () => {
    const campaign = googleCampaignOf(suite.ada);
    const readOnlyList = await call("GET", "/api/v1/campaigns", { key: keys.adaRead!.plaintext });
    expect(readOnlyList.status).toBe(200);
    for (const [method, path] of [
      ["PUT", `/api/v1/campaigns/${campaign.id}`],
      ["POST", "/api/v1/campaigns"],
    ] as const) {
      const refused = await call(method, path, { key: keys.adaRead!.plaintext, body: { name: "Nope" } });
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body)).toEqual({
        code: "forbidden",
        message: "This API key is read-only. Use a key with read and write access to change campaigns.",
      });
    }
    // Refused before anything ran: the campaign keeps its name and the log has nothing of the key.
    expect((await suite.world.deps.campaigns.findSummary(suite.ada.organizationId, campaign.id))?.name).not.toBe(
      "Nope",
    );
    const { entries } = await suite.world.campaigns.listChangeLog(suite.ada.actor, { limit: 200 });
    expect(entries.filter((entry) => entry.actor.id === keys.adaRead!.id)).toEqual([]);
    const missing = await call("GET", "/api/v1/campaigns/no-such-campaign");
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toEqual({ code: "not_found", message: "There is no campaign with this id." });
    const limit = await call("GET", "/api/v1/campaigns?limit=500");
    expect(limit.status).toBe(422);
    expect(errorOf(limit.body).message).toBe("limit must be from 1 to 100.");
    const status = await call("GET", "/api/v1/campaigns?status=running");
    expect(errorOf(status.body).message).toBe("status must be a comma-separated list of active, paused, removed.");
    const range = await call("GET", `/api/v1/campaigns/${campaign.id}/metrics?from=2026-02-10&to=2026-02-01`);
    expect(errorOf(range.body).message).toBe("from must not be after to.");
    const missingField = await call("POST", "/api/v1/campaigns", {
      body: { platform: "google_ads", ad_account_id: "x", daily_budget: { amount_minor: 100, currency: "USD" } },
    });
    expect(errorOf(missingField.body).message).toBe("name is required.");
    const unknownPath = await call("GET", "/api/v1/nothing-here");
    expect(unknownPath.status).toBe(404);
  });

  it("answers 429 with Retry-After at the per-minute limit and at the plan's monthly limit", async () => {
    const limited = startApp({ API_RATE_LIMIT_PER_MINUTE: "2" });
    const carla = await suite.world.connectOrganization([], "Carla");
    const key = await newKey(carla, "Busy");
    const first = await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(first.headers.get("ratelimit-policy")).toMatch(/^2;w=60, 100000;w=\d+$/);
    await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    const refused = await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");

    // On the Starter plan with 9,999 of its 10,000 calls used this month: one more, then 429.
    await suite.world.sandbox.db
      .updateTable("organization")
      .set({ plan_id: "starter" })
      .where("id", "=", suite.bo.organizationId)
      .execute();
    // The plan that counts is the subscription's (billing), when the organization has one.
    await suite.world.sandbox.db
      .updateTable("subscriptions")
      .set({ plan_id: "starter" })
      .where("organization_id", "=", suite.bo.organizationId)
      .execute();
    await createApiUsageRepository(suite.world.sandbox.db).addCalls([
      { organizationId: suite.bo.organizationId, period: usagePeriodOf(Date.now()), calls: 9_999 },
    ]);
    const fresh = startApp();
    const last = await call("GET", "/api/v1/campaigns", { key: keys.bo!.plaintext, app: fresh.app });
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit-limit")).toBe("10000");
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    const over = await call("GET", "/api/v1/campaigns", { key: keys.bo!.plaintext, app: fresh.app });
    expect(over.status).toBe(429);
    expect(errorOf(over.body)).toMatchObject({
      code: "usage_limit_exceeded",
      message: expect.stringMatching(/10,000/),
    });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    await fresh.services.publicApi.flush();
    await suite.world.sandbox.db
      .updateTable("organization")
      .set({ plan_id: "professional" })
      .where("id", "=", suite.bo.organizationId)
      .execute();
    // The plan that counts is the subscription's (billing), when the organization has one.
    await suite.world.sandbox.db
      .updateTable("subscriptions")
      .set({ plan_id: "professional" })
      .where("organization_id", "=", suite.bo.organizationId)
      .execute();
    await suite.world.sandbox.db
      .deleteFrom("api_usage")
      .where("organization_id", "=", suite.bo.organizationId)
      .execute();
  });
});

describe("rate-limit headers and usage", () => {
  it("sends RateLimit headers on every answer, counts calls in memory and writes them in batches", async () => {
    const dana = await suite.world.connectOrganization([], "Dana");
    const key = await newKey(dana, "Counter");
    const usage = () =>
      createApiUsageRepository(suite.world.sandbox.db).countCalls(dana.organizationId, usagePeriodOf(Date.now()));
    const answers = [
      await call("GET", "/api/v1/campaigns", { key: key.plaintext }),
      await call("GET", "/api/v1/campaigns/nope", { key: key.plaintext }),
      await call("GET", "/api/v1/campaigns?limit=0", { key: key.plaintext }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 422]);
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit-limit")).toBe("600");
      expect(answer.headers.get("ratelimit-policy")).toMatch(/^600;w=60, 100000;w=\d+$/);
    }
    expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["599", "598", "597"]);
    const anonymous = await call("GET", "/api/v1/campaigns", { key: null });
    expect(anonymous.headers.get("ratelimit-limit")).toBe("600");
    expect(anonymous.headers.get("ratelimit-policy")).toBe("600;w=60");

    // Nothing is written per request...
    expect(await usage()).toBe(0);
    expect(
      (
        await suite.main.services.database.db
          .selectFrom("api_keys")
          .select("last_used_at")
          .where("id", "=", key.id)
          .executeTakeFirst()
      )?.last_used_at,
    ).toBeNull();
    // ...until the batch (every second, and at shutdown).
    await suite.main.services.publicApi.flush();
    expect(await usage()).toBe(3);
    const stored = await suite.main.services.database.db
      .selectFrom("api_keys")
      .select("last_used_at")
      .where("id", "=", key.id)
      .executeTakeFirst();
    expect(stored?.last_used_at).not.toBeNull();
  });
});

describe("isolation", () => {
  it("shows each organization only its own data on every endpoint, and nothing without a key", async () => {
    const adaCampaign = googleCampaignOf(suite.ada);
    const boKey = keys.bo!.plaintext;
    const boList = await call("GET", "/api/v1/campaigns?limit=100", { key: boKey });
    const boIds = (boList.body.data as WireCampaign[]).map((campaign) => campaign.id);
    expect(boIds.length).toBeGreaterThan(0);
    expect(boIds.some((id) => idsOf(suite.ada).includes(id))).toBe(false);
    const searchAcross = await call("GET", `/api/v1/campaigns?ad_account_id=${adaCampaign.adAccountId}`, {
      key: boKey,
    });
    expect(searchAcross.body.data).toEqual([]);

    const foreign = [
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}`, { key: boKey }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}/metrics`, { key: boKey }),
      await call("PUT", `/api/v1/campaigns/${adaCampaign.id}`, { key: boKey, body: { name: "Taken over" } }),
      await call("POST", "/api/v1/campaigns", {
        key: boKey,
        body: {
          name: "Planted",
          platform: "google_ads",
          ad_account_id: adaCampaign.adAccountId,
          daily_budget: { amount_minor: 2_000, currency: "USD" },
          status: "paused",
        },
      }),
    ];
    expect(foreign.map((answer) => [answer.status, errorOf(answer.body).code])).toEqual(
      foreign.map(() => [404, "not_found"]),
    );
    expect(JSON.stringify(foreign)).not.toContain(adaCampaign.adAccountId);
    expect((await suite.world.deps.campaigns.findForChange(suite.ada.organizationId, adaCampaign.id))?.name).not.toBe(
      "Taken over",
    );

    const anonymous = [
      await call("GET", "/api/v1/campaigns", { key: null }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}`, { key: null }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}/metrics`, { key: null }),
      await call("PUT", `/api/v1/campaigns/${adaCampaign.id}`, { key: null, body: { name: "Anonymous" } }),
      await call("POST", "/api/v1/campaigns", { key: null, body: { name: "Anonymous" } }),
    ];
    expect(anonymous.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it("runs a member's request as their organization's chosen key (requestAs), and only that", async () => {
    const request = () => new Request("http://app.test/api/v1/campaigns?limit=100");
    const asAda = await suite.main.services.publicApi.requestAs(
      { organizationId: suite.ada.organizationId, apiKeyId: keys.ada!.id },
      request(),
    );
    expect(asAda.status).toBe(200);
    expect(asAda.headers.get("ratelimit-limit")).toBe("600");
    const listed = ((await asAda.json()) as { data: WireCampaign[] }).data.map((campaign) => campaign.id);
    expect(idsOf(suite.ada).every((id) => listed.includes(id))).toBe(true);

    const wrongOrganization = await suite.main.services.publicApi.requestAs(
      { organizationId: suite.bo.organizationId, apiKeyId: keys.ada!.id },
      request(),
    );
    expect(wrongOrganization.status).toBe(401);
    expect(((await wrongOrganization.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    // Its Authorization header, if any, does not change who it runs as.
    const spoofed = new Request("http://app.test/api/v1/campaigns?limit=100", {
      headers: { authorization: `Bearer ${keys.bo!.plaintext}` },
    });
    const asAdaStill = await suite.main.services.publicApi.requestAs(
      { organizationId: suite.ada.organizationId, apiKeyId: keys.ada!.id },
      spoofed,
    );
    expect(((await asAdaStill.json()) as { data: WireCampaign[] }).data.map((campaign) => campaign.id).sort()).toEqual(
      [...listed].sort(),
    );
  });
});
