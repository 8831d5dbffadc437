import { describe, expect, it } from "vitest";
import {
  API_ENDPOINTS,
  buildCurlCommand,
  buildMetrics,
  buildPythonQuickStart,
  formatStatusLine,
} from "./api-examples.ts";

const BASE_URL = "https://adhelm.example";

function endpoint(method: string, path: string) {
  const found = API_ENDPOINTS.find((entry) => entry.method === method && entry.path === path);
  if (!found) throw new Error(`no example for ${method} ${path}`);
  return found;
}

describe("API examples", () => {
  it("document the spec's four endpoints", () => {
    expect(API_ENDPOINTS.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      "GET /api/v1/campaigns",
      "POST /api/v1/campaigns",
      "GET /api/v1/campaigns/{id}/metrics",
      "PUT /api/v1/campaigns/{id}",
    ]);
  });

  it("build a GET curl command with the bearer key", () => {
    expect(buildCurlCommand(endpoint("GET", "/api/v1/campaigns"), BASE_URL)).toBe(
      `curl "${BASE_URL}/api/v1/campaigns?status=active,paused&limit=3" \\\n  -H "Authorization: Bearer $ADHELM_API_KEY"`,
    );
  });

  it("send a JSON body that parses, for writes", () => {
    const command = buildCurlCommand(endpoint("PUT", "/api/v1/campaigns/{id}"), BASE_URL);
    expect(command.startsWith(`curl -X PUT "${BASE_URL}/api/v1/campaigns/cmp_`)).toBe(true);
    expect(command).toContain(`-H "Content-Type: application/json"`);
    const body = command.slice(command.indexOf("-d '") + 4, command.lastIndexOf("'"));
    expect(JSON.parse(body)).toEqual({ status: "active", daily_budget: { amount_minor: 18_000, currency: "USD" } });
  });

  it("keep money in minor units with a currency", () => {
    const campaigns = endpoint("GET", "/api/v1/campaigns").responseBody.data as Array<Record<string, unknown>>;
    for (const campaign of campaigns) {
      expect(campaign).toMatchObject({
        id: expect.any(String),
        platform: expect.any(String),
        name: expect.any(String),
      });
      expect(campaign.daily_budget).toEqual({ amount_minor: expect.any(Number), currency: expect.any(String) });
      expect(Number.isInteger((campaign.daily_budget as { amount_minor: number }).amount_minor)).toBe(true);
    }
  });

  it("answer a create with 201 Created and the new campaign's id", () => {
    const create = endpoint("POST", "/api/v1/campaigns");
    expect(formatStatusLine(create)).toBe("HTTP/1.1 201 Created");
    expect((create.responseBody.data as { id: string }).id).toMatch(/^cmp_/);
  });
});

describe("buildMetrics", () => {
  it("derives CTR, CPC, ROAS and ROI from the counts", () => {
    expect(
      buildMetrics({
        impressions: 10_000,
        clicks: 400,
        conversions: 20,
        spendMinor: 50_000,
        revenueMinor: 200_000,
        currency: "USD",
      }),
    ).toEqual({
      impressions: 10_000,
      clicks: 400,
      conversions: 20,
      spend: { amount_minor: 50_000, currency: "USD" },
      revenue: { amount_minor: 200_000, currency: "USD" },
      ctr: 0.04,
      cpc: { amount_minor: 125, currency: "USD" },
      roas: 4,
      roi: 3,
    });
  });

  it("make the metrics example consistent with itself", () => {
    const metrics = endpoint("GET", "/api/v1/campaigns/{id}/metrics").responseBody.data as Record<string, unknown>;
    expect(metrics).toMatchObject({ roas: 4.36, roi: 3.36, ctr: 0.0402 });
    for (const key of ["impressions", "clicks", "spend", "conversions", "revenue", "ctr", "cpc", "roas", "roi"])
      expect(metrics).toHaveProperty(key);
  });
});

describe("buildPythonQuickStart", () => {
  it("calls the versioned campaigns path on the given origin and reads id and roi", () => {
    const code = buildPythonQuickStart(BASE_URL);
    expect(code).toContain(`API_URL = "${BASE_URL}/api/v1"`);
    expect(code).toContain(`f"{API_URL}/campaigns"`);
    expect(code).toContain("campaign['id']");
    expect(code).toContain("metrics['roi']");
  });
});
