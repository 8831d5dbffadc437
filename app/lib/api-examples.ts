/**
 * The Developer API page's examples, in one place so the API issue can swap them for live calls.
 * Money is integer minor units plus an ISO currency, as everywhere in Adhelm.
 */

export type HttpMethod = "GET" | "POST" | "PUT";

export interface ApiEndpointExample {
  /** A stable slug for element ids. */
  id: string;
  method: HttpMethod;
  /** The documented path, with its placeholders. */
  path: string;
  summary: string;
  description: string;
  /** The path of the example call, placeholders filled in. */
  examplePath: string;
  requestBody?: Record<string, unknown>;
  responseStatus: 200 | 201;
  responseBody: Record<string, unknown>;
}

interface Money {
  amount_minor: number;
  currency: string;
}

const usd = (amountMinor: number): Money => ({ amount_minor: amountMinor, currency: "USD" });

const BRAND_SEARCH = {
  id: "cmp_8f3k2m1q",
  platform: "google_ads",
  ad_account_id: "acc_5120734981",
  name: "Search | Brand | US",
  status: "active",
  daily_budget: usd(15_000),
  created_at: "2025-03-04T09:12:44Z",
};

const CAMPAIGNS = [
  BRAND_SEARCH,
  {
    id: "cmp_4h7t9x2c",
    platform: "meta",
    ad_account_id: "acc_act_88120476",
    name: "Prospecting | Lookalike 2% | Spring",
    status: "active",
    daily_budget: usd(25_000),
    created_at: "2025-04-18T14:03:10Z",
  },
  {
    id: "cmp_2p6w8r5v",
    platform: "tiktok",
    ad_account_id: "acc_7301928845",
    name: "Spark Ads | New collection",
    status: "paused",
    daily_budget: { amount_minor: 8_000, currency: "EUR" },
    created_at: "2025-05-02T07:45:00Z",
  },
];

const NEW_CAMPAIGN = {
  platform: "microsoft_ads",
  ad_account_id: "acc_180447213",
  name: "Search | Generic | UK",
  status: "paused",
  daily_budget: { amount_minor: 5_000, currency: "GBP" },
};

interface RawMetrics {
  impressions: number;
  clicks: number;
  conversions: number;
  spendMinor: number;
  revenueMinor: number;
  currency: string;
}

/** Derives the KPIs from the raw counts, so the example can never contradict itself. */
export function buildMetrics(raw: RawMetrics) {
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    impressions: raw.impressions,
    clicks: raw.clicks,
    conversions: raw.conversions,
    spend: { amount_minor: raw.spendMinor, currency: raw.currency },
    revenue: { amount_minor: raw.revenueMinor, currency: raw.currency },
    ctr: round(raw.clicks / raw.impressions, 4),
    cpc: { amount_minor: Math.round(raw.spendMinor / raw.clicks), currency: raw.currency },
    roas: round(raw.revenueMinor / raw.spendMinor, 2),
    roi: round((raw.revenueMinor - raw.spendMinor) / raw.spendMinor, 2),
  };
}

export const API_ENDPOINTS: readonly ApiEndpointExample[] = [
  {
    id: "list-campaigns",
    method: "GET",
    path: "/api/v1/campaigns",
    summary: "List campaigns",
    description: "Every campaign your team manages, across all connected platforms, newest first.",
    examplePath: "/api/v1/campaigns?status=active,paused&limit=3",
    responseStatus: 200,
    responseBody: { data: CAMPAIGNS, next_cursor: "cur_eyJpZCI6ImNtcF8ycDZ3In0" },
  },
  {
    id: "create-campaign",
    method: "POST",
    path: "/api/v1/campaigns",
    summary: "Create a campaign",
    description: "Creates a campaign on the ad account's platform and returns it with its Adhelm id.",
    examplePath: "/api/v1/campaigns",
    requestBody: NEW_CAMPAIGN,
    responseStatus: 201,
    responseBody: { data: { id: "cmp_9d1x4k7n", ...NEW_CAMPAIGN, created_at: "2025-06-02T10:30:00Z" } },
  },
  {
    id: "campaign-metrics",
    method: "GET",
    path: "/api/v1/campaigns/{id}/metrics",
    summary: "Get campaign metrics",
    description: "Performance and KPIs for a date range; revenue is the conversion value the platform reports.",
    examplePath: `/api/v1/campaigns/${BRAND_SEARCH.id}/metrics?from=2025-05-01&to=2025-05-31`,
    responseStatus: 200,
    responseBody: {
      data: {
        campaign_id: BRAND_SEARCH.id,
        from: "2025-05-01",
        to: "2025-05-31",
        ...buildMetrics({
          impressions: 184_230,
          clicks: 7_412,
          conversions: 318,
          spendMinor: 412_350,
          revenueMinor: 1_797_430,
          currency: "USD",
        }),
      },
    },
  },
  {
    id: "update-campaign",
    method: "PUT",
    path: "/api/v1/campaigns/{id}",
    summary: "Update a campaign",
    description: "Changes a campaign's name, status or daily budget and pushes the change to its platform.",
    examplePath: `/api/v1/campaigns/${BRAND_SEARCH.id}`,
    requestBody: { status: "active", daily_budget: usd(18_000) },
    responseStatus: 200,
    responseBody: { data: { ...BRAND_SEARCH, daily_budget: usd(18_000), updated_at: "2025-06-02T10:42:17Z" } },
  },
];

const STATUS_TEXT = { 200: "OK", 201: "Created" } as const;

export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** "HTTP/1.1 201 Created" */
export function formatStatusLine(endpoint: ApiEndpointExample): string {
  return `HTTP/1.1 ${endpoint.responseStatus} ${STATUS_TEXT[endpoint.responseStatus]}`;
}

/** A curl command that makes the example call against `baseUrl` (the site's own origin). */
export function buildCurlCommand(endpoint: ApiEndpointExample, baseUrl: string): string {
  return buildCurl({ method: endpoint.method, path: endpoint.examplePath, body: endpoint.requestBody }, baseUrl);
}

/** A curl command for any call with the bearer key: the /api page's examples and the API reference. */
export function buildCurl(
  request: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
  baseUrl: string,
): string {
  const url = `${baseUrl}${request.path}`;
  const lines = [
    request.method === "GET" ? `curl "${url}"` : `curl -X ${request.method} "${url}"`,
    `  -H "Authorization: Bearer $ADHELM_API_KEY"`,
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `  -H "${name}: ${value}"`),
  ];
  if (request.body !== undefined && request.body !== null) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${formatJson(request.body)}'`);
  }
  return lines.join(" \\\n");
}

/** The quick start: list campaigns through the versioned path and print each one's ROI. */
export function buildPythonQuickStart(baseUrl: string): string {
  return `import os
import requests

API_URL = "${baseUrl}/api/v1"
session = requests.Session()
session.headers["Authorization"] = f"Bearer {os.environ['ADHELM_API_KEY']}"

campaigns = session.get(f"{API_URL}/campaigns", params={"status": "active"}, timeout=10)
campaigns.raise_for_status()

for campaign in campaigns.json()["data"]:
    metrics = session.get(
        f"{API_URL}/campaigns/{campaign['id']}/metrics",
        params={"from": "2025-05-01", "to": "2025-05-31"},
        timeout=10,
    ).json()["data"]
    print(f"{campaign['id']}  {campaign['name']}: ROI {metrics['roi']:.0%}")`;
}
