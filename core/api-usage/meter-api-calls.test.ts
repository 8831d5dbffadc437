import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createApiUsageRepository } from "./api-usage-repository.ts";
import { createApiCallMeter } from "./meter-api-calls.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function meterAt(start: string, perMinuteLimit: number) {
  let nowMs = Date.parse(start);
  const meter = createApiCallMeter({
    repository: createApiUsageRepository(database.db),
    perMinuteLimit,
    now: () => nowMs,
  });
  return {
    meter,
    advance(ms: number) {
      nowMs += ms;
    },
  };
}

const storedCalls = async (organizationId: string, period: string) =>
  createApiUsageRepository(database.db).countCalls(organizationId, period);

describe("metering API calls", () => {
  it("limits each key per minute in memory and starts afresh the next minute", async () => {
    const { organizationId } = await createViewer(database.db);
    const { meter, advance } = meterAt("2026-03-10T12:00:15Z", 2);
    const caller = { apiKeyId: "key-a", organizationId, monthlyLimit: null };
    const decisions = [await meter.admit(caller), await meter.admit(caller), await meter.admit(caller)];
    expect(decisions.map((decision) => [decision.refusal, decision.perMinute.remaining])).toEqual([
      [null, 1],
      [null, 0],
      ["rate_limited", 0],
    ]);
    expect(decisions[2]?.perMinute.resetSeconds).toBe(45);
    expect(decisions[0]?.perMonth).toBeNull();
    // Another key of the same organization has its own minute.
    expect((await meter.admit({ ...caller, apiKeyId: "key-b" })).refusal).toBeNull();
    advance(45_000);
    expect((await meter.admit(caller)).refusal).toBeNull();
    // Refused calls are not counted as used.
    expect(meter.pendingCalls()).toBe(4);
  });

  it("counts the organization's month from what is stored, flushes in batches and refuses at the plan's limit", async () => {
    const { organizationId } = await createViewer(database.db);
    await createApiUsageRepository(database.db).addCalls([{ organizationId, period: "2026-03", calls: 7 }]);
    const node = meterAt("2026-03-31T23:59:58Z", 100);
    const caller = { apiKeyId: "key-m", organizationId, monthlyLimit: 10 };
    const first = await node.meter.admit(caller);
    expect(first.perMonth).toEqual({ limit: 10, remaining: 2, resetSeconds: 2, windowSeconds: 31 * 86_400 });
    await node.meter.admit(caller);
    expect(await storedCalls(organizationId, "2026-03")).toBe(7);
    await node.meter.flush();
    expect(await storedCalls(organizationId, "2026-03")).toBe(9);

    // A second node's calls reach this one with its next flush.
    const otherNode = meterAt("2026-03-31T23:59:58Z", 100);
    expect((await otherNode.meter.admit(caller)).refusal).toBeNull();
    await otherNode.meter.flush();
    expect((await node.meter.admit(caller)).refusal).toBeNull();
    await node.meter.flush();
    expect(await storedCalls(organizationId, "2026-03")).toBe(11);
    expect(await node.meter.admit(caller)).toMatchObject({
      refusal: "usage_limit_exceeded",
      perMonth: { remaining: 0 },
    });

    // A new UTC month starts from zero.
    node.advance(2_000);
    expect(await node.meter.admit(caller)).toMatchObject({ refusal: null, perMonth: { remaining: 9 } });
    await node.meter.flush();
    expect(await storedCalls(organizationId, "2026-04")).toBe(1);
    expect(await storedCalls(organizationId, "2026-03")).toBe(11);
    expect(node.meter.pendingCalls()).toBe(0);
  });
});
