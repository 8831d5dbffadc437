import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor } from "#core/access/actor.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import type { CreateCampaignRequest } from "./create-campaign.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.close();
});

/** The organization's read and write key “Launches”, as the API's actor. */
const keyOf = (organization: ConnectedOrganization) =>
  apiKeyActor({
    apiKeyId: "key_1",
    keyName: "Launches",
    organizationId: organization.organizationId,
    scope: "read_write",
    creatorRole: "owner",
  });

function create(organization: ConnectedOrganization, fields: Partial<CreateCampaignRequest> = {}) {
  return world.campaigns.createCampaign(keyOf(organization), {
    adAccountId: organization.campaigns["google-ads"]?.[0]?.adAccountId ?? "no-account",
    name: "Spring sale",
    status: "paused",
    dailyBudgetMinor: 2_500,
    ...fields,
  });
}

const accountCampaigns = (organization: ConnectedOrganization) =>
  world.sandbox.db
    .selectFrom("campaigns")
    .where("organization_id", "=", organization.organizationId)
    .select(["id", "external_id", "name", "status", "daily_budget_minor"])
    .execute();

describe("creating a campaign", () => {
  it("creates it on the platform, stores and logs it, and the next sync does not add it twice", async () => {
    const ada = await world.connectOrganization(["google-ads", "facebook-ads"]);
    const before = await accountCampaigns(ada);
    const created = await create(ada, { name: "  Spring sale  ", reason: "Launch" });
    expect(created).toMatchObject({
      id: expect.any(String),
      platform: "google-ads",
      adAccountId: ada.campaigns["google-ads"]![0]!.adAccountId,
      name: "Spring sale",
      status: "paused",
      dailyBudgetMinor: 2_500,
      externalId: expect.stringMatching(/^\d+$/),
    });
    expect(await world.platformCampaign(ada, "google-ads", created.externalId)).toMatchObject({
      name: "Spring sale",
      status: "paused",
      dailyBudgetMinor: 2_500,
    });
    expect((await world.campaigns.listCampaigns(ada.actor, { limit: 1 })).campaigns).toEqual([created]);

    const meta = await create(ada, {
      adAccountId: ada.campaigns["facebook-ads"]![0]!.adAccountId,
      name: "Retargeting",
      status: "enabled",
      dailyBudgetMinor: 1_200,
    });
    expect(meta).toMatchObject({ platform: "facebook-ads", status: "enabled", dailyBudgetMinor: 1_200 });
    expect((await world.platformCampaign(ada, "facebook-ads", meta.externalId))?.name).toBe("Retargeting");

    await world.sync(ada, "google-ads");
    await world.sync(ada, "facebook-ads");
    const after = await accountCampaigns(ada);
    expect(after).toHaveLength(before.length + 2);
    expect(after.filter((row) => row.external_id === created.externalId)).toEqual([
      {
        id: created.id,
        external_id: created.externalId,
        name: "Spring sale",
        status: "paused",
        daily_budget_minor: 2_500,
      },
    ]);

    const { entries } = await world.campaigns.listChangeLog(ada.actor, { campaignId: created.id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "create",
        source: "api",
        actor: { type: "api_key", id: "key_1", label: "API key “Launches”" },
        reason: "Launch",
        campaignName: "Spring sale",
        platform: "google-ads",
        before: {},
        after: { name: "Spring sale", status: "paused", dailyBudgetMinor: 2_500 },
        outcome: "succeeded",
        currency: created.currency,
        canUndo: false,
      }),
    ]);
    await expect(world.campaigns.undoCampaignChange(keyOf(ada), { changeId: entries[0]!.id })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/cannot be undone/),
    });
  });

  it("refuses bad input, a budget the platform refuses, and an account it cannot use", async () => {
    const bo = await world.connectOrganization(["google-ads"], "Bo");
    const stranger = await world.connectOrganization([], "Stranger");
    const before = await accountCampaigns(bo);
    for (const bad of [
      { name: "" },
      { name: "x".repeat(256) },
      { dailyBudgetMinor: 0 },
      { dailyBudgetMinor: 99.5 },
      { status: "removed" as "paused" },
    ])
      await expect(create(bo, bad)).rejects.toMatchObject({ code: "unprocessable_entity" });
    await expect(create(bo, { adAccountId: "no-such-account" })).rejects.toMatchObject({ code: "not_found" });
    await expect(create(stranger, { adAccountId: bo.campaigns["google-ads"]![0]!.adAccountId })).rejects.toMatchObject({
      code: "not_found",
    });

    await expect(create(bo, { dailyBudgetMinor: 50, name: "Too small" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^The platform refused the change: .*minimum/),
    });
    const { entries } = await world.campaigns.listChangeLog(bo.actor, {});
    expect(entries).toEqual([
      expect.objectContaining({
        action: "create",
        campaignId: null,
        campaignName: "Too small",
        outcome: "failed",
        platformResponse: expect.stringMatching(/^Google Ads: .*minimum/),
        canUndo: false,
      }),
    ]);

    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("organization_id", "=", bo.organizationId)
      .execute();
    await expect(create(bo)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/manage/) });
    await world.sandbox.db
      .updateTable("connections")
      .set({ status: "disconnected" })
      .where("organization_id", "=", bo.organizationId)
      .execute();
    await expect(create(bo)).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/not connected/),
    });
    expect(await accountCampaigns(bo)).toEqual(before);
  });
});
