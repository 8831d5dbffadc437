/** Which campaigns a rule looks at: platforms, ad accounts, then a list, a name filter or labels. */
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { RuleScope } from "./rule-definition.ts";

export interface ScopeCampaign {
  id: string;
  name: string;
  platform: string;
  adAccountId: string;
  status: CampaignStatus;
  labels: readonly string[];
  /** The lower-cased name when already known (the evaluation context keeps it). */
  searchName?: string;
}

/**
 * The campaigns in scope, in the order given. Removed campaigns never are. Name filters and labels
 * compare case-insensitively; a label scope selects campaigns carrying any of its labels.
 */
export function selectCampaignsInScope<T extends ScopeCampaign>(scope: RuleScope, campaigns: readonly T[]): T[] {
  const platforms = scope.platforms.length > 0 ? new Set<string>(scope.platforms) : null;
  const accounts = scope.adAccountIds.length > 0 ? new Set(scope.adAccountIds) : null;
  const selection = scope.campaigns;
  const ids = selection.kind === "list" ? new Set(selection.campaignIds) : null;
  const text = selection.kind === "name" ? selection.text.trim().toLocaleLowerCase() : "";
  const labels =
    selection.kind === "label" ? new Set(selection.labels.map((label) => label.trim().toLocaleLowerCase())) : null;
  const selected: T[] = [];
  for (const campaign of campaigns) {
    if (campaign.status === "removed") continue;
    if (platforms && !platforms.has(campaign.platform)) continue;
    if (accounts && !accounts.has(campaign.adAccountId)) continue;
    switch (selection.kind) {
      case "list":
        if (!ids!.has(campaign.id)) continue;
        break;
      case "name": {
        const contains = (campaign.searchName ?? campaign.name.toLocaleLowerCase()).includes(text);
        if (contains !== (selection.operator === "contains")) continue;
        break;
      }
      case "label":
        if (!campaign.labels.some((label) => labels!.has(label.trim().toLocaleLowerCase()))) continue;
        break;
      case "all":
        break;
    }
    selected.push(campaign);
  }
  return selected;
}
