import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSandboxStateRepository, type SandboxStateRepository } from "./sandbox-state-repository.ts";

let database: DatabaseHandle;
let state: SandboxStateRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  state = createSandboxStateRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

describe("the sandbox clock", () => {
  it("starts at offset 0, adds advances (also concurrent ones) and keeps them in the database", async () => {
    expect(await state.getClockOffsetDays()).toBe(0);
    expect(await state.advanceClock(2)).toBe(2);
    await Promise.all([state.advanceClock(1), state.advanceClock(1), state.advanceClock(3)]);
    expect(await createSandboxStateRepository(database.db).getClockOffsetDays()).toBe(7);
    await expect(state.advanceClock(1.5)).rejects.toThrow(RangeError);
  });
});

describe("campaign changes", () => {
  it("are listed per tenant and platform, by effective date and then in the order they were made", async () => {
    const base = { tenant: "org_1", platform: "google-ads", campaignId: "111" };
    await state.insertCampaignChange({
      ...base,
      effectiveDate: "2026-03-05",
      status: "paused",
      dailyBudgetMinor: null,
    });
    await state.insertCampaignChange({ ...base, effectiveDate: "2026-03-03", status: null, dailyBudgetMinor: 5000 });
    await state.insertCampaignChange({
      ...base,
      effectiveDate: "2026-03-05",
      status: "enabled",
      dailyBudgetMinor: null,
    });
    await state.insertCampaignChange({
      ...base,
      platform: "facebook-ads",
      effectiveDate: "2026-03-01",
      status: "paused",
      dailyBudgetMinor: null,
    });
    await state.insertCampaignChange({
      ...base,
      tenant: "org_2",
      effectiveDate: "2026-03-01",
      status: "paused",
      dailyBudgetMinor: null,
    });

    const changes = await state.listCampaignChanges("org_1", "google-ads");
    expect(changes.map((change) => [change.effectiveDate, change.status, change.dailyBudgetMinor])).toEqual([
      ["2026-03-03", null, 5000],
      ["2026-03-05", "paused", null],
      ["2026-03-05", "enabled", null],
    ]);
    expect(changes.every((change) => change.campaignId === "111" && !Number.isNaN(Date.parse(change.createdAt)))).toBe(
      true,
    );
    expect(await state.listCampaignChanges("org_3", "google-ads")).toEqual([]);
  });
});

describe("created campaigns", () => {
  it("are listed per tenant and platform in the order they were made, and an id is taken once", async () => {
    const base = {
      tenant: "org_1",
      platform: "tiktok-ads",
      accountId: "7000000000000000001",
      status: "enabled" as const,
      dailyBudgetMinor: 7500,
      createdOn: "2026-03-02",
    };
    const first = await state.insertCreatedCampaign({ ...base, campaignId: "1700000000000000001", name: "First" });
    await state.insertCreatedCampaign({ ...base, campaignId: "1700000000000000002", name: "Second", status: "paused" });
    await state.insertCreatedCampaign({ ...base, tenant: "org_2", campaignId: "1700000000000000003", name: "Other" });

    const created = await state.listCreatedCampaigns("org_1", "tiktok-ads");
    expect(created).toEqual([first, expect.objectContaining({ name: "Second", status: "paused" })]);
    expect(await state.listCreatedCampaigns("org_1", "google-ads")).toEqual([]);
    await expect(
      state.insertCreatedCampaign({ ...base, campaignId: "1700000000000000001", name: "Again" }),
    ).rejects.toThrow();
  });

  it("keep renames beside status and budget changes", async () => {
    await state.insertCampaignChange({
      tenant: "org_9",
      platform: "linkedin-ads",
      campaignId: "300000001",
      effectiveDate: "2026-03-03",
      status: null,
      dailyBudgetMinor: null,
      name: "Renamed",
    });
    const [change] = await state.listCampaignChanges("org_9", "linkedin-ads");
    expect(change).toMatchObject({ status: null, dailyBudgetMinor: null, name: "Renamed" });
  });
});

describe("settings", () => {
  it("store, replace and delete a value by key", async () => {
    expect(await state.getSetting("google-ads:abc:budget:1")).toBeNull();
    await state.putSetting("google-ads:abc:budget:1", "one");
    await state.putSetting("google-ads:abc:budget:1", "two");
    expect(await state.getSetting("google-ads:abc:budget:1")).toBe("two");
    expect(await state.deleteSetting("google-ads:abc:budget:1")).toBe(true);
    expect(await state.deleteSetting("google-ads:abc:budget:1")).toBe(false);
    expect(await state.getSetting("google-ads:abc:budget:1")).toBeNull();
  });
});

describe("faults", () => {
  beforeEach(async () => {
    await state.clearFaults();
  });

  it("are stored with their defaults and cleared together", async () => {
    const throttle = await state.addFault({ kind: "throttle", platform: "google-ads", probability: 0.5, remaining: 2 });
    const slow = await state.addFault({ kind: "slow", tenant: "org_1", delayMs: 300 });
    expect(await state.listFaults()).toEqual([
      { ...throttle, tenant: null, delayMs: 0 },
      { ...slow, platform: null, probability: 1, remaining: null },
    ]);
    expect(await state.clearFaults()).toBe(2);
    expect(await state.listFaults()).toEqual([]);
  });

  it("use up a limited fault one hit at a time, and only once each under concurrency", async () => {
    const limited = await state.addFault({ kind: "server_error", remaining: 3 });
    const unlimited = await state.addFault({ kind: "throttle" });
    const hits = await Promise.all([1, 2, 3, 4, 5].map(() => state.takeFaultHit(limited.id)));
    expect(hits.filter(Boolean)).toHaveLength(3);
    expect((await state.listFaults()).map((fault) => fault.id)).toEqual([unlimited.id]);
    expect(await state.takeFaultHit(limited.id)).toBe(false);
  });
});
