/**
 * query_metrics: any KPI by platform, ad account, campaign or day over a range, from the same
 * campaign-day rows the daily-metrics export reads. Amounts are never added across currencies: a
 * row is one group in one currency.
 */
import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import type { DailyMetricExportRow, MetricSums } from "#core/analytics/analytics-types.ts";
import { listDays } from "#core/analytics/date-range.ts";
import { addSums, emptySums } from "#core/analytics/kpis.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import type { AssistantChart, AssistantTool, AssistantToolResult } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { MONEY_METRICS, metricValues, TOOL_METRICS, type ToolMetric } from "./metric-values.ts";
import { rangeLabel, rangeQuery, resolveToolRange, type ToolRange, toolRangeSchema } from "./tool-range.ts";
import { CAMPAIGN_PAGE, campaignNotFound } from "./tool-values.ts";

const GROUPS = ["total", "platform", "account", "campaign", "day"] as const;
type Group = (typeof GROUPS)[number];

const input = z
  .object({
    metrics: z
      .array(z.enum(TOOL_METRICS))
      .min(1)
      .max(TOOL_METRICS.length)
      .optional()
      .describe("KPIs to report; all of them when omitted. Money is in the row's currency; ctr is 0..1."),
    groupBy: z
      .enum(GROUPS)
      .default("total")
      .describe("One row per platform, ad account, campaign or day, or one total."),
    range: toolRangeSchema.optional().describe("Defaults to the last 7 days."),
    platforms: z.array(z.enum(AD_PLATFORM_IDS)).optional(),
    campaignId: z.string().min(1).max(100).optional().describe("Only this campaign (an id from list_campaigns)."),
    adAccountId: z.string().min(1).max(100).optional(),
    campaignNameContains: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(100).default(25).describe("At most this many rows (the largest spend first)."),
  })
  .strict();
type Input = z.infer<typeof input>;

interface Bucket {
  key: string;
  fields: Record<string, string>;
  currency: string;
  sums: MetricSums;
}

function groupOf(row: DailyMetricExportRow, groupBy: Group): { key: string; fields: Record<string, string> } {
  switch (groupBy) {
    case "total":
      return { key: "", fields: {} };
    case "platform":
      return { key: row.platform, fields: { platform: row.platform } };
    case "account":
      return {
        key: `${row.platform}\u0000${row.adAccountName}`,
        fields: { platform: row.platform, adAccountName: row.adAccountName },
      };
    case "campaign":
      return {
        key: row.campaignId,
        fields: { campaignId: row.campaignId, campaignName: row.campaignName, platform: row.platform },
      };
    case "day":
      return { key: row.date, fields: { date: row.date } };
  }
}

async function sumRows(deps: AssistantToolDeps, actor: Actor, query: Input, range: ToolRange, search?: string) {
  const groups = new Map<string, Bucket>();
  const rows = await deps.modules().analytics.listDailyMetricRows(actor, {
    range,
    filters: {
      platforms: query.platforms,
      adAccountIds: query.adAccountId ? [query.adAccountId] : undefined,
      search: search ?? query.campaignNameContains,
    },
  });
  for await (const batch of rows)
    for (const row of batch) {
      if (query.campaignId && row.campaignId !== query.campaignId) continue;
      const { key, fields } = groupOf(row, query.groupBy);
      const id = `${key}\u0000${row.currency}`;
      const group = groups.get(id) ?? { key, fields, currency: row.currency, sums: emptySums() };
      const { impressions, clicks, spendMinor, conversions, revenueMinor } = row;
      group.sums = addSums(group.sums, { impressions, clicks, spendMinor, conversions, revenueMinor });
      groups.set(id, group);
    }
  if (query.groupBy === "day") zeroFillDays(groups, range);
  return [...groups.values()];
}

