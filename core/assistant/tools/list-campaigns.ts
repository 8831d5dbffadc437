/**
 * list_campaigns: the campaigns table's rows (search, platform, status), sorted by a KPI over a
 * range, the way the campaigns page sorts them ("highest CPA in the last 7 days").
 */
import { z } from "zod";
import type { CampaignSortKey } from "#core/analytics/analytics-types.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { rangeLabel, rangeQuery, resolveToolRange, toolRangeSchema } from "./tool-range.ts";
import { CAMPAIGN_PAGE, moneyOf, ratioOf } from "./tool-values.ts";

const SORTS = [
  "spend",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "revenue",
  "roas",
  "dailyBudget",
  "name",
] as const satisfies readonly CampaignSortKey[];

const input = z
  .object({
    nameContains: z.string().min(1).max(200).optional().describe("Part of the campaign's name, any case."),
    platforms: z.array(z.enum(AD_PLATFORM_IDS)).optional(),
    statuses: z.array(z.enum(["enabled", "paused", "removed"])).optional(),
    sortBy: z.enum(SORTS).default("spend"),
    direction: z.enum(["asc", "desc"]).default("desc"),
    range: toolRangeSchema.optional().describe("The range the KPIs cover; defaults to the last 7 days."),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .strict();
type Input = z.infer<typeof input>;

const CHARTED = new Set<string>([
  "spend",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "revenue",
  "roas",
]);

export function listCampaignsTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "list_campaigns",
    description:
      "Lists and searches the organization's campaigns (name contains, platform, status) with their KPIs over a date range, sorted by a KPI (for example the highest CPA in the last 7 days), with their ids for other tools.",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor, raw) {
      const query = input.parse(raw);
      const range = await resolveToolRange(deps, actor, query.range, "last_7_days");
      const page = await deps.modules().analytics.getCampaignTable(actor, {
        range,
        filters: { search: query.nameContains, platforms: query.platforms, statuses: query.statuses },
        sort: { key: query.sortBy, direction: query.direction },
        page: 1,
        pageSize: query.limit,
      });
      const rows = page.rows.map((row) => ({
        campaignId: row.id,
        campaignName: row.name,
        platform: row.platform,
        adAccountName: row.adAccountName,
        status: row.status,
        currency: row.currency,
        dailyBudget: moneyOf(row.dailyBudgetMinor, row.currency),
        spend: moneyOf(row.current.spendMinor, row.currency),
        impressions: row.current.impressions,
        clicks: row.current.clicks,
        ctr: ratioOf(row.current.ctr, 6),
        cpc: moneyOf(row.current.cpcMinor, row.currency),
        conversions: row.current.conversions,
        cpa: moneyOf(row.current.cpaMinor, row.currency),
        revenue: moneyOf(row.current.revenueMinor, row.currency),
        roas: ratioOf(row.current.roas),
      }));
      const params = rangeQuery(range);
      const metric = CHARTED.has(query.sortBy) ? query.sortBy : "spend";
      return {
        data: {
          range: { from: range.from, to: range.to, preset: range.preset, timeZone: range.timeZone },
          sortedBy: { metric: query.sortBy, direction: query.direction },
          total: page.total,
          campaigns: rows,
        },
        citations: [
          { label: `Campaigns — ${rangeLabel(range)}`, href: `${CAMPAIGN_PAGE}?${params}` },
          ...rows.slice(0, 5).map((row) => ({
            label: row.campaignName,
            href: `${CAMPAIGN_PAGE}/${encodeURIComponent(row.campaignId)}?${params}`,
          })),
        ],
        chart:
          rows.length === 0
            ? undefined
            : {
                kind: "bar" as const,
                title: `${metric} by campaign`,
                metric,
                labels: rows.map((row) => row.campaignName),
                series: [{ name: metric, values: rows.map((row) => row[metric as keyof typeof row] as number | null) }],
              },
      };
    },
  };
}
