/**
 * Pushing settings to a campaign's platform, one field at a time, each accepted field mirrored into
 * our campaign row, and the change log's action for what a change set.
 */
import type { ChangeAction } from "#core/shared/domain-enums.ts";
import type { CampaignSettings } from "./campaign-change-types.ts";
import type { CampaignForChange, CampaignRepository } from "./campaign-repository.ts";
import { type PlatformTarget, toExternalAccount } from "./platform-target.ts";

/** The settings to push; only the fields given are sent. */
export interface CampaignChange {
  status?: "enabled" | "paused";
  dailyBudgetMinor?: number;
  name?: string;
}

/** What a push achieved: the fields the platform took, and the error that stopped the rest. */
interface PushOutcome {
  applied: CampaignChange;
  error: Error | null;
}

type Field = keyof CampaignChange;

/** The log's action for a change that sets `after`: the specific one when one field changes. */
export function changeActionFor(after: CampaignSettings): ChangeAction {
  const fields = (["status", "dailyBudgetMinor", "name"] as const).filter((field) => after[field] !== undefined);
  if (fields.length !== 1) return "update";
  if (fields[0] === "status") return after.status === "paused" ? "pause" : "enable";
  return fields[0] === "dailyBudgetMinor" ? "set_budget" : "rename";
}

/**
 * The order fields go out in: a pause first (nothing more is spent while the rest is sent), an
 * enable last (the campaign starts with its new budget and name already in place).
 */
function fieldOrder(change: CampaignChange): Field[] {
  const fields: Field[] = (["name", "dailyBudgetMinor", "status"] as const).filter(
    (field) => change[field] !== undefined,
  );
  return change.status === "paused" ? ["status", ...fields.filter((field) => field !== "status")] : fields;
}

/**
 * Pushes a change to the campaign's platform, one field at a time, and mirrors each accepted field
 * into our campaign row. A write may reach the platform even when its answer is lost (a timeout, a
 * 5xx after the fact, Adhelm killed while waiting), so before every retry the campaign is read
 * back: if the field is already so it is not sent again. That keeps a flaky network or a crash
 * from applying a change twice.
 */
export async function pushCampaignChange(
  deps: { campaigns: Pick<CampaignRepository, "recordChange"> },
  target: PlatformTarget,
  input: {
    organizationId: string;
    campaign: CampaignForChange;
    change: CampaignChange;
    /**
     * An earlier push of this campaign was cut short (see `hasInterrupted`): read the campaign back
     * before the first send too, as before a retry, so a change that got through is not sent again.
     */
    mayHaveBeenSent?: boolean;
  },
): Promise<PushOutcome> {
  const { campaign, change } = input;
  const { connector, session } = target;
  const account = toExternalAccount(campaign.adAccount);
  const applied: CampaignChange = {};
  for (const field of fieldOrder(change)) {
    let hasSent = input.mayHaveBeenSent ?? false;
    try {
      await session.call(async (tokens) => {
        if (hasSent) {
          const current = (await connector.listCampaigns(tokens, account)).find(
            (item) => item.externalId === campaign.externalId,
          );
          if (current && current[field] === change[field]) return;
        }
        hasSent = true;
        if (field === "status") await connector.setCampaignStatus(tokens, account, campaign.externalId, change.status!);
        else if (field === "dailyBudgetMinor")
          await connector.setCampaignDailyBudget(tokens, account, campaign.externalId, change.dailyBudgetMinor!);
        else await connector.setCampaignName(tokens, account, campaign.externalId, change.name!);
      });
    } catch (error) {
      return { applied, error: error instanceof Error ? error : new Error(String(error)) };
    }
    const accepted = { [field]: change[field] } as CampaignChange;
    Object.assign(applied, accepted);
    await deps.campaigns.recordChange(input.organizationId, campaign.id, accepted);
  }
  return { applied, error: null };
}
