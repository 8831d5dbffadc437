import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { type CampaignSandbox, type ConnectedOrganization, startCampaignSandbox } from "./campaign-test-fixture.ts";
import type { ListCampaignsRequest } from "./list-campaigns.ts";

let world: CampaignSandbox;
let owner: ConnectedOrganization;
let stranger: ConnectedOrganization;

beforeAll(async () => {
  world = await startCampaignSandbox();
  owner = await world.connectOrganization(["google-ads", "facebook-ads"], "Owner");
  stranger = await world.connectOrganization(["google-ads"], "Stranger");
});
afterAll(async () => {
  await world.close();
});

const list = (input: Partial<ListCampaignsRequest>, organization = owner) =>
  world.campaigns.listCampaigns(organization.actor, input);

/** Every page, following the cursor. */
async function allPages(input: Partial<ListCampaignsRequest>) {
  const pages: CampaignSummary[][] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ ...input, cursor });
    pages.push(page.campaigns);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("listing campaigns (the API's GET /campaigns)", () => {
  it("lists the organization's campaigns newest first, a page at a time after an opaque cursor", async () => {
    const { campaigns, nextCursor } = await list({});
    expect(nextCursor).toBeNull();
    const ownIds = Object.values(owner.campaigns).flatMap((items) => items.map((item) => item.id));
    expect(campaigns.map((campaign) => campaign.id).sort()).toEqual([...ownIds].sort());
    const sortKey = (campaign: CampaignSummary) => `${campaign.createdAt}|${campaign.id}`;
    expect(campaigns.map(sortKey)).toEqual(campaigns.map(sortKey).sort().reverse());
    expect(campaigns[0]).toMatchObject({
      platform: expect.stringMatching(/^(google-ads|facebook-ads)$/),
      adAccountName: expect.any(String),
      externalId: expect.any(String),
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });

    const pages = await allPages({ limit: 3 });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual(campaigns);
    expect((await list({ limit: 8 })).nextCursor).toBeNull();
  });

  it("filters by platform, ad account, status and part of the name", async () => {
    const { campaigns: everything } = await list({ limit: 100 });
    const meta = await list({ platforms: ["facebook-ads"] });
    expect(meta.campaigns).toEqual(everything.filter((campaign) => campaign.platform === "facebook-ads"));
    expect(meta.campaigns).toHaveLength(4);

    const accountId = owner.campaigns["google-ads"]![0]!.adAccountId;
    expect((await list({ adAccountIds: [accountId] })).campaigns).toEqual(
      everything.filter((campaign) => campaign.adAccountId === accountId),
    );
    for (const status of ["enabled", "paused", "removed"] as const)
      expect((await list({ statuses: [status] })).campaigns).toEqual(
        everything.filter((campaign) => campaign.status === status),
      );

    const target = everything[5]!;
    const part = target.name.slice(1, 6);
    const found = await list({ search: part.toUpperCase() });
    expect(found.campaigns).toContainEqual(target);
    expect(found.campaigns).toEqual(
      everything.filter((campaign) => campaign.name.toLowerCase().includes(part.toLowerCase())),
    );
    // LIKE's wildcards in the text are taken literally.
    expect((await list({ search: "%" })).campaigns).toEqual(everything.filter((c) => c.name.includes("%")));
    expect((await list({ search: "_" })).campaigns).toEqual(everything.filter((c) => c.name.includes("_")));

    const paged = await allPages({ platforms: ["google-ads"], limit: 3 });
    expect(paged.flat()).toEqual(everything.filter((campaign) => campaign.platform === "google-ads"));
  });

  it("refuses a bad cursor or limit, and shows only the organization's managed campaigns", async () => {
    for (const cursor of [
      "not a cursor",
      "bm90LWpzb24",
      Buffer.from(JSON.stringify({ t: "yesterday", i: "x" })).toString("base64url"),
    ])
      await expect(list({ cursor })).rejects.toMatchObject({ code: "bad_request" });
    for (const limit of [0, 101, 2.5]) await expect(list({ limit })).rejects.toMatchObject({ code: "bad_request" });

    const strangers = await list({}, stranger);
    const strangerIds = stranger.campaigns["google-ads"]!.map((item) => item.id);
    expect(strangers.campaigns.map((campaign) => campaign.id).sort()).toEqual([...strangerIds].sort());
    const ownerCampaign = owner.campaigns["google-ads"]![0]!;
    expect(await world.campaigns.getCampaign(stranger.actor, ownerCampaign.id)).toBeNull();
    expect(await world.campaigns.getCampaign(owner.actor, ownerCampaign.id)).toMatchObject({
      id: ownerCampaign.id,
      platform: "google-ads",
    });
    // A cursor from another organization's list reveals nothing of it.
    const page = await list({ limit: 2 });
    expect((await list({ cursor: page.nextCursor }, stranger)).campaigns.every((c) => strangerIds.includes(c.id))).toBe(
      true,
    );

    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("id", "=", ownerCampaign.adAccountId)
      .execute();
    const managed = await list({});
    expect(managed.campaigns.map((campaign) => campaign.platform)).toEqual(Array(4).fill("facebook-ads"));
    expect(await world.campaigns.getCampaign(owner.actor, ownerCampaign.id)).toBeNull();
  });
});

