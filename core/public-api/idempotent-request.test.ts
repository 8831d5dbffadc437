import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createIdempotencyRepository } from "./idempotency-repository.ts";
import {
  beginIdempotentRequest,
  completeIdempotentRequest,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyOutcome,
  releaseIdempotentRequest,
  runIdempotentRequest,
} from "./idempotent-request.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const start = new Date("2026-03-10T12:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function leaseOf(outcome: IdempotencyOutcome) {
  if (outcome.kind !== "run") throw new Error(`expected to run, got ${outcome.kind}`);
  return outcome.lease;
}

describe("idempotent requests", () => {
  it("replays within 24 hours, runs again after them, and hashes the body by its content", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = { organizationId, key: "k-1", method: "POST", path: "/api/v1/campaigns", body: { a: 1, b: [2] } };
    const lease = leaseOf(await beginIdempotentRequest(repository, request, start));
    await completeIdempotentRequest(repository, request, lease, { status: 201, body: '{"data":{}}' });
    const reordered = { ...request, body: { b: [2], a: 1 } };
    expect(await beginIdempotentRequest(repository, reordered, later(IDEMPOTENCY_KEY_TTL_MS - 1))).toEqual({
      kind: "replay",
      status: 201,
      body: '{"data":{}}',
    });
    await expect(
      beginIdempotentRequest(repository, { ...request, body: { a: 2 } }, later(1_000)),
    ).rejects.toMatchObject({ apiCode: "idempotency_key_reused", status: 422 });
    expect(
      await beginIdempotentRequest(repository, { ...request, body: { a: 2 } }, later(IDEMPOTENCY_KEY_TTL_MS)),
    ).toMatchObject({
      kind: "run",
    });
  });

  it("refuses a second request while the first runs, and frees a key whose request failed or was abandoned", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = { organizationId, key: "k-2", method: "PUT", path: "/api/v1/campaigns/c1", body: { name: "x" } };
    const lease = leaseOf(await beginIdempotentRequest(repository, request, start));
    await expect(beginIdempotentRequest(repository, request, later(1_000))).rejects.toMatchObject({
      apiCode: "idempotency_key_in_use",
      status: 409,
    });
    await releaseIdempotentRequest(repository, request, lease);
    expect(await beginIdempotentRequest(repository, request, later(2_000))).toMatchObject({ kind: "run" });
    // The node running it died: once its lease runs out, the key may run again.
    expect(await beginIdempotentRequest(repository, request, later(2_000 + IDEMPOTENCY_LEASE_MS))).toMatchObject({
      kind: "run",
    });
    await expect(beginIdempotentRequest(repository, { ...request, key: "" }, start)).rejects.toMatchObject({
      code: "bad_request",
    });
  });

  it("renews the lease while a request outlives it: a retry meanwhile is refused, not run twice, then replays the answer", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = {
      organizationId,
      key: "k-slow",
      method: "POST",
      path: "/api/v1/campaigns",
      body: { name: "slow" },
    };
    const leaseMs = 300;
    let runs = 0;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const first = runIdempotentRequest(
      repository,
      request,
      async () => {
        runs += 1;
        await finished;
        return { status: 201, body: '{"data":{"id":"first"}}' };
      },
      { leaseMs },
    );
    const retry = () =>
      runIdempotentRequest(
        repository,
        request,
        async () => {
          runs += 1;
          return { status: 201, body: '{"data":{"id":"second"}}' };
        },
        { leaseMs },
      );

    // Three leases later, the first request still runs and still holds the key.
    await sleep(leaseMs * 3);
    await expect(retry()).rejects.toMatchObject({ apiCode: "idempotency_key_in_use", status: 409 });
    expect((await repository.find(organizationId, "k-slow"))?.leaseExpiresAt?.getTime()).toBeGreaterThan(Date.now());

    finish();
    expect(await first).toEqual({ kind: "ran" });
    expect(await retry()).toEqual({ kind: "replay", status: 201, body: '{"data":{"id":"first"}}' });
    expect(runs).toBe(1);
  });

  it("frees the key when the request fails on our side or throws, and stops renewing it", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = { organizationId, key: "k-fail", method: "POST", path: "/api/v1/campaigns", body: {} };
    expect(await runIdempotentRequest(repository, request, async () => null, { leaseMs: 60 })).toEqual({ kind: "ran" });
    expect(await repository.find(organizationId, "k-fail")).toBeNull();
    await expect(
      runIdempotentRequest(
        repository,
        request,
        async () => {
          await sleep(100);
          throw new Error("boom");
        },
        { leaseMs: 60 },
      ),
    ).rejects.toThrow("boom");
    await sleep(60);
    expect(await repository.find(organizationId, "k-fail")).toBeNull();
  });

  it("lets only the lease's holder renew, complete or release a key", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = {
      organizationId,
      key: "k-holder",
      method: "PUT",
      path: "/api/v1/campaigns/c1",
      body: { name: "x" },
    };
    const leaseMs = 60_000;
    const stale = leaseOf(await beginIdempotentRequest(repository, request, start, { leaseMs }));
    // Its node stalled past the lease: another request takes the key over.
    const current = leaseOf(await beginIdempotentRequest(repository, request, later(leaseMs), { leaseMs }));
    expect(current.token).not.toBe(stale.token);

    expect(await repository.renew(organizationId, "k-holder", stale.token, later(2 * leaseMs))).toBe(false);
    await releaseIdempotentRequest(repository, request, stale);
    expect(await completeIdempotentRequest(repository, request, stale, { status: 200, body: "stale" })).toBe(false);
    expect(await repository.find(organizationId, "k-holder")).toMatchObject({ status: "pending" });

    expect(await repository.renew(organizationId, "k-holder", current.token, later(2 * leaseMs))).toBe(true);
    expect(await completeIdempotentRequest(repository, request, current, { status: 200, body: "current" })).toBe(true);
    expect(await beginIdempotentRequest(repository, request, later(leaseMs + 1_000), { leaseMs })).toEqual({
      kind: "replay",
      status: 200,
      body: "current",
    });
  });
});
