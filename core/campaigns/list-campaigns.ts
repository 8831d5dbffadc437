import type { Actor } from "#core/access/actor.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { decodeCursor, pageOf } from "./keyset-cursor.ts";

export const DEFAULT_CAMPAIGN_PAGE_SIZE = 25;
export const MAX_CAMPAIGN_PAGE_SIZE = 100;

export interface ListCampaignsRequest {
  platforms?: AdPlatformId[];
  statuses?: CampaignStatus[];
  adAccountIds?: string[];
  /** Case-insensitive part of the name. */
  search?: string;
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

export interface CampaignListPage {
  campaigns: CampaignSummary[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** The organization's managed campaigns, newest first, a page at a time (the API's list). */
export async function listCampaigns(
  deps: Pick<CampaignChangeDependencies, "campaigns">,
  actor: Actor,
  input: ListCampaignsRequest,
): Promise<CampaignListPage> {
  const limit = input.limit ?? DEFAULT_CAMPAIGN_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CAMPAIGN_PAGE_SIZE)
    throw new AppError("bad_request", `The limit is a whole number from 1 to ${MAX_CAMPAIGN_PAGE_SIZE}.`);
  const rows = await deps.campaigns.listSummaries({
    organizationId: actor.organizationId,
    filters: {
      platforms: input.platforms,
      statuses: input.statuses,
      adAccountIds: input.adAccountIds,
      search: input.search,
    },
    limit: limit + 1,
    after: input.cursor ? decodeCursor(input.cursor) : null,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { campaigns: page.map((row) => row.campaign), nextCursor };
}

/** One visible campaign of the actor's organization, or null. */
export function findCampaignSummary(
  deps: Pick<CampaignChangeDependencies, "campaigns">,
  actor: Actor,
  campaignId: string,
): Promise<CampaignSummary | null> {
  return deps.campaigns.findSummary(actor.organizationId, campaignId);
}
