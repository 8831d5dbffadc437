import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor } from "#core/access/actor.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import type { UpdateCampaignRequest } from "./update-campaign.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.close();
});

/** The organization's read and write key “Reporting”, as the API's actor. */
const keyOf = (organization: ConnectedOrganization) =>
  apiKeyActor({
    apiKeyId: "key_1",
    keyName: "Reporting",
    organizationId: organization.organizationId,
    scope: "read_write",
    creatorRole: "owner",
  });

/** An enabled Google Ads campaign of the organization. */
async function enabledCampaign(organization: ConnectedOrganization) {
  const ids = organization.campaigns["google-ads"]!.map((campaign) => campaign.id);
  const campaign = (await world.deps.campaigns.listForChange(organization.organizationId, ids)).find(
    (item) => item.status !== "removed",
  )!;
  await world.campaigns.applyCampaignChanges(organization.actor, {
    campaignIds: [campaign.id],
    change: { action: "enable" },
  });
  return { ...campaign, status: "enabled" as const };
}

const logOf = async (organization: ConnectedOrganization, campaignId: string) =>
  (await world.campaigns.listChangeLog(organization.actor, { campaignId })).entries;

describe("updating a campaign (the API's PUT)", () => {
  it("pushes only the fields that differ, logs them as one entry and returns the campaign as stored", async () => {
    const ada = await world.connectOrganization(["google-ads"]);
    const campaign = await enabledCampaign(ada);
    const update = (fields: Partial<UpdateCampaignRequest>) =>
      world.campaigns.updateCampaign(keyOf(ada), { campaignId: campaign.id, ...fields });
    const budget = campaign.dailyBudgetMinor! + 500;
    const updated = await update({ status: "paused", dailyBudgetMinor: budget, name: campaign.name, reason: "Q3" });
    expect(updated).toMatchObject({
      id: campaign.id,
      platform: "google-ads",
      status: "paused",
      dailyBudgetMinor: budget,
      name: campaign.name,
      currency: campaign.currency,
    });
    expect(await world.platformCampaign(ada, "google-ads", campaign.externalId)).toMatchObject({
      status: "paused",
      dailyBudgetMinor: budget,
    });
    let log = await logOf(ada, campaign.id);
    expect(log[0]).toMatchObject({
      action: "update",
      source: "api",
      actor: { type: "api_key", id: "key_1", label: "API key “Reporting”" },
      reason: "Q3",
      before: { status: "enabled", dailyBudgetMinor: campaign.dailyBudgetMinor },
      after: { status: "paused", dailyBudgetMinor: budget },
      outcome: "succeeded",
      canUndo: true,
    });
    expect(log[0]?.after).not.toHaveProperty("name");

    // Nothing differs: nothing is sent or logged.
    expect(await update({ status: "paused", dailyBudgetMinor: budget })).toEqual(updated);
    expect(await logOf(ada, campaign.id)).toHaveLength(log.length);

    const renamed = await update({ name: "  Brand – exact match  " });
    expect(renamed.name).toBe("Brand – exact match");
    expect((await world.platformCampaign(ada, "google-ads", campaign.externalId))?.name).toBe("Brand – exact match");
    log = await logOf(ada, campaign.id);
    expect(log[0]).toMatchObject({
      action: "rename",
      before: { name: campaign.name },
      after: { name: "Brand – exact match" },
    });
    expect((await update({ dailyBudgetMinor: campaign.dailyBudgetMinor! })).dailyBudgetMinor).toBe(
      campaign.dailyBudgetMinor,
    );
    expect((await logOf(ada, campaign.id))[0]?.action).toBe("set_budget");
  });

  it("turns a platform's refusal into a conflict and logs it, keeping what the platform did take", async () => {
    const bo = await world.connectOrganization(["google-ads"], "Bo");
    const campaign = await enabledCampaign(bo);
    const update = (fields: Partial<UpdateCampaignRequest>) =>
      world.campaigns.updateCampaign(keyOf(bo), { campaignId: campaign.id, ...fields });
    // Google Ads refuses a daily budget under one unit of the currency.
    await expect(update({ dailyBudgetMinor: 50 })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^The platform refused the change: .*minimum/),
    });
    expect((await world.deps.campaigns.findSummary(bo.organizationId, campaign.id))?.dailyBudgetMinor).toBe(
      campaign.dailyBudgetMinor,
    );
    expect((await logOf(bo, campaign.id))[0]).toMatchObject({
      action: "set_budget",
      outcome: "failed",
      after: { dailyBudgetMinor: 50 },
      platformResponse: expect.stringMatching(/^Google Ads: .*minimum/),
      canUndo: false,
    });

    // The pause goes out first and is taken; the budget after it is refused. The log says both.
    await expect(update({ status: "paused", dailyBudgetMinor: 50 })).rejects.toMatchObject({ code: "conflict" });
    const [refused, paused] = await logOf(bo, campaign.id);
    expect(paused).toMatchObject({ action: "pause", outcome: "succeeded", after: { status: "paused" }, canUndo: true });
    expect(refused).toMatchObject({ action: "set_budget", outcome: "failed", after: { dailyBudgetMinor: 50 } });
    expect(await world.deps.campaigns.findSummary(bo.organizationId, campaign.id)).toMatchObject({
      status: "paused",
      dailyBudgetMinor: campaign.dailyBudgetMinor,
    });
  });

  it("refuses bad input and other organizations' campaigns, changing nothing", async () => {
    const owner = await world.connectOrganization(["google-ads"], "Owner");
    const stranger = await world.connectOrganization([], "Stranger");
    const campaign = await enabledCampaign(owner);
    const update = (fields: Partial<UpdateCampaignRequest>, organization = owner) =>
      world.campaigns.updateCampaign(keyOf(organization), { campaignId: campaign.id, ...fields });
    const logBefore = await logOf(owner, campaign.id);
    await expect(update({ status: "paused" }, stranger)).rejects.toMatchObject({ code: "not_found" });
    for (const bad of [
      { dailyBudgetMinor: 0 },
      { dailyBudgetMinor: 12.5 },
      { name: " " },
      { name: "x".repeat(256) },
      { status: "removed" as "paused" },
      { reason: "r".repeat(1_001) },
    ])
      await expect(update({ status: "paused", ...bad })).rejects.toMatchObject({ code: "unprocessable_entity" });
    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("organization_id", "=", owner.organizationId)
      .execute();
    await expect(update({ status: "paused" })).rejects.toMatchObject({ code: "not_found" });
    expect(await logOf(owner, campaign.id)).toEqual(logBefore);
    expect((await world.deps.campaigns.findForChange(owner.organizationId, campaign.id))?.status).toBe("enabled");
  });
});
