import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestedChange } from "./campaign-change-types.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.close();
});

/** A Google Ads campaign of the organization that is not removed. */
async function liveCampaign(organization: ConnectedOrganization) {
  const campaigns = await world.deps.campaigns.listForChange(
    organization.organizationId,
    organization.campaigns["google-ads"]!.map((campaign) => campaign.id),
  );
  return campaigns.find((campaign) => campaign.status !== "removed")!;
}

async function apply(organization: ConnectedOrganization, campaignId: string, change: RequestedChange) {
  const result = await world.campaigns.applyCampaignChanges(organization.actor, { campaignIds: [campaignId], change });
  return result.results[0]!;
}

describe("undoing a change", () => {
  it("puts back what the change replaced, on the platform and in the log, once", async () => {
    const ada = await world.connectOrganization(["google-ads"]);
    const campaign = await liveCampaign(ada);
    const originalBudget = campaign.dailyBudgetMinor!;
    const change = await apply(ada, campaign.id, {
      action: "set_budget",
      budget: { kind: "absolute", amountMinor: originalBudget + 2_222 },
    });
    expect(change.outcome).toBe("succeeded");

    const undo = await world.campaigns.undoCampaignChange(ada.actor, { changeId: change.changeId! });
    expect(undo).toMatchObject({
      campaignId: campaign.id,
      outcome: "succeeded",
      before: { dailyBudgetMinor: originalBudget + 2_222 },
      after: { dailyBudgetMinor: originalBudget },
    });
    expect((await world.platformCampaign(ada, "google-ads", campaign.externalId))?.dailyBudgetMinor).toBe(
      originalBudget,
    );
    expect((await world.deps.campaigns.findForChange(ada.organizationId, campaign.id))?.dailyBudgetMinor).toBe(
      originalBudget,
    );

    const { entries } = await world.campaigns.listChangeLog(ada.actor, { campaignId: campaign.id });
    expect(entries.map((entry) => entry.id)).toEqual([undo.changeId, change.changeId]);
    expect(entries[0]).toMatchObject({
      source: "undo",
      action: "set_budget",
      undoOf: change.changeId,
      outcome: "succeeded",
      canUndo: true,
      actor: { label: "Ada" },
    });
    expect(entries[1]).toMatchObject({ undoneBy: undo.changeId, canUndo: false });

    await expect(world.campaigns.undoCampaignChange(ada.actor, { changeId: change.changeId! })).rejects.toMatchObject({
      code: "conflict",
      message: "This change was already undone.",
    });
  });

  it("refuses a change the campaign has moved on from, a failed change and another organization's change", async () => {
    const bo = await world.connectOrganization(["google-ads"], "Bo");
    const campaign = await liveCampaign(bo);
    await apply(bo, campaign.id, { action: "enable" });
    const pause = await apply(bo, campaign.id, { action: "pause" });
    expect(pause.outcome).toBe("succeeded");
    await apply(bo, campaign.id, { action: "enable" });
    await expect(world.campaigns.undoCampaignChange(bo.actor, { changeId: pause.changeId! })).rejects.toMatchObject({
      code: "conflict",
      message: "This campaign has changed since: it is enabled now. Undoing would overwrite the later change.",
    });

    await world.sandbox.setFault({ kind: "server_error", platform: "google-ads" });
    const failed = await apply(bo, campaign.id, { action: "pause" }).finally(() => world.sandbox.clearFaults());
    expect(failed.outcome).toBe("failed");
    await expect(world.campaigns.undoCampaignChange(bo.actor, { changeId: failed.changeId! })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/did not reach the platform/),
    });

    const stranger = await world.connectOrganization([], "Stranger");
    const later = await apply(bo, campaign.id, { action: "pause" });
    await expect(
      world.campaigns.undoCampaignChange(stranger.actor, { changeId: later.changeId! }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await world.deps.changeLog.find(bo.organizationId, later.changeId!))?.canUndo).toBe(true);
    expect(await world.deps.changeLog.find(stranger.organizationId, later.changeId!)).toBeNull();
    expect((await world.campaigns.listChangeLog(bo.actor, {})).entries.length).toBeGreaterThan(2);
    expect(await world.campaigns.listChangeLog(stranger.actor, { campaignId: campaign.id })).toEqual({
      entries: [],
      nextCursor: null,
    });
  });

  it("keeps the change undoable when the undo fails on the platform", async () => {
    const cy = await world.connectOrganization(["google-ads"], "Cy");
    const campaign = await liveCampaign(cy);
    const raise = await apply(cy, campaign.id, { action: "set_budget", budget: { kind: "percent", percent: 20 } });
    await world.sandbox.setFault({ kind: "server_error", platform: "google-ads" });
    const failedUndo = await world.campaigns
      .undoCampaignChange(cy.actor, { changeId: raise.changeId! })
      .finally(() => world.sandbox.clearFaults());
    expect(failedUndo).toMatchObject({ outcome: "failed", message: expect.stringMatching(/^Google Ads: /) });
    expect(await world.deps.changeLog.find(cy.organizationId, failedUndo.changeId!)).toMatchObject({
      source: "undo",
      undoOf: raise.changeId,
      outcome: "failed",
      canUndo: false,
    });
    expect((await world.deps.changeLog.find(cy.organizationId, raise.changeId!))?.canUndo).toBe(true);

    const undo = await world.campaigns.undoCampaignChange(cy.actor, { changeId: raise.changeId! });
    expect(undo.outcome).toBe("succeeded");
    expect((await world.platformCampaign(cy, "google-ads", campaign.externalId))?.dailyBudgetMinor).toBe(
      campaign.dailyBudgetMinor,
    );
  });
});
