import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViewer } from "../../tests/support/integration-fixture.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createIdempotencyRepository } from "./idempotency-repository.ts";
import {
  ABANDONED_REQUEST_MS,
  beginIdempotentRequest,
  completeIdempotentRequest,
  IDEMPOTENCY_KEY_TTL_MS,
  releaseIdempotentRequest,
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

describe("idempotent requests", () => {
  it("replays within 24 hours, runs again after them, and hashes the body by its content", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = { organizationId, key: "k-1", method: "POST", path: "/api/v1/campaigns", body: { a: 1, b: [2] } };
    expect(await beginIdempotentRequest(repository, request, start)).toEqual({ kind: "run" });
    await completeIdempotentRequest(repository, request, { status: 201, body: '{"data":{}}' });
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
    ).toEqual({
      kind: "run",
    });
  });

  it("refuses a second request while the first runs, and frees a key whose request failed or was abandoned", async () => {
    const { organizationId } = await createViewer(database.db);
    const repository = createIdempotencyRepository(database.db);
    const request = { organizationId, key: "k-2", method: "PUT", path: "/api/v1/campaigns/c1", body: { name: "x" } };
    await beginIdempotentRequest(repository, request, start);
    await expect(beginIdempotentRequest(repository, request, later(1_000))).rejects.toMatchObject({
      apiCode: "idempotency_key_in_use",
      status: 409,
    });
    await releaseIdempotentRequest(repository, request);
    expect(await beginIdempotentRequest(repository, request, later(2_000))).toEqual({ kind: "run" });
    // The node running it died: after a while the key may run again.
    expect(await beginIdempotentRequest(repository, request, later(2_000 + ABANDONED_REQUEST_MS))).toEqual({
      kind: "run",
    });
    await expect(beginIdempotentRequest(repository, { ...request, key: "" }, start)).rejects.toMatchObject({
      code: "bad_request",
    });
  });
});
