/**
 * The MCP server at /api/mcp, through the MCP SDK's own client over real HTTP: the tools a key's
 * scope lists, each tool's call, proposals and `confirm: true`, isolation, and 401 without a key.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerOf, usePublicApiSuite } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
let server: Server;
let baseUrl: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = serve({ fetch: suite.main.app.fetch, hostname: "127.0.0.1", port: 0 }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: "adhelm-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
    requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const structured = result.structuredContent as Record<string, unknown>;
  // The text part is the same JSON as the structured content.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(structured);
  return { isError: result.isError === true, structured };
}

async function enabledGoogleCampaign(organization: typeof suite.ada): Promise<string> {
  const row = await suite.world.sandbox.db
    .selectFrom("campaigns")
    .select("id")
    .where("organization_id", "=", organization.organizationId)
    .where("status", "=", "enabled")
    .where(
      "id",
      "in",
      organization.campaigns["google-ads"]!.map((campaign) => campaign.id),
    )
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (campaignId: string) =>
  (await suite.main.services.campaigns.getCampaign(ownerOf(suite.ada), campaignId))?.status;

describe("/api/mcp", () => {
  it("answers 401 in the API's envelope without a key, and the SDK's client cannot connect", async () => {
    const response = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="Adhelm API"');
    expect((await response.json()).error.code).toBe("unauthorized");
    await expect(connect(null)).rejects.toThrow();
    await expect(connect("adh_not_a_key")).rejects.toThrow();
  });

  it("lists the tools a key's scope allows, each with its JSON schema", async () => {
    const readOnly = await connect(suite.keys.adaRead!.plaintext);
    const readNames = (await readOnly.listTools()).tools.map((tool) => tool.name);
    expect(readNames).toEqual([
      "query_metrics",
      "list_campaigns",
      "explain_change",
      "goals_and_pacing",
      "preview_rule",
      "optimizer_recommendations",
    ]);
    const readWrite = await connect(suite.keys.ada!.plaintext);
    const { tools } = await readWrite.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...readNames, "propose_change"]);
    const propose = tools.find((tool) => tool.name === "propose_change")!;
    expect(propose.inputSchema.properties).toMatchObject({
      campaignId: { type: "string" },
      action: { enum: ["pause", "enable", "set_budget"] },
      confirm: { type: "boolean" },
    });
    expect(propose.annotations?.readOnlyHint).toBe(false);
    const query = tools.find((tool) => tool.name === "query_metrics")!;
    expect(query.inputSchema.properties).toMatchObject({
      groupBy: { enum: ["total", "platform", "account", "campaign", "day"] },
    });
    expect(query.annotations?.readOnlyHint).toBe(true);
  });

  it("calls each reading tool and returns structured content with a JSON text part", async () => {
    const client = await connect(suite.keys.adaRead!.plaintext);
    const metrics = await callTool(client, "query_metrics", { groupBy: "platform", range: { preset: "last_7_days" } });
    expect(metrics.isError).toBe(false);
    const platforms = (metrics.structured.data as { rows: Array<{ platform: string }> }).rows.map(
      (row) => row.platform,
    );
    expect(platforms.sort()).toEqual(["facebook-ads", "google-ads"]);
    expect(metrics.structured.chart).toMatchObject({ kind: "bar" });

    const listed = await callTool(client, "list_campaigns", { sortBy: "spend", limit: 3 });
    expect((listed.structured.data as { campaigns: unknown[] }).campaigns).toHaveLength(3);

    const changes = await callTool(client, "explain_change", { range: { preset: "last_7_days" } });
    expect(changes.structured.data).toMatchObject({ changes: expect.any(Array) });

    const goals = await callTool(client, "goals_and_pacing");
    expect(goals.structured.data).toMatchObject({ goals: expect.any(Array), month: expect.any(String) });

    const recommendations = await callTool(client, "optimizer_recommendations");
    expect(recommendations.structured.data).toMatchObject({ recommendations: expect.any(Array) });

    const missingRule = await callTool(client, "preview_rule", { ruleName: "no such rule" });
    expect(missingRule).toMatchObject({ isError: true, structured: { error: { code: "not_found" } } });

    const badInput = await callTool(client, "query_metrics", { groupBy: "week" });
    expect(badInput).toMatchObject({ isError: true, structured: { error: { code: "unprocessable_entity" } } });
  });

  it("returns a proposal that changes nothing, refuses a read-only key, and applies with read_write and confirm: true", async () => {
    const campaignId = await enabledGoogleCampaign(suite.ada);
    const readWrite = await connect(suite.keys.ada!.plaintext);
    const proposed = await callTool(readWrite, "propose_change", { campaignId, action: "pause" });
    expect(proposed.structured.proposal).toMatchObject({
      kind: "pause",
      campaignId,
      before: "active",
      after: "paused",
    });
    expect(proposed.structured.applied).toBeUndefined();
    expect(await statusOf(campaignId)).toBe("enabled");

    const readOnly = await connect(suite.keys.adaRead!.plaintext);
    const refused = await callTool(readOnly, "propose_change", { campaignId, action: "pause", confirm: true });
    expect(refused).toMatchObject({ isError: true, structured: { error: { code: "forbidden" } } });
    expect(await statusOf(campaignId)).toBe("enabled");

    const applied = await callTool(readWrite, "propose_change", { campaignId, action: "pause", confirm: true });
    expect(applied.isError).toBe(false);
    const { changeId } = applied.structured.applied as { changeId: string };
    expect(await statusOf(campaignId)).toBe("paused");
    const logged = await callTool(readOnly, "explain_change", { campaignId, range: { preset: "today" } });
    expect(logged.structured.data).toMatchObject({
      changes: [{ changeId, action: "pause", by: "API key “Reporting”", byKind: "api_key" }],
    });

    await suite.main.services.campaigns.undoCampaignChange(ownerOf(suite.ada), { changeId });
    expect(await statusOf(campaignId)).toBe("enabled");
  });

  it("keeps each key in its organization", async () => {
    const adaCampaign = await enabledGoogleCampaign(suite.ada);
    const bo = await connect(suite.keys.bo!.plaintext);
    const metrics = await callTool(bo, "query_metrics", { campaignId: adaCampaign });
    expect(metrics).toMatchObject({ isError: true, structured: { error: { code: "not_found" } } });
    const proposal = await callTool(bo, "propose_change", { campaignId: adaCampaign, action: "pause", confirm: true });
    expect(proposal).toMatchObject({ isError: true, structured: { error: { code: "not_found" } } });
    expect(await statusOf(adaCampaign)).toBe("enabled");

    const listed = await callTool(bo, "list_campaigns", { limit: 50 });
    const ids = (listed.structured.data as { campaigns: Array<{ campaignId: string }> }).campaigns.map(
      (campaign) => campaign.campaignId,
    );
    const boIds = Object.values(suite.bo.campaigns)
      .flat()
      .map((campaign) => campaign.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => boIds.includes(id))).toBe(true);
  });
});
