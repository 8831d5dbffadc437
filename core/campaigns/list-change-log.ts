import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import type { ChangeLogEntry } from "./campaign-change-types.ts";
import { decodeCursor, pageOf } from "./keyset-cursor.ts";

export const DEFAULT_CHANGE_LOG_PAGE_SIZE = 50;
export const MAX_CHANGE_LOG_PAGE_SIZE = 200;

export interface ChangeLogPage {
  entries: ChangeLogEntry[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** The organization's change log, newest first, optionally of one campaign, a page at a time. */
export async function listChangeLog(
  deps: Pick<CampaignChangeDependencies, "changeLog">,
  actor: Actor,
  input: { campaignId?: string; limit?: number; cursor?: string | null },
): Promise<ChangeLogPage> {
  const limit = input.limit ?? DEFAULT_CHANGE_LOG_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGE_LOG_PAGE_SIZE)
    throw new AppError("bad_request", `The limit is a whole number from 1 to ${MAX_CHANGE_LOG_PAGE_SIZE}.`);
  const rows = await deps.changeLog.list(actor.organizationId, {
    campaignId: input.campaignId,
    limit: limit + 1,
    after: input.cursor ? decodeCursor(input.cursor) : null,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { entries: page.map((row) => row.entry), nextCursor };
}
