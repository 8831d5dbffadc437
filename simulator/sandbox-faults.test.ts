import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSandboxFaults } from "./sandbox-faults.ts";
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
beforeEach(async () => {
  await state.clearFaults();
});

const call = { tenant: "org_1", platform: "google-ads" as const };

async function takeMany(faults: ReturnType<typeof createSandboxFaults>, count: number) {
  const results = [];
  for (let index = 0; index < count; index++) results.push(await faults.take(call));
  return results;
}

describe("sandbox faults", () => {
  it("inject nothing without faults", async () => {
    expect(await createSandboxFaults({ state }).take(call)).toBeNull();
  });

  it.each([
    ["every tenant and platform", {}, true],
    ["this tenant", { tenant: "org_1" }, true],
    ["this platform", { platform: "google-ads" as const }, true],
    ["this tenant on this platform", { tenant: "org_1", platform: "google-ads" as const }, true],
    ["another tenant", { tenant: "org_2" }, false],
    ["another platform", { platform: "shopify" as const }, false],
  ])("apply a fault for %s: %s", async (_label, scope, isHit) => {
    await state.addFault({ kind: "server_error", ...scope });
    expect(await createSandboxFaults({ state }).take(call)).toBe(isHit ? "server_error" : null);
  });

  it("hit a limited fault `remaining` times, then it is gone", async () => {
    await state.addFault({ kind: "throttle", remaining: 2 });
    const faults = createSandboxFaults({ state });
    expect(await takeMany(faults, 4)).toEqual(["throttle", "throttle", null, null]);
    expect(await state.listFaults()).toEqual([]);
  });

  it("hit with their probability, repeatably with the default seed", async () => {
    await state.addFault({ kind: "throttle", probability: 0.3 });
    const first = await takeMany(createSandboxFaults({ state }), 200);
    const second = await takeMany(createSandboxFaults({ state }), 200);
    expect(second).toEqual(first);
    const hits = first.filter((result) => result === "throttle").length;
    expect(hits).toBeGreaterThan(35);
    expect(hits).toBeLessThan(85);
  });

  it("use the given random numbers and never hit at probability 0", async () => {
    await state.addFault({ kind: "throttle", probability: 0.5 });
    await state.addFault({ kind: "server_error", probability: 0 });
    const draws = [0.7, 0.2, 0.0];
    const faults = createSandboxFaults({ state, random: () => draws.shift() ?? 0.99 });
    // 0.7 misses the throttle (0.5) and 0.2 the server error (0); 0.0 hits the throttle.
    expect(await takeMany(faults, 2)).toEqual([null, "throttle"]);
  });

  it("count a limited fault only when it hits", async () => {
    await state.addFault({ kind: "throttle", probability: 0.5, remaining: 1 });
    const draws = [0.9, 0.9, 0.1, 0.1];
    const faults = createSandboxFaults({ state, random: () => draws.shift() ?? 0.1 });
    expect(await takeMany(faults, 4)).toEqual([null, null, "throttle", null]);
  });

  it("wait out a slow fault, then continue to the next fault or to the call", async () => {
    const waits: number[] = [];
    const faults = createSandboxFaults({ state, sleep: async (ms) => void waits.push(ms) });
    await state.addFault({ kind: "slow", delayMs: 1500 });
    expect(await faults.take(call)).toBeNull();
    await state.addFault({ kind: "server_error", remaining: 1 });
    expect(await faults.take(call)).toBe("server_error");
    expect(waits).toEqual([1500, 1500]);
  });

  it("leave token faults to the credentials", async () => {
    await state.addFault({ kind: "expired_token" });
    await state.addFault({ kind: "revoked" });
    expect(await createSandboxFaults({ state }).take(call)).toBeNull();
  });
});
