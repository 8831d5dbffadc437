/**
 * /optimizer/plan over HTTP, in process: an anonymous visitor is sent to sign in and refused every
 * change; the owner saves the plan's settings and a group, and a refused group comes back with the
 * message next to its field; an analyst of the same organization reads the plan but changes nothing.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as planRoute from "#app/routes/app/optimizer-plan.tsx";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "optimizer-plan-route-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([{ path: "/optimizer/plan", module: planRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request("/optimizer/plan.data", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function load(cookie: string) {
  const response = await app.request("/optimizer/plan", { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    plan: { settings: { objective: string }; groups: { name: string }[] };
    canManage: boolean;
    pacing: { plan: unknown };
  };
}

const SETTINGS = {
  objective: "revenue",
  revenueSource: "platform",
  mode: "maximize",
  pacingCurve: "weekday",
  maxDailyChange: 0.25,
  explorationShare: 0.05,
  rebalanceDaily: false,
  autoApply: false,
  maxAutoChangesPerDay: 10,
};

async function signUp(name: string) {
  const email = `${name}-${randomUUID()}@example.com`;
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const user = await database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const member = await database.db
    .selectFrom("member")
    .select("organizationId")
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
  return { cookie, userId: user.id, organizationId: member.organizationId };
}

describe("/optimizer/plan over HTTP", () => {
  it("sends an anonymous visitor to sign in and refuses their changes", async () => {
    const page = await app.request("/optimizer/plan");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const refused = await post({ intent: "settings", values: SETTINGS });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ ok: false, reason: "unauthenticated" });
  });

  it("lets the owner change the plan and an analyst only read it", async () => {
    const ada = await signUp("ada");
    const cy = await signUp("cy");
    // Ada invites Cy as an analyst; Cy's session works in Ada's organization.
    await database.db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: ada.organizationId,
        userId: cy.userId,
        role: "analyst",
        createdAt: new Date().toISOString(),
      })
      .execute();
    await database.db
      .updateTable("session")
      .set({ activeOrganizationId: ada.organizationId })
      .where("userId", "=", cy.userId)
      .execute();

    const before = await load(ada.cookie);
    expect(before).toMatchObject({ canManage: true, plan: { settings: { objective: "conversions" } } });
    // No monthly budget yet: the pacing card says what to do.
    expect(before.pacing.plan).toBeNull();

    expect(await post({ intent: "settings", values: SETTINGS }, { cookie: ada.cookie })).toMatchObject({
      status: 200,
      body: { ok: true, intent: "settings" },
    });
    expect(
      await post(
        { intent: "group", values: { name: "Search", kind: "platform", platform: "google-ads" } },
        { cookie: ada.cookie },
      ),
    ).toMatchObject({ status: 200, body: { ok: true, intent: "group" } });
    const refused = await post(
      {
        intent: "group",
        values: { name: "Upside down", kind: "platform", platform: "tiktok-ads", minMonthly: "9", maxMonthly: "1" },
      },
      { cookie: ada.cookie },
    );
    expect(refused).toMatchObject({
      status: 422,
      body: {
        ok: false,
        title: "Budget plan not saved",
        fieldErrors: { minMonthly: "The minimum cannot be more than the maximum." },
      },
    });

    const seenByCy = await load(cy.cookie);
    expect(seenByCy).toMatchObject({
      canManage: false,
      plan: { settings: { objective: "revenue" }, groups: [{ name: "Search" }] },
    });
    const forbidden = await post(
      { intent: "settings", values: { ...SETTINGS, objective: "conversions" } },
      { cookie: cy.cookie },
    );
    expect(forbidden).toMatchObject({
      status: 403,
      body: { ok: false, message: "Your role in this organization does not allow this." },
    });
    expect((await load(ada.cookie)).plan.settings.objective).toBe("revenue");

    // Cy's own organization has its own, untouched plan.
    await database.db
      .updateTable("session")
      .set({ activeOrganizationId: cy.organizationId })
      .where("userId", "=", cy.userId)
      .execute();
    expect(await load(cy.cookie)).toMatchObject({
      canManage: true,
      plan: { settings: { objective: "conversions" }, groups: [] },
    });
  });
});
