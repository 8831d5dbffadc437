import { randomUUID } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { normalizeReason } from "./campaign-change-rules.ts";
import type { ApplyChangesResult, ChangeItemResult, ChangeLogEntry } from "./campaign-change-types.ts";
import { changeSourceOf, INTERRUPTED_RESPONSE, retriesSince } from "./change-log-repository.ts";
import { describeFailure, platformName } from "./change-messages.ts";
import type { PlatformTarget } from "./platform-target.ts";
import { type ChangesRequest, type PlannedChange, planCampaignChanges } from "./preview-campaign-changes.ts";
import { pushCampaignChange } from "./push-campaign-change.ts";

/** Changes in flight per connection: quick for a selection, gentle on each platform's rate limits. */
const CHANGES_PER_CONNECTION_AT_ONCE = 4;

export interface ApplyChangesRequest extends ChangesRequest {
  reason?: string | null;
  /** Chunks of one selection share it, so the log groups them; a new one is made when absent. */
  batchId?: string | null;
  /**
   * A rule's key per campaign ("<run>:<campaign>:<action>"): a campaign whose key already has a
   * succeeded entry is not pushed again, so a run retried after a crash applies each change once.
   */
  idempotencyKeys?: Readonly<Record<string, string>>;
  /** Where the change comes from when it is not the actor's own (the optimizer's recommendations). */
  source?: "optimizer";
}

/**
 * Pushes a change to each campaign of a selection and records one change log entry per campaign
 * attempted. The preview is computed again here, from our stored campaigns; campaigns already as
 * asked, or that cannot take the change, are skipped with the reason. One campaign's failure never
 * stops the others. Connections run side by side, a few changes at a time each.
 */
export async function applyCampaignChanges(
  deps: CampaignChangeDependencies,
  actor: Actor,
  input: ApplyChangesRequest,
): Promise<ApplyChangesResult> {
  const { organizationId } = actor;
  const batchId = input.batchId ?? randomUUID();
  if (!/^[\w-]{1,64}$/.test(batchId))
    throw new AppError("unprocessable_entity", "A batch id is 1 to 64 letters, digits, dashes or underscores.");
  const reason = normalizeReason(input.reason);
  const planned = await planCampaignChanges(deps, organizationId, input);

  const results: ChangeItemResult[] = planned.map(({ campaign, preview }) => ({
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: preview.platform,
    outcome: "skipped",
    message: preview.problem ?? "Already as asked; nothing was sent.",
    changeId: null,
    before: preview.before,
    after: preview.after,
  }));
  const byConnection = new Map<string, number[]>();
  planned.forEach((item, index) => {
    if (!item.push) return;
    const indexes = byConnection.get(item.campaign.connectionId) ?? [];
    indexes.push(index);
    byConnection.set(item.campaign.connectionId, indexes);
  });

  await Promise.all(
    [...byConnection].map(async ([connectionId, indexes]) => {
      const target = await deps.openAdPlatform(actor, connectionId).catch((error: unknown) => error as Error);
      const applyAt = async (index: number) => {
        results[index] = await applyOne(deps, actor, target, planned[index]!, { ...input, batchId, reason });
      };
      // The first change goes alone: a token due for refresh is refreshed once, not by every
      // change in flight (some platforms rotate refresh tokens on use).
      const [first, ...rest] = indexes;
      await applyAt(first!);
      await forEachConcurrently(rest, CHANGES_PER_CONNECTION_AT_ONCE, applyAt);
    }),
  );

  const count = (outcome: ChangeItemResult["outcome"]) => results.filter((result) => result.outcome === outcome).length;
  return { batchId, results, succeeded: count("succeeded"), failed: count("failed"), skipped: count("skipped") };
}

async function applyOne(
  deps: CampaignChangeDependencies,
  actor: Actor,
  target: PlatformTarget | Error,
  { campaign, preview, push }: PlannedChange,
  input: ApplyChangesRequest & { batchId: string; reason: string | null },
): Promise<ChangeItemResult> {
  const { organizationId } = actor;
  const idempotencyKey = input.idempotencyKeys?.[campaign.id] ?? null;
  if (idempotencyKey) {
    const earlier = await deps.changeLog.findByIdempotencyKey(organizationId, idempotencyKey);
    if (earlier) return resultOf(earlier, preview.platform, "Applied by an earlier attempt of this run.");
  }
  const logged = (outcome: "succeeded" | "failed", platformResponse: string) =>
    deps.changeLog.insert({
      organizationId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      platform: preview.platform,
      actor,
      source: input.source ?? changeSourceOf(actor),
      action: input.change.action,
      reason: input.reason,
      before: preview.before,
      after: preview.after,
      outcome,
      platformResponse,
      batchId: input.batchId,
      undoOf: null,
      idempotencyKey,
    });
  let entry: ChangeLogEntry;
  let message: string;
  if (target instanceof Error) {
    message = describeFailure(target);
    entry = await logged("failed", message);
  } else {
    // Logged before the push, so a change that reaches the platform is in the log even if Adhelm
    // stops before the answer; the answer then replaces the entry's outcome.
    const mayHaveBeenSent = await deps.changeLog.hasInterrupted(organizationId, campaign.id, retriesSince());
    const pending = await logged("failed", INTERRUPTED_RESPONSE);
    const { error } = await pushCampaignChange(deps, target, {
      organizationId,
      campaign,
      change: push!,
      mayHaveBeenSent,
    });
    message = error ? describeFailure(error) : `${platformName(preview.platform)} accepted the change.`;
    entry = await deps.changeLog.complete(organizationId, pending.id, {
      outcome: error ? "failed" : "succeeded",
      platformResponse: message,
      idempotencyKey,
    });
  }
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: preview.platform,
    outcome: entry.outcome,
    message,
    changeId: entry.id,
    before: preview.before,
    after: preview.after,
  };
}

function resultOf(entry: ChangeLogEntry, platform: AdPlatformId, message: string): ChangeItemResult {
  return {
    campaignId: entry.campaignId ?? "",
    campaignName: entry.campaignName,
    platform,
    outcome: entry.outcome,
    message,
    changeId: entry.id,
    before: entry.before,
    after: entry.after,
  };
}

/** Runs `work` over `items`, at most `size` at a time. */
async function forEachConcurrently<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
