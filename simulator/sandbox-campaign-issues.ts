import { z } from "zod";
import { AD_PLATFORM_IDS } from "./lib/platform-ids.ts";
import { SIM_CAMPAIGN_ISSUES, type SimCampaignIssue } from "./sandbox-kit.ts";
import type { SandboxStateRepository } from "./sandbox-state-repository.ts";

/**
 * Why a platform stopped a campaign, as a person sets it in the sandbox (CLI `campaign-issue`,
 * admin API `/_admin/campaign-issues`): its budget ran out, its ads were disapproved, or the ad
 * account was suspended. Each platform's API shows it in that platform's own words (Google's
 * primary status, Meta's effective status, Microsoft's Status, TikTok's secondary status,
 * LinkedIn's serving statuses), and the campaign delivers nothing from the day after it was set
 * (API changes in the sandbox take effect the next day too), until it is cleared.
 */
export const CAMPAIGN_ISSUES = SIM_CAMPAIGN_ISSUES;
export type SandboxCampaignIssueKind = SimCampaignIssue;

export interface SandboxCampaignIssue {
  issue: SandboxCampaignIssueKind;
  /** The first sandbox day without delivery (YYYY-MM-DD). */
  since: string;
}

/** The admin API's and the CLI's input. */
export const sandboxCampaignIssueInput = z.object({
  tenant: z.string().min(1).max(64),
  platform: z.enum(AD_PLATFORM_IDS),
  campaignExternalId: z.string().min(1).max(64),
  issue: z.enum(CAMPAIGN_ISSUES),
});

export const sandboxCampaignIssueTarget = sandboxCampaignIssueInput.omit({ issue: true });

const storedSchema = z.record(z.string(), z.object({ issue: z.enum(CAMPAIGN_ISSUES), since: z.string() }));

/** A tenant's platform keeps its issues in one small settings record. */
const keyOf = (tenant: string, platform: string) => `campaign_issues:${tenant}:${platform}`;

type SettingsState = Pick<SandboxStateRepository, "getSetting" | "putSetting" | "deleteSetting">;

export function createCampaignIssueStore(state: SettingsState) {
  async function read(tenant: string, platform: string): Promise<Record<string, SandboxCampaignIssue>> {
    const raw = await state.getSetting(keyOf(tenant, platform));
    if (raw === null) return {};
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  }

  async function write(tenant: string, platform: string, issues: Record<string, SandboxCampaignIssue>) {
    if (Object.keys(issues).length === 0) await state.deleteSetting(keyOf(tenant, platform));
    else await state.putSetting(keyOf(tenant, platform), JSON.stringify(issues));
  }

  return {
    /** The issues of a tenant's platform, by campaign id. */
    async list(tenant: string, platform: string): Promise<Map<string, SandboxCampaignIssue>> {
      return new Map(Object.entries(await read(tenant, platform)));
    },

    async set(tenant: string, platform: string, campaignId: string, issue: SandboxCampaignIssue): Promise<void> {
      const issues = await read(tenant, platform);
      issues[campaignId] = issue;
      await write(tenant, platform, issues);
    },

    /** False when the campaign had no issue. */
    async clear(tenant: string, platform: string, campaignId: string): Promise<boolean> {
      const issues = await read(tenant, platform);
      if (!(campaignId in issues)) return false;
      delete issues[campaignId];
      await write(tenant, platform, issues);
      return true;
    },
  };
}
