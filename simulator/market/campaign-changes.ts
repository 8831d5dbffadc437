import type { SimCampaign, SimCampaignIssue, SimDailyMetric } from "../sandbox-kit.ts";
import type { SandboxAnomaly, SandboxCampaignChange } from "../sandbox-state-repository.ts";
import type { CampaignModel } from "./model.ts";
import { roundTo2 } from "./random.ts";

/** What the APIs and the injected anomalies make of the market's campaigns. */

/**
 * A row as the injected anomalies make it: a spend spike buys proportionally more impressions and
 * clicks but no more conversions; a conversion drop loses conversions and their value. Only the
 * platform's reports change: the store's orders and the campaign's own model do not.
 */
export function withAnomalies(row: SimDailyMetric, anomalies: readonly SandboxAnomaly[]): SimDailyMetric {
  let result = row;
  for (const anomaly of anomalies) {
    const isOn = row.date >= anomaly.fromDate && (anomaly.toDate === null || row.date <= anomaly.toDate);
    const isFor = anomaly.campaignExternalId === null || anomaly.campaignExternalId === row.campaignId;
    if (!isOn || !isFor) continue;
    const factor = anomaly.factor;
    result =
      anomaly.kind === "spend_spike"
        ? {
            ...result,
            spendMinor: Math.round(result.spendMinor * factor),
            impressions: Math.round(result.impressions * factor),
            clicks: Math.round(result.clicks * factor),
          }
        : {
            ...result,
            conversions: roundTo2(result.conversions * factor),
            conversionValueMinor: Math.round(result.conversionValueMinor * factor),
          };
  }
  return result;
}

export function groupChanges(changes: SandboxCampaignChange[]): Map<string, SandboxCampaignChange[]> {
  const byCampaign = new Map<string, SandboxCampaignChange[]>();
  for (const change of changes) {
    const list = byCampaign.get(change.campaignId);
    if (list) list.push(change);
    else byCampaign.set(change.campaignId, [change]);
  }
  return byCampaign;
}

/**
 * A campaign as it lists on `today`: the latest API change shows at once, though status and
 * budget take effect only tomorrow; a campaign the platform stopped carries its issue.
 */
export function currentCampaignOf(
  model: CampaignModel,
  changes: readonly SandboxCampaignChange[],
  today: number,
  issue: SimCampaignIssue | undefined,
): SimCampaign {
  const latest = [...changes].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let status = today < model.baseStatusSinceDay ? "enabled" : model.baseStatus;
  let dailyBudgetMinor = model.baseDailyBudgetMinor;
  let name = model.name;
  for (const change of latest) {
    if (change.status) status = change.status;
    if (change.dailyBudgetMinor != null) dailyBudgetMinor = change.dailyBudgetMinor;
    if (change.name != null) name = change.name;
  }
  return {
    id: model.id,
    accountId: model.accountId,
    name,
    status,
    dailyBudgetMinor,
    startDate: model.startDate,
    ...(issue ? { issue } : {}),
  };
}
