import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor } from "#core/access/actor.ts";
import type { RequestedChange } from "./campaign-change-types.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import type { ChangeLogPage } from "./list-change-log.ts";

let world: CampaignSandbox;

beforeAll(async () => {
  world = await startCampaignSandbox();
});
afterAll(async () => {
  await world.close();
});

const idsOf = (organization: ConnectedOrganization, platform?: string) =>
  Object.entries(organization.campaigns)
    .filter(([name]) => !platform || name === platform)
    .flatMap(([, campaigns]) => campaigns.map((campaign) => campaign.id));

async function statusesOf(organization: ConnectedOrganization, ids: string[]) {
  const campaigns = await world.deps.campaigns.listForChange(organization.organizationId, ids);
  return new Map(campaigns.map((campaign) => [campaign.id, campaign]));
}

async function batchEntries(organization: ConnectedOrganization, batchId: string) {
  const { entries } = await world.campaigns.listChangeLog(organization.actor, { limit: 200 });
  return entries.filter((entry) => entry.batchId === batchId);
}

describe("applying a change to a selection", () => {
  it("pauses campaigns on two platforms, skips what is already so or cannot change, and logs each push", async () => {
    const ada = await world.connectOrganization(["google-ads", "facebook-ads"]);
    const ids = idsOf(ada);
    expect(ids).toHaveLength(8);
    const removed = [...(await statusesOf(ada, ids)).values()].filter((campaign) => campaign.status === "removed");
    const live = ids.filter((id) => !removed.some((campaign) => campaign.id === id));
    expect(live.length).toBeGreaterThanOrEqual(4);

    // Everything live enabled first, so the pause has work on both platforms.
    await world.campaigns.applyCampaignChanges(ada.actor, {
      campaignIds: ids,
      change: { action: "enable" },
    });
    const previews = await world.campaigns.previewCampaignChanges(ada.actor, {
      target: { kind: "ids", ids: ids },
      change: { action: "pause" },
    });
    expect(previews.map((preview) => preview.campaignId)).toEqual(ids);
    for (const preview of previews) {
      const isRemoved = removed.some((campaign) => campaign.id === preview.campaignId);
      expect(preview).toMatchObject(
        isRemoved
          ? { isUnchanged: false, problem: expect.stringMatching(/removed/) }
          : { before: { status: "enabled" }, after: { status: "paused" }, isUnchanged: false, problem: null },
      );
    }

    const result = await world.campaigns.applyCampaignChanges(ada.actor, {
      campaignIds: ids,
      change: { action: "pause" },
      reason: "Weekend: save the budget",
    });
    expect(result).toMatchObject({ succeeded: live.length, failed: 0, skipped: removed.length });
    expect(result.results.map((item) => item.campaignId)).toEqual(ids);
    for (const item of result.results.filter((item) => item.outcome === "succeeded")) {
      expect(item.changeId).toEqual(expect.any(String));
      expect(item.message).toMatch(/^(Google Ads|Meta) accepted the change\.$/);
    }
    for (const item of result.results.filter((item) => item.outcome === "skipped")) expect(item.changeId).toBeNull();

    // The platforms themselves say paused, and so does our copy before any sync.
    for (const platform of ["google-ads", "facebook-ads"] as const) {
      const campaign = ada.campaigns[platform]!.find((item) => live.includes(item.id))!;
      expect((await world.platformCampaign(ada, platform, campaign.externalId))?.status).toBe("paused");
    }
    const after = await statusesOf(ada, live);
    expect([...after.values()].every((campaign) => campaign.status === "paused")).toBe(true);

    const entries = await batchEntries(ada, result.batchId);
    expect(entries).toHaveLength(live.length);
    expect(new Set(entries.map((entry) => entry.campaignId))).toEqual(new Set(live));
    for (const entry of entries)
      expect(entry).toMatchObject({
        actor: { type: "user", id: ada.viewer.userId, label: "Ada" },
        source: "app",
        action: "pause",
        reason: "Weekend: save the budget",
        before: { status: "enabled" },
        after: { status: "paused" },
        outcome: "succeeded",
        platformResponse: expect.stringMatching(/accepted the change/),
        undoOf: null,
        undoneBy: null,
        canUndo: true,
      });

    // The log reads newest first, a page at a time, and another organization sees none of it.
    const { entries: whole } = await world.campaigns.listChangeLog(ada.actor, {});
    const paged = [];
    let cursor: string | null = null;
    do {
      const page: ChangeLogPage = await world.campaigns.listChangeLog(ada.actor, { limit: 2, cursor });
      paged.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect(whole.map((entry) => entry.createdAt)).toEqual(
      whole
        .map((entry) => entry.createdAt)
        .sort()
        .reverse(),
    );
    // The enables went out before the pauses, so they come after them.
    const actions = whole.map((entry) => entry.action);
    expect(actions).toEqual([
      ...actions.filter((action) => action === "pause"),
      ...actions.filter((a) => a === "enable"),
    ]);
    await expect(world.campaigns.listChangeLog(ada.actor, { cursor: "bm9wZQ" })).rejects.toMatchObject({
      code: "bad_request",
    });

    // A chunk sent again with the same batch id changes and logs nothing more.
    const again = await world.campaigns.applyCampaignChanges(ada.actor, {
      campaignIds: live.slice(0, 2),
      change: { action: "pause" },
      batchId: result.batchId,
    });
    expect(again).toMatchObject({ batchId: result.batchId, succeeded: 0, failed: 0, skipped: 2 });
    expect(again.results.every((item) => item.message === "Already as asked; nothing was sent.")).toBe(true);
    expect(await batchEntries(ada, result.batchId)).toHaveLength(live.length);
  });

  it("names each campaign that failed and why, while the others succeed, and logs both", async () => {
    const bo = await world.connectOrganization(["google-ads", "facebook-ads"], "Bo");
    const ids = idsOf(bo);
    const stored = await statusesOf(bo, ids);
    const live = ids.filter((id) => stored.get(id)!.status !== "removed");
    const isMeta = (id: string) => idsOf(bo, "facebook-ads").includes(id);
    await world.sandbox.setFault({ kind: "server_error", platform: "facebook-ads" });
    let result: Awaited<ReturnType<CampaignSandbox["campaigns"]["applyCampaignChanges"]>>;
    try {
      result = await world.campaigns.applyCampaignChanges(bo.actor, {
        campaignIds: ids,
        change: { action: "set_budget", budget: { kind: "absolute", amountMinor: 4_321 } },
      });
    } finally {
      await world.sandbox.clearFaults();
    }
    const failedIds = live.filter(isMeta);
    const succeededIds = live.filter((id) => !isMeta(id));
    expect(failedIds.length).toBeGreaterThan(0);
    expect(succeededIds.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ failed: failedIds.length, succeeded: succeededIds.length });
    const failures = result.results.filter((item) => item.outcome === "failed");
    expect(failures.map((item) => item.campaignId)).toEqual(failedIds);
    for (const failure of failures) {
      expect(failure).toMatchObject({ platform: "facebook-ads", campaignName: stored.get(failure.campaignId)!.name });
      // The platform's own answer, naming the platform.
      expect(failure.message).toMatch(/^Meta: .{10,}/);
    }

    const now = await statusesOf(bo, live);
    for (const id of succeededIds) expect(now.get(id)!.dailyBudgetMinor).toBe(4_321);
    for (const id of failedIds) expect(now.get(id)!.dailyBudgetMinor).toBe(stored.get(id)!.dailyBudgetMinor);
    const google = bo.campaigns["google-ads"]!.find((item) => succeededIds.includes(item.id))!;
    expect((await world.platformCampaign(bo, "google-ads", google.externalId))?.dailyBudgetMinor).toBe(4_321);

    const entries = await batchEntries(bo, result.batchId);
    expect(entries).toHaveLength(live.length);
    for (const entry of entries) {
      const item = result.results.find((candidate) => candidate.changeId === entry.id)!;
      expect(entry).toMatchObject({
        action: "set_budget",
        outcome: item.outcome,
        platformResponse: item.message,
        after: { dailyBudgetMinor: 4_321 },
        canUndo: item.outcome === "succeeded",
      });
    }

    // The platform's own refusal: -50% takes one budget under Google's minimum of one unit a day.
    const [small, large] = live.filter((id) => !isMeta(id));
    for (const [id, amountMinor] of [
      [small!, 150],
      [large!, 5_000],
    ] as const)
      await world.campaigns.applyCampaignChanges(bo.actor, {
        campaignIds: [id],
        change: { action: "set_budget", budget: { kind: "absolute", amountMinor } },
      });
    const halved = await world.campaigns.applyCampaignChanges(bo.actor, {
      campaignIds: [small!, large!],
      change: { action: "set_budget", budget: { kind: "percent", percent: -50 } },
    });
    expect(halved.results).toMatchObject([
      {
        campaignId: small,
        outcome: "failed",
        after: { dailyBudgetMinor: 75 },
        message: expect.stringMatching(/minimum/),
      },
      { campaignId: large, outcome: "succeeded", after: { dailyBudgetMinor: 2_500 } },
    ]);
    expect((await statusesOf(bo, [small!])).get(small!)?.dailyBudgetMinor).toBe(150);
  });

  it("rounds a ±% budget to whole minor units and refuses what a campaign cannot take", async () => {
    const cy = await world.connectOrganization(["google-ads"], "Cy");
    const ids = idsOf(cy);
    const stored = await statusesOf(cy, ids);
    const [first, second, third] = ids.filter((id) => stored.get(id)!.status !== "removed");
    const change = (percent: number) => ({
      action: "set_budget" as const,
      budget: { kind: "percent" as const, percent },
    });
    await world.campaigns.applyCampaignChanges(cy.actor, {
      campaignIds: [first!],
      change: { action: "set_budget", budget: { kind: "absolute", amountMinor: 1_005 } },
    });
    const preview = (percent: number, campaignIds = [first!]) =>
      world.campaigns.previewCampaignChanges(cy.actor, {
        target: { kind: "ids", ids: campaignIds },
        change: change(percent),
      });
    expect((await preview(10))[0]).toMatchObject({
      before: { dailyBudgetMinor: 1_005 },
      after: { dailyBudgetMinor: 1_106 },
      problem: null,
    });
    expect((await preview(-15))[0]?.after).toEqual({ dailyBudgetMinor: 854 });
    expect((await preview(2.5))[0]?.after).toEqual({ dailyBudgetMinor: 1_030 });
    expect((await preview(0))[0]).toMatchObject({ isUnchanged: true, problem: null });
    expect((await preview(-100))[0]).toMatchObject({ problem: "The new daily budget would be zero or less." });

    const raised = await world.campaigns.applyCampaignChanges(cy.actor, {
      campaignIds: [first!],
      change: change(10),
    });
    expect(raised.results[0]).toMatchObject({ outcome: "succeeded", after: { dailyBudgetMinor: 1_106 } });
    const platformCampaign = cy.campaigns["google-ads"]!.find((item) => item.id === first)!;
    expect((await world.platformCampaign(cy, "google-ads", platformCampaign.externalId))?.dailyBudgetMinor).toBe(1_106);

    const emptied = await world.campaigns.applyCampaignChanges(cy.actor, {
      campaignIds: [first!],
      change: change(-100),
    });
    expect(emptied).toMatchObject({ succeeded: 0, skipped: 1 });
    expect(emptied.results[0]?.message).toBe("The new daily budget would be zero or less.");
    expect(await batchEntries(cy, emptied.batchId)).toEqual([]);

    // A shared budget, a removed campaign and an account Adhelm does not manage cannot take a change.
    await world.sandbox.db
      .updateTable("campaigns")
      .set({ daily_budget_minor: null })
      .where("id", "=", second!)
      .execute();
    await world.sandbox.db.updateTable("campaigns").set({ status: "removed" }).where("id", "=", third!).execute();
    const problems = await preview(10, [second!, third!]);
    expect(problems.map((item) => item.problem)).toEqual([
      expect.stringMatching(/no daily budget of its own/),
      expect.stringMatching(/removed/),
    ]);
    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("organization_id", "=", cy.organizationId)
      .execute();
    expect((await preview(10))[0]?.problem).toMatch(/does not manage/);
    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: true })
      .where("organization_id", "=", cy.organizationId)
      .execute();

    // A rename goes through the same path, trimmed.
    const renamed = await world.campaigns.applyCampaignChanges(cy.actor, {
      campaignIds: [first!],
      change: { action: "rename", name: " Brand – broad " },
    });
    expect(renamed.results[0]).toMatchObject({ outcome: "succeeded", after: { name: "Brand – broad" } });
    expect((await world.platformCampaign(cy, "google-ads", platformCampaign.externalId))?.name).toBe("Brand – broad");
    expect((await statusesOf(cy, [first!])).get(first!)?.name).toBe("Brand – broad");
  });

  it("refuses bad input whole, and never reaches another organization's campaigns", async () => {
    const owner = await world.connectOrganization(["google-ads"], "Owner");
    const stranger = await world.connectOrganization(["facebook-ads"], "Stranger");
    const request = (campaignIds: string[], change: RequestedChange) =>
      world.campaigns.applyCampaignChanges(stranger.actor, {
        campaignIds,
        change,
      });
    const ownerIds = idsOf(owner);
    const strangerIds = idsOf(stranger);
    await expect(request(ownerIds, { action: "pause" })).rejects.toMatchObject({ code: "not_found" });
    await expect(request([...strangerIds, ownerIds[0]!], { action: "pause" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      world.campaigns.previewCampaignChanges(stranger.actor, {
        target: { kind: "ids", ids: ownerIds },
        change: { action: "enable" },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(request([], { action: "pause" })).rejects.toMatchObject({ code: "unprocessable_entity" });
    await expect(
      request(
        Array.from({ length: 501 }, (_, index) => `campaign-${index}`),
        { action: "pause" },
      ),
    ).rejects.toMatchObject({ code: "unprocessable_entity", message: expect.stringMatching(/500/) });
    await expect(
      request(strangerIds, { action: "set_budget", budget: { kind: "absolute", amountMinor: 0 } }),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
    await expect(
      request(strangerIds, { action: "set_budget", budget: { kind: "percent", percent: 5_000 } }),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
    await expect(request(strangerIds, { action: "rename", name: "  " })).rejects.toMatchObject({
      code: "unprocessable_entity",
    });

    const logs = await Promise.all(
      [owner, stranger].map((organization) => world.campaigns.listChangeLog(organization.actor, {})),
    );
    expect(logs.map((log) => log.entries)).toEqual([[], []]);
    const ownerCampaigns = await statusesOf(owner, ownerIds);
    expect(ownerCampaigns.size).toBe(ownerIds.length);
  });

  it("refuses an actor who may not change campaigns before anything is sent or logged", async () => {
    const dee = await world.connectOrganization(["google-ads"], "Dee");
    const ids = idsOf(dee);
    const before = await statusesOf(dee, ids);
    const readOnlyKey = apiKeyActor({
      apiKeyId: "key_dashboards",
      keyName: "Dashboards",
      organizationId: dee.organizationId,
      scope: "read",
      creatorRole: "owner",
    });
    const refused = {
      code: "forbidden",
      status: 403,
      message: "This API key is read-only. Use a key with read and write access to change campaigns.",
    };
    const [first] = ids;
    await expect(
      world.campaigns.applyCampaignChanges(readOnlyKey, { campaignIds: ids, change: { action: "pause" } }),
    ).rejects.toMatchObject(refused);
    await expect(
      world.campaigns.previewCampaignChanges(readOnlyKey, {
        target: { kind: "ids", ids },
        change: { action: "pause" },
      }),
    ).rejects.toMatchObject(refused);
    await expect(
      world.campaigns.updateCampaign(readOnlyKey, { campaignId: first!, name: "Renamed by a reader" }),
    ).rejects.toMatchObject(refused);
    await expect(
      world.campaigns.createCampaign(readOnlyKey, {
        adAccountId: dee.campaigns["google-ads"]![0]!.adAccountId,
        name: "Made by a reader",
        status: "paused",
        dailyBudgetMinor: 2_500,
      }),
    ).rejects.toMatchObject(refused);

    // Nothing changed, on the platform or here, and nothing was logged; the key may still read.
    expect(await statusesOf(dee, ids)).toEqual(before);
    const campaign = before.get(first!)!;
    expect((await world.platformCampaign(dee, "google-ads", campaign.externalId))?.name).toBe(campaign.name);
    expect((await world.campaigns.listChangeLog(readOnlyKey, {})).entries).toEqual([]);
    expect((await world.campaigns.listCampaigns(readOnlyKey, { limit: 100 })).campaigns.length).toBeGreaterThan(0);
    expect(world.campaigns.applyCampaignChanges.permission).toBe("campaigns.change");
  });
});
