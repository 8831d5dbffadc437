// A change is in the change log before it goes to the platform (bench:crash found changes that
// reached the platform but never the log when Adhelm was killed between the two): while the
// platform has not answered, the entry is there, saying so; the answer then settles it. And a
// retry of such a change (bench:crash found API retries that renamed a campaign twice) reads the
// campaign back before sending.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor } from "#core/access/actor.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import { changeCampaign } from "./change-campaign.ts";
import { INTERRUPTED_RESPONSE } from "./change-log-repository.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.sandbox.clearFaults();
  await world.close();
});

const logOf = async (organization: ConnectedOrganization, campaignId: string) =>
  (await world.campaigns.listChangeLog(organization.actor, { campaignId })).entries;

/** The platform holds its next answer for a while, as if Adhelm were killed while it waits. */
async function holdNextAnswer() {
  await world.sandbox.setFault({ kind: "slow", platform: "google-ads", delayMs: 4_000, remaining: 1 });
}

async function googleCampaign(organization: ConnectedOrganization) {
  const ids = organization.campaigns["google-ads"]!.map((campaign) => campaign.id);
  return (await world.deps.campaigns.listForChange(organization.organizationId, ids)).find(
    (item) => item.status !== "removed" && item.dailyBudgetMinor !== null,
  )!;
}

describe("a campaign change while the platform has not answered yet", () => {
  it("is already in the change log from the API's PUT, and succeeds once the platform answers", async () => {
    const ada = await world.connectOrganization(["google-ads"]);
    const campaign = await googleCampaign(ada);
    const key = apiKeyActor({
      apiKeyId: "key_1",
      keyName: "Reporting",
      organizationId: ada.organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    await holdNextAnswer();
    let isAnswered = false;
    const update = world.campaigns.updateCampaign(key, { campaignId: campaign.id, name: "Spring sale" }).finally(() => {
      isAnswered = true;
    });
    await expect
      .poll(() => logOf(ada, campaign.id))
      .toMatchObject([
        { outcome: "failed", platformResponse: INTERRUPTED_RESPONSE, after: { name: "Spring sale" }, canUndo: false },
      ]);
    expect(isAnswered).toBe(false);
    await update;
    expect(await logOf(ada, campaign.id)).toMatchObject([
      { action: "rename", outcome: "succeeded", platformResponse: "Google Ads accepted the change.", canUndo: true },
    ]);
  });

  it("is already in the change log from the campaigns screen, and so is its undo", async () => {
    const grace = await world.connectOrganization(["google-ads"]);
    const campaign = await googleCampaign(grace);
    const budget = campaign.dailyBudgetMinor! + 700;
    await holdNextAnswer();
    const applying = world.campaigns.applyCampaignChanges(grace.actor, {
      campaignIds: [campaign.id],
      change: { action: "set_budget", budget: { kind: "absolute", amountMinor: budget } },
    });
    await expect
      .poll(() => logOf(grace, campaign.id))
      .toMatchObject([
        { outcome: "failed", platformResponse: INTERRUPTED_RESPONSE, after: { dailyBudgetMinor: budget } },
      ]);
    const { results } = await applying;
    expect(results).toMatchObject([{ outcome: "succeeded" }]);

    await holdNextAnswer();
    const undoing = world.campaigns.undoCampaignChange(grace.actor, { changeId: results[0]!.changeId! });
    await expect
      .poll(() => logOf(grace, campaign.id))
      .toMatchObject([
        { source: "undo", outcome: "failed", platformResponse: INTERRUPTED_RESPONSE },
        { id: results[0]!.changeId, canUndo: false },
      ]);
    expect(await undoing).toMatchObject({ outcome: "succeeded" });
    expect(await logOf(grace, campaign.id)).toMatchObject([
      { source: "undo", outcome: "succeeded", undoOf: results[0]!.changeId },
      { id: results[0]!.changeId, undoneBy: expect.any(String), canUndo: false },
    ]);
  });
});

describe("retrying a change that Adhelm was stopped in the middle of", () => {
  it("reads the campaign back first and does not send what the platform already took", async () => {
    const ada = await world.connectOrganization(["google-ads"]);
    const campaign = await googleCampaign(ada);
    // What a kill -9 between the platform's answer and ours leaves: the platform renamed the
    // campaign, our row still has the old name, and the log holds the change as interrupted.
    await changeCampaign(world.deps, ada.actor, { campaignId: campaign.id, change: { name: "Autumn sale" } });
    await world.deps.campaigns.recordChange(ada.organizationId, campaign.id, { name: campaign.name });
    await world.deps.changeLog.insert({
      organizationId: ada.organizationId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      platform: "google-ads",
      actor: { kind: "api_key", id: "key_1", label: "Reporting" },
      source: "api",
      action: "rename",
      reason: null,
      before: { name: campaign.name },
      after: { name: "Autumn sale" },
      outcome: "failed",
      platformResponse: INTERRUPTED_RESPONSE,
      batchId: null,
      undoOf: null,
    });
    const sends = async () =>
      (
        await world.sandbox.db
          .selectFrom("sandbox_campaign_changes")
          .select("id")
          .where("tenant", "=", world.sandbox.tenant)
          .where("campaign_id", "=", campaign.externalId)
          .where("name", "=", "Autumn sale")
          .execute()
      ).length;
    const sentBefore = await sends();

    // The API client's retry with its Idempotency-Key runs the request again.
    const key = apiKeyActor({
      apiKeyId: "key_1",
      keyName: "Reporting",
      organizationId: ada.organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    expect(await world.campaigns.updateCampaign(key, { campaignId: campaign.id, name: "Autumn sale" })).toMatchObject({
      name: "Autumn sale",
    });
    expect(await sends()).toBe(sentBefore);
    expect((await logOf(ada, campaign.id))[0]).toMatchObject({
      action: "rename",
      outcome: "succeeded",
      after: { name: "Autumn sale" },
    });
  });
});
