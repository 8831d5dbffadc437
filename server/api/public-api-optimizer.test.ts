/** The public API's optimizer: list, generate, apply, dismiss and calibration, against the OpenAPI document. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedOrganization } from "#core/campaigns/campaign-test-fixture.ts";
import { type OptimizerWorld, startOptimizerWorld } from "#core/optimizer/optimizer-test-kit.ts";
import { createApp } from "#server/app.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { contractViolations } from "./openapi-contract.ts";
import { ownerOf } from "./public-api-test-kit.ts";

let kit: OptimizerWorld;
let app: ReturnType<typeof createApp>;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;
const keys: Record<string, string> = {};

beforeAll(async () => {
  kit = await startOptimizerWorld();
  // The optimizer acts on the sandbox through the campaigns slice pointed at it.
  kit.services.optimizer = kit.optimizer;
  app = createApp({ env: testEnv({ APP_URL: "http://app.test" }), logger: silentLogger, services: kit.services });
  [ada, bo] = await Promise.all([
    kit.connectWithHistory(["google-ads", "facebook-ads"], "Ada"),
    kit.connectWithHistory(["google-ads"], "Bo"),
  ]);
  const key = async (organization: ConnectedOrganization, name: string, scope: "read" | "read_write") =>
    (await kit.services.apiKeys.createApiKey(ownerOf(organization), { name, scope })).plaintext;
  keys.ada = await key(ada, "Reporting", "read_write");
  keys.adaRead = await key(ada, "Dashboards", "read");
  keys.bo = await key(bo, "Bo's scripts", "read_write");
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

async function call(method: string, path: string, key: string | null) {
  const response = await app.request(`http://app.test${path}`, {
    method,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  const document = kit.services.publicApi.openApiDocument();
  expect(await contractViolations(document, method, new URL(path, "http://app.test").pathname, response)).toEqual([]);
  return { status: response.status, body: await response.json() };
}

describe("/api/v1/optimizer", () => {
  it("generates recommendations, lists them, and applies one on the platform with the optimizer as its source", async () => {
    const generated = await call("POST", "/api/v1/optimizer/recommendations", keys.ada!);
    expect(generated.status).toBe(200);
    expect(generated.body.data).toMatchObject({ readiness: "ready", run: { trigger: "api", currency: "USD" } });
    const [first] = generated.body.data.recommendations;
    expect(first.predicted_delta.low).toBeLessThanOrEqual(first.predicted_delta.high);
    expect(first.reasons.length).toBeGreaterThan(0);

    const listed = await call("GET", "/api/v1/optimizer/recommendations", keys.adaRead!);
    expect(listed.body.data.map((item: { id: string }) => item.id)).toContain(first.id);

    const applied = await call("POST", `/api/v1/optimizer/recommendations/${first.id}/apply`, keys.ada!);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ outcome: "applied", recommendation: { status: "applied" } });
    const entry = await kit.world.sandbox.db
      .selectFrom("change_log")
      .select(["source", "actor_label"])
      .where("id", "=", applied.body.data.change_id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ source: "optimizer", actor_label: "API key “Reporting”" });

    const calibration = await call("GET", "/api/v1/optimizer/calibration", keys.adaRead!);
    expect(calibration.body.data).toEqual({ rows: [], pending: 1 });
  });

  it("refuses a read-only key's writes and another organization's recommendations", async () => {
    const [open] = (await call("GET", "/api/v1/optimizer/recommendations", keys.ada!)).body.data;
    const readOnly = await call("POST", `/api/v1/optimizer/recommendations/${open.id}/apply`, keys.adaRead!);
    expect(readOnly.status).toBe(403);
    expect((await call("POST", "/api/v1/optimizer/recommendations", keys.adaRead!)).status).toBe(403);
    expect((await call("GET", "/api/v1/optimizer/recommendations", null)).status).toBe(401);

    for (const action of ["apply", "dismiss"])
      expect((await call("POST", `/api/v1/optimizer/recommendations/${open.id}/${action}`, keys.bo!)).status).toBe(404);
    const bos = await call("GET", "/api/v1/optimizer/recommendations", keys.bo!);
    expect(bos.body.data.map((item: { id: string }) => item.id)).not.toContain(open.id);

    const dismissed = await call("POST", `/api/v1/optimizer/recommendations/${open.id}/dismiss`, keys.ada!);
    expect(dismissed.body.data).toMatchObject({ id: open.id, status: "dismissed" });
    expect((await call("POST", `/api/v1/optimizer/recommendations/${open.id}/apply`, keys.ada!)).status).toBe(409);
  });
});
