import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeActor } from "./campaign-change-types.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import { type CreateCampaignRequest, createCampaign } from "./create-campaign.ts";
import { listCampaigns } from "./list-campaigns.ts";
import { listChangeLog } from "./list-change-log.ts";
import { undoCampaignChange } from "./undo-campaign-change.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.close();
});

const apiKey: ChangeActor = { type: "api_key", id: "key_1", label: "API key “Launches”" };

function create(organization: ConnectedOrganization, fields: Partial<CreateCampaignRequest> = {}) {
  return createCampaign(world.deps, {
    organizationId: organization.organizationId,
    adAccountId: organization.campaigns["google-ads"]?.[0]?.adAccountId ?? "no-account",
    name: "Spring sale",
    status: "paused",
    dailyBudgetMinor: 2_500,
    actor: apiKey,
    source: "api",
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
    expect((await listCampaigns(world.deps, { organizationId: ada.organizationId, limit: 1 })).campaigns).toEqual([
      created,
    ]);

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

    const { entries } = await listChangeLog(world.deps, { organizationId: ada.organizationId, campaignId: created.id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "create",
        source: "api",
        actor: apiKey,
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
    await expect(
      undoCampaignChange(world.deps, { organizationId: ada.organizationId, changeId: entries[0]!.id, actor: apiKey }),
    ).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/cannot be undone/) });
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
    const { entries } = await listChangeLog(world.deps, { organizationId: bo.organizationId });
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
