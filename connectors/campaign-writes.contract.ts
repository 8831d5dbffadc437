import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { SandboxServer } from "#tests/support/sandbox-server.ts";

/**
 * The contract every ad connector keeps for writing campaigns, run by each platform's contract
 * test against its sandbox: create, rename, and the platform's refusals as `rejected`.
 */

export interface CampaignWritesSetup {
  sandbox: SandboxServer;
  connector: AdPlatformConnector;
  tokens: TokenSet;
  account: ExternalAdAccount;
}

export interface CampaignWritesSpec {
  platform: AdPlatformId;
  /** The contract test's sandbox, connector, tokens and account (called after its beforeAll). */
  setUp: () => Promise<CampaignWritesSetup>;
  /** The platform's smallest campaign daily budget, in minor units of the account currency. */
  minimumDailyBudgetMinor: number;
  /** The platform's own words and error code when a budget is under that minimum. */
  belowMinimumMessage: RegExp;
  belowMinimumCode: string;
}

/** Registers the campaign-writing tests; call it last in the file, as it moves the sandbox clock. */
export function describeCampaignWrites(spec: CampaignWritesSpec): void {
  const { platform, minimumDailyBudgetMinor } = spec;

  describe(`${platform}: creating and renaming campaigns`, () => {
    it("creates campaigns that the listing shows with their budget and status, and that run from that day on", async () => {
      const { sandbox, connector, tokens, account } = await spec.setUp();
      const name = uniqueName("Spring launch");
      const budget = minimumDailyBudgetMinor * 3;

      const created = await connector.createCampaign(tokens, account, {
        name,
        status: "enabled",
        dailyBudgetMinor: budget,
      });
      expect(created).toEqual({
        externalId: expect.stringMatching(/^\d+$/),
        name,
        status: "enabled",
        dailyBudgetMinor: budget,
        currency: account.currency,
      });
      // The smallest budget the platform takes is taken.
      const paused = await connector.createCampaign(tokens, account, {
        name: uniqueName("Held back"),
        status: "paused",
        dailyBudgetMinor: minimumDailyBudgetMinor,
      });
      expect(paused).toMatchObject({ status: "paused", dailyBudgetMinor: minimumDailyBudgetMinor });

      const listed = await connector.listCampaigns(tokens, account);
      expect(listed.find((campaign) => campaign.externalId === created.externalId)).toEqual(created);
      expect(listed.find((campaign) => campaign.externalId === paused.externalId)).toEqual(paused);

      const createdOn = await sandbox.kit.engine.today();
      const days = [createdOn, addDays(createdOn, 1), addDays(createdOn, 2)];
      const history = await connector.fetchDailyMetrics(tokens, account, {
        from: addDays(createdOn, -3),
        to: addDays(createdOn, -1),
      });
      expect(history.some((row) => row.campaignExternalId === created.externalId)).toBe(false);

      await sandbox.advanceClock(2);
      const range = { from: days[0]!, to: days[2]! };
      const metrics = await connector.fetchDailyMetrics(tokens, account, range);
      const own = metrics.filter((row) => row.campaignExternalId === created.externalId);
      expect(own.map((row) => row.date).sort()).toEqual(days);
      for (const row of own) {
        expect(row.spendMinor).toBeGreaterThan(0);
        expect(row.spendMinor).toBeLessThanOrEqual(budget);
        expect(row.impressions).toBeGreaterThan(0);
        expect(row.currency).toBe(account.currency);
      }
      // The same market as every other campaign: the engine's own numbers.
      const simulated = (await sandbox.kit.engine.dailyMetrics(sandbox.tenant, platform, account.externalId, range))
        .filter((row) => row.campaignId === created.externalId)
        .map((row) => [row.date, row.spendMinor, row.impressions, row.clicks]);
      expect(own.map((row) => [row.date, row.spendMinor, row.impressions, row.clicks]).sort()).toEqual(
        simulated.sort(),
      );
      expect(metrics.some((row) => row.campaignExternalId === paused.externalId)).toBe(false);
    });

    it("renames a campaign, and the listing shows the new name at once", async () => {
      const { sandbox, connector, tokens, account } = await spec.setUp();
      const [campaign] = (await connector.listCampaigns(tokens, account)).filter(
        (candidate) => candidate.status === "enabled",
      );
      expect(campaign).toBeDefined();
      const name = uniqueName("Renamed");

      await connector.setCampaignName(tokens, account, campaign!.externalId, name);
      const listed = (await connector.listCampaigns(tokens, account)).find(
        (candidate) => candidate.externalId === campaign!.externalId,
      );
      expect(listed).toEqual({ ...campaign, name });
      const inEngine = await sandbox.kit.engine.listCampaigns(sandbox.tenant, platform, account.externalId);
      expect(inEngine.find((candidate) => candidate.id === campaign!.externalId)?.name).toBe(name);
    });

    it("refuses a daily budget under the platform's minimum, on creation and on a change, as rejected", async () => {
      const { connector, tokens, account } = await spec.setUp();
      const before = await connector.listCampaigns(tokens, account);
      const tooLow = minimumDailyBudgetMinor - 1;

      const creation = await failureOf(
        connector.createCampaign(tokens, account, {
          name: uniqueName("Too small"),
          status: "paused",
          dailyBudgetMinor: tooLow,
        }),
      );
      expect(creation.kind).toBe("rejected");
      expect(creation.message).toMatch(spec.belowMinimumMessage);
      expect(creation.platformCode).toBe(spec.belowMinimumCode);

      const [campaign] = before.filter((candidate) => candidate.status === "enabled");
      const change = await failureOf(connector.setCampaignDailyBudget(tokens, account, campaign!.externalId, tooLow));
      expect(change.kind).toBe("rejected");
      expect(change.message).toMatch(spec.belowMinimumMessage);
      expect(change.platformCode).toBe(spec.belowMinimumCode);

      expect(await connector.listCampaigns(tokens, account)).toEqual(before);
    });

    it("refuses a campaign without a name, or for an account the grant does not cover, as rejected", async () => {
      const { connector, tokens, account } = await spec.setUp();
      const before = await connector.listCampaigns(tokens, account);
      const campaign = { name: "   ", status: "enabled" as const, dailyBudgetMinor: minimumDailyBudgetMinor * 2 };

      expect((await failureOf(connector.createCampaign(tokens, account, campaign))).kind).toBe("rejected");
      const elsewhere = { ...account, externalId: "999999999" };
      const unknown = await failureOf(
        connector.createCampaign(tokens, elsewhere, { ...campaign, name: uniqueName("Lost") }),
      );
      expect(unknown.kind).toBe("rejected");

      expect(await connector.listCampaigns(tokens, account)).toEqual(before);
    });
  });
}

function uniqueName(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

async function failureOf(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}