describe("the list version (what the API files finished pages under)", () => {
  it("moves with every write the list could show, on any path, and only then", async () => {
    const organization = await world.connectOrganization(["google-ads"], "Versioned");
    const campaign = organization.campaigns["google-ads"]![0]!;
    const db = world.sandbox.db;
    const versionOf = (id: string) => world.deps.campaigns.listVersion(id);
    const strangerVersion = await versionOf(stranger.organizationId);
    let last = await versionOf(organization.organizationId);
    expect(last).toBeGreaterThan(0); // the sync wrote its campaigns
    const expectMoved = async (moved: boolean) => {
      const now = await versionOf(organization.organizationId);
      if (moved) expect(now).toBeGreaterThan(last);
      else expect(now).toBe(last);
      last = now;
    };

    const sync = createSyncRepository(db);
    const stored = await world.deps.campaigns.findForChange(organization.organizationId, campaign.id);
    if (!stored) throw new Error("campaign not found");
    const asSynced = {
      externalId: stored.externalId,
      name: stored.name,
      status: stored.status,
      dailyBudgetMinor: stored.dailyBudgetMinor,
      currency: stored.currency,
    };
    // A sync that finds nothing new rewrites the row but leaves the pages in place.
    await sync.upsertCampaigns(organization.organizationId, campaign.adAccountId, [asSynced]);
    await expectMoved(false);
    await sync.upsertCampaigns(organization.organizationId, campaign.adAccountId, [
      { ...asSynced, dailyBudgetMinor: (asSynced.dailyBudgetMinor ?? 0) + 100 },
    ]);
    await expectMoved(true);
    await sync.upsertCampaigns(organization.organizationId, campaign.adAccountId, [
      { ...asSynced, externalId: "new-on-the-platform" },
    ]);
    await expectMoved(true);
    await world.deps.campaigns.recordChange(organization.organizationId, campaign.id, { status: "paused" });
    await expectMoved(true);

    const account = db.updateTable("ad_accounts").where("id", "=", campaign.adAccountId);
    await account.set({ updated_at: new Date().toISOString() }).execute();
    await expectMoved(false);
    await account.set({ is_managed: false }).execute();
    await expectMoved(true);

    const { connection_id: connectionId } = await db
      .selectFrom("ad_accounts")
      .select("connection_id")
      .where("id", "=", campaign.adAccountId)
      .executeTakeFirstOrThrow();
    const connection = db.updateTable("connections").where("id", "=", connectionId);
    await connection.set({ last_synced_at: new Date().toISOString() }).execute();
    await expectMoved(false);
    await connection.set({ status: "disconnected" }).execute();
    await expectMoved(true);
    // Deleting the connection deletes its campaigns (a cascade), which moves it too.
    await db.deleteFrom("connections").where("id", "=", connectionId).execute();
    await expectMoved(true);

    expect(await versionOf(stranger.organizationId)).toBe(strangerVersion);
  });
});
