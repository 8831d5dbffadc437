/**
 * The sandbox bench's misallocated start: before the backfill, every enabled campaign's daily
 * budget is set through its platform's API (the connector, as a team member would in the platform's
 * own console) to its budget × a factor drawn from the seed, log-uniform in [low, high], the whole
 * then scaled so that each currency's total stays what it was (each at least the platform's
 * minimum). The sandbox records the changes from its today on; the bench copies them into the
 * unchanged market, so both sides start from the same budgets.
 */
import type { Actor } from "#core/access/actor.ts";
import type { AdPlatformTarget } from "#core/connections/platform-access.ts";
import type { ExternalAdAccount } from "#core/shared/connector-port.ts";
import { currencyExponent } from "#core/shared/money.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

export interface Misallocation {
  /** Seeds the factors (with each campaign's platform and id). */
  seed: string;
  low: number;
  high: number;
  /** How many days the misallocated budgets run before the backfill reads the history. */
  days: number;
}

export interface MisallocatedCampaign {
  platform: AdPlatformId;
  externalId: string;
  name: string;
  beforeMinor: number;
  afterMinor: number;
}

export async function misallocateBudgets(input: {
  misallocation: Misallocation;
  actor: Actor;
  connections: ReadonlyMap<AdPlatformId, string>;
  openAdPlatform: (actor: Actor, connectionId: string) => Promise<AdPlatformTarget>;
  minimumMinor: (platform: AdPlatformId, currency: string) => number;
}): Promise<MisallocatedCampaign[]> {
  const { misallocation } = input;
  const found: Array<{
    target: AdPlatformTarget;
    account: ExternalAdAccount;
    platform: AdPlatformId;
    externalId: string;
    name: string;
    currency: string;
    beforeMinor: number;
    raw: number;
  }> = [];
  for (const [platform, connectionId] of input.connections) {
    const target = await input.openAdPlatform(input.actor, connectionId);
    const accounts = await target.session.call((tokens) => target.connector.listAdAccounts(tokens));
    for (const account of accounts) {
      const campaigns = await target.session.call((tokens) => target.connector.listCampaigns(tokens, account));
      for (const campaign of campaigns) {
        if (campaign.status !== "enabled" || !campaign.dailyBudgetMinor) continue;
        const draw = uniformOf(`${misallocation.seed}|${platform}|${campaign.externalId}`);
        const factor = Math.exp(Math.log(misallocation.low) + draw * Math.log(misallocation.high / misallocation.low));
        found.push({
          target,
          account,
          platform,
          externalId: campaign.externalId,
          name: campaign.name,
          currency: campaign.currency,
          beforeMinor: campaign.dailyBudgetMinor,
          raw: campaign.dailyBudgetMinor * factor,
        });
      }
    }
  }

  const changed: MisallocatedCampaign[] = [];
  for (const currency of new Set(found.map((item) => item.currency))) {
    const items = found.filter((item) => item.currency === currency);
    const total = items.reduce((sum, item) => sum + item.beforeMinor, 0);
    const scale = total / items.reduce((sum, item) => sum + item.raw, 0);
    const unit = 10 ** currencyExponent(currency);
    const after = items.map((item) =>
      Math.max(input.minimumMinor(item.platform, currency), Math.round((item.raw * scale) / unit) * unit),
    );
    // Whole units each; the rounding's remainder goes to (or comes from) the largest budget.
    const largest = after.indexOf(Math.max(...after));
    after[largest]! += total - after.reduce((sum, amount) => sum + amount, 0);
    for (const [index, item] of items.entries()) {
      const afterMinor = after[index]!;
      if (afterMinor !== item.beforeMinor)
        await item.target.session.call((tokens) =>
          item.target.connector.setCampaignDailyBudget(tokens, item.account, item.externalId, afterMinor),
        );
      changed.push({
        platform: item.platform,
        externalId: item.externalId,
        name: item.name,
        beforeMinor: item.beforeMinor,
        afterMinor,
      });
    }
  }
  return changed;
}

/** A uniform number in [0, 1) from a text (FNV-1a, then a round of mixing). */
function uniformOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}
