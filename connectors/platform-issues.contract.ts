import { describe, expect, it } from "vitest";
import type { CampaignPlatformIssue } from "#core/shared/connector-port.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { SimCampaignIssue } from "#simulator/sandbox-kit.ts";
import type { CampaignWritesSetup } from "./campaign-writes.contract.ts";

/**
 * The contract of a campaign the platform stopped, run by each ad platform's contract test: the
 * sandbox stops a campaign in the platform's own words (its status fields), and the connector
 * reads them back as the campaign's `platformIssue`; once cleared, the campaign has none.
 */
export interface PlatformIssuesSpec {
  platform: AdPlatformId;
  setUp: () => Promise<CampaignWritesSetup>;
  /** What the connector reads for each issue the sandbox sets; undefined where the platform does not show it on campaigns. */
  expected: Record<SimCampaignIssue, CampaignPlatformIssue | undefined>;
}

export function describePlatformIssues(spec: PlatformIssuesSpec): void {
  describe(`${spec.platform}: campaigns the platform stopped`, () => {
    it("reads why the platform stopped a campaign, and nothing once it runs again", async () => {
      const { sandbox, connector, tokens, account } = await spec.setUp();
      const campaigns = await sandbox.kit.engine.listCampaigns(sandbox.tenant, spec.platform, account.externalId);
      const running = campaigns.find((campaign) => campaign.status === "enabled");
      expect(running).toBeDefined();
      const id = running!.id;
      const listed = async () =>
        (await connector.listCampaigns(tokens, account)).find((campaign) => campaign.externalId === id);
      try {
        expect((await listed())?.platformIssue ?? null).toBeNull();
        for (const [issue, expected] of Object.entries(spec.expected)) {
          expect(
            await sandbox.kit.engine.setCampaignIssue(sandbox.tenant, spec.platform, id, issue as SimCampaignIssue),
          ).toBe(true);
          expect({ issue, platformIssue: (await listed())?.platformIssue ?? undefined }).toEqual({
            issue,
            platformIssue: expected,
          });
        }
      } finally {
        await sandbox.kit.engine.setCampaignIssue(sandbox.tenant, spec.platform, id, null);
      }
      expect((await listed())?.platformIssue ?? null).toBeNull();
      // The other campaigns never had one.
      const others = (await connector.listCampaigns(tokens, account)).filter((campaign) => campaign.externalId !== id);
      expect(others.filter((campaign) => campaign.platformIssue)).toEqual([]);
    });
  });
}