/** A daily series has every day of the range, in each currency it has. */
function zeroFillDays(groups: Map<string, Bucket>, range: ToolRange) {
  const currencies = new Set([...groups.values()].map((group) => group.currency));
  for (const currency of currencies)
    for (const date of listDays(range)) {
      const id = `${date}\u0000${currency}`;
      if (!groups.has(id)) groups.set(id, { key: date, fields: { date }, currency, sums: emptySums() });
    }
}

function chartOf(query: Input, metric: ToolMetric, rows: Array<Record<string, unknown>>): AssistantChart | undefined {
  if (query.groupBy === "total" || rows.length === 0) return undefined;
  // Money is charted in one currency: the first row's (the largest spend, or the first day's).
  const currency = rows[0]!.currency as string;
  const charted = MONEY_METRICS.has(metric) ? rows.filter((row) => row.currency === currency) : rows;
  const suffix = MONEY_METRICS.has(metric) ? ` (${currency})` : "";
  if (query.groupBy === "day") {
    const byCurrency = new Map<string, Array<Record<string, unknown>>>();
    for (const row of charted)
      byCurrency.set(row.currency as string, [...(byCurrency.get(row.currency as string) ?? []), row]);
    const labels = [...new Set(charted.map((row) => row.date as string))].sort();
    return {
      kind: "line",
      title: `${metric} per day${suffix}`,
      metric,
      labels,
      series: [...byCurrency].map(([name, series]) => ({
        name,
        values: labels.map((date) => (series.find((row) => row.date === date)?.[metric] as number | null) ?? null),
      })),
    };
  }
  const labelOf = (row: Record<string, unknown>) => String(row.campaignName ?? row.adAccountName ?? row.platform ?? "");
  return {
    kind: "bar",
    title: `${metric} by ${query.groupBy}${suffix}`,
    metric,
    labels: charted.map(labelOf),
    series: [{ name: metric, values: charted.map((row) => row[metric] as number | null) }],
  };
}

export function queryMetricsTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "query_metrics",
    description:
      "Reads advertising KPIs (spend, impressions, clicks, conversions, revenue, ctr, cpc, cpa, roas, roi) of the organization over a date range, in total or grouped by platform, ad account, campaign or day, optionally for one campaign, account or platforms. Money is per currency, never mixed.",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor, raw): Promise<AssistantToolResult> {
      const query = input.parse(raw);
      const metrics = query.metrics ?? [...TOOL_METRICS];
      const range = await resolveToolRange(deps, actor, query.range, "last_7_days");
      let campaignName: string | undefined;
      if (query.campaignId) {
        const campaign = await deps.modules().campaigns.getCampaign(actor, query.campaignId);
        if (!campaign) throw campaignNotFound();
        campaignName = campaign.name;
      }
      const groups = await sumRows(deps, actor, query, range, campaignName);
      const ordered =
        query.groupBy === "day"
          ? groups.sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency))
          : groups.sort((a, b) => b.sums.spendMinor - a.sums.spendMinor || a.key.localeCompare(b.key));
      const rows = ordered.slice(0, query.groupBy === "day" ? undefined : query.limit).map((group) => ({
        ...group.fields,
        currency: group.currency,
        ...metricValues(group.sums, group.currency, metrics),
      }));
      const rangeParams = rangeQuery(range);
      const href =
        query.campaignId !== undefined
          ? `${CAMPAIGN_PAGE}/${encodeURIComponent(query.campaignId)}?${rangeParams}`
          : query.groupBy === "campaign"
            ? `${CAMPAIGN_PAGE}?${rangeParams}`
            : `/dashboard?${rangeParams}`;
      const where = campaignName ?? (query.groupBy === "campaign" ? "Campaigns" : "Dashboard");
      return {
        data: {
          range: { from: range.from, to: range.to, preset: range.preset, timeZone: range.timeZone },
          groupBy: query.groupBy,
          metrics,
          rows,
          truncated: query.groupBy !== "day" && ordered.length > query.limit,
        },
        citations: [{ label: `${where} — ${rangeLabel(range)}`, href }],
        chart: chartOf(query, metrics[0]!, rows),
      };
    },
  };
}
