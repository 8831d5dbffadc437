/**
 * explain_change: who changed what and when, before → after, from the change log, for one
 * campaign or the whole organization over a range of the organization's days.
 */
import { z } from "zod";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { rangeLabel, resolveToolRange, toolRangeSchema } from "./tool-range.ts";
import { CAMPAIGN_PAGE, campaignNotFound, moneyOf } from "./tool-values.ts";

const PAGE_SIZE = 100;
/** Pages read at most: a busy organization's range is summarised by its newest changes. */
const MAX_PAGES = 10;

const input = z
  .object({
    campaignId: z.string().min(1).max(100).optional().describe("Only this campaign's changes."),
    range: toolRangeSchema.optional().describe("Days the changes were made on; defaults to yesterday."),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .strict();
type Input = z.infer<typeof input>;

function settingsOf(settings: ChangeLogEntry["before"], currency: string | null) {
  return {
    ...(settings.status === undefined ? {} : { status: settings.status }),
    ...(settings.name === undefined ? {} : { name: settings.name }),
    ...(settings.dailyBudgetMinor === undefined
      ? {}
      : { dailyBudget: currency ? moneyOf(settings.dailyBudgetMinor, currency) : settings.dailyBudgetMinor }),
  };
}

export function explainChangeTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "explain_change",
    description:
      "Explains what changed: the change log's entries (who or what changed which campaign, when, before → after, the outcome and whether it was undone) for one campaign or the whole organization over a date range, newest first. Use it for questions like 'What changed yesterday?'.",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor, raw) {
      const query = input.parse(raw);
      const { campaigns } = deps.modules();
      const range = await resolveToolRange(deps, actor, query.range, "yesterday");
      if (query.campaignId && !(await campaigns.getCampaign(actor, query.campaignId))) throw campaignNotFound();
      const dayOf = (entry: ChangeLogEntry) => calendarDateIn(range.timeZone, new Date(entry.createdAt));
      const found: ChangeLogEntry[] = [];
      let cursor: string | null = null;
      let reachedStart = false;
      let exhausted = false;
      for (let page = 0; page < MAX_PAGES && !reachedStart && found.length < query.limit; page++) {
        const { entries, nextCursor }: { entries: ChangeLogEntry[]; nextCursor: string | null } =
          await campaigns.listChangeLog(actor, {
            campaignId: query.campaignId,
            limit: PAGE_SIZE,
            cursor,
          });
        for (const entry of entries) {
          const day = dayOf(entry);
          if (day < range.from) {
            reachedStart = true;
            break;
          }
          if (day <= range.to && found.length < query.limit) found.push(entry);
        }
        exhausted = nextCursor === null;
        if (exhausted) break;
        cursor = nextCursor;
      }
      const changes = found.map((entry) => ({
        changeId: entry.id,
        at: entry.createdAt,
        day: dayOf(entry),
        campaignId: entry.campaignId,
        campaignName: entry.campaignName,
        platform: entry.platform,
        by: entry.actor.label,
        byKind: entry.actor.type,
        source: entry.source,
        action: entry.action,
        before: settingsOf(entry.before, entry.currency),
        after: settingsOf(entry.after, entry.currency),
        currency: entry.currency,
        outcome: entry.outcome,
        reason: entry.reason,
        undone: entry.undoneBy !== null,
        undoOf: entry.undoOf,
      }));
      const href = query.campaignId ? `${CAMPAIGN_PAGE}/${encodeURIComponent(query.campaignId)}` : CAMPAIGN_PAGE;
      return {
        data: {
          range: { from: range.from, to: range.to, preset: range.preset, timeZone: range.timeZone },
          changes,
          /** False when the limit (or the pages read) cut the list short. */
          complete: (reachedStart || exhausted) && found.length < query.limit,
        },
        citations: [{ label: `Change log — ${rangeLabel(range)}`, href }],
      };
    },
  };
}
