/**
 * The audit log's sources: each slice's change, made through the module the server wires, leaves
 * its entry in the organization's log, naming what changed and never a secret. Reads leave none.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#core/access/actor.ts";
import { recordSignIn } from "#core/accounts/record-sign-in.ts";
import { createSessionRepository } from "#core/accounts/session-repository.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import { sealTokens } from "#core/connections/save-grant.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { webhooksModuleFor } from "#core/webhooks/webhooks-test-kit.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { actorOfViewer, createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createAuditLog } from "./audit-log.ts";

let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

async function newOwner(): Promise<Actor> {
  return actorOfViewer(await createViewer(database.db, "Ada"));
}

/** The organization's log, oldest first, as plain values. */
async function logOf(actor: Actor) {
  const page = await services.audit.listAuditEvents(actor, {});
  return page.events.reverse().map((event) => ({
    action: event.action,
    actor: event.actor.label,
    target: event.target,
    details: event.details,
  }));
}

describe("what the slices record", () => {
  it("API keys: created with the key's name and prefix, revoked; never the secret", async () => {
    const owner = await newOwner();
    const { apiKey, plaintext } = await services.apiKeys.createApiKey(owner, { name: "Reporting", scope: "read" });
    await services.apiKeys.listApiKeys(owner);
    await services.apiKeys.revokeApiKey(owner, apiKey.id);
    const log = await logOf(owner);
    expect(log).toEqual([
      {
        action: "api_key.created",
        actor: "Ada",
        target: { type: "api_key", id: apiKey.id, label: `Reporting (${apiKey.prefix}…)` },
        // Its expiry too (issue 23 §4): this one never expires.
        details: { scope: "read", expiresAt: null },
      },
      {
        action: "api_key.revoked",
        actor: "Ada",
        target: { type: "api_key", id: apiKey.id, label: `Reporting (${apiKey.prefix}…)` },
        details: null,
      },
    ]);
    expect(JSON.stringify(log)).not.toContain(plaintext);
  });

  it("rules and the automation switch: created, updated, status changed, deleted, paused and resumed", async () => {
    const owner = await newOwner();
    const template = await services.rules.newRuleFromTemplate(owner, "stop_loss");
    const rule = await services.rules.createRule(owner, template);
    await services.rules.updateRule(owner, { ruleId: rule.id, name: "Stop the losers", definition: rule.definition });
    await services.rules.setRuleStatus(owner, { ruleId: rule.id, status: "active" });
    await services.rules.setAutomationPaused(owner, true);
    await services.rules.setAutomationPaused(owner, true);
    await services.rules.setAutomationPaused(owner, false);
    await services.rules.deleteRule(owner, rule.id);
    const log = await logOf(owner);
    expect(log.map((entry) => entry.action)).toEqual([
      "rule.created",
      "rule.updated",
      "rule.status_changed",
      "automation.paused",
      "automation.resumed",
      "rule.deleted",
    ]);
    expect(log[2]).toMatchObject({
      target: { type: "rule", id: rule.id, label: "Stop the losers" },
      details: { from: "preview", to: "active" },
    });
    expect(log[5]?.target).toEqual({ type: "rule", id: rule.id, label: "Stop the losers" });
  });

  it("the budget plan and the goals: each save", async () => {
    const owner = await newOwner();
    await services.budgets.saveBudgetPlanSettings(owner, {
      objective: "revenue",
      revenueSource: "store",
      mode: "maximize",
      pacingCurve: "weekday",
      maxDailyChange: 0.2,
      explorationShare: 0.1,
      rebalanceDaily: true,
      autoApply: false,
      maxAutoChangesPerDay: 5,
    });
    await services.goals.setGoals(owner, { currency: "USD", form: { currency: "USD", goals: [] } });
    expect(await logOf(owner)).toEqual([
      {
        action: "budget_plan.updated",
        actor: "Ada",
        target: { type: "budget_plan", id: owner.organizationId, label: "Budget plan" },
        details: { part: "settings" },
      },
      {
        action: "goals.updated",
        actor: "Ada",
        target: { type: "goals", id: owner.organizationId, label: "Goals" },
        details: { goals: 0, currency: "USD" },
      },
    ]);
  });

  it("webhooks: created, updated and deleted, named by their address without its query string", async () => {
    const owner = await newOwner();
    const { module: webhooks } = webhooksModuleFor(database.db);
    const { endpoint, secret } = await webhooks.createWebhookEndpoint(owner, {
      url: "http://127.0.0.1:9/hooks?token=abc",
      eventTypes: ["anomaly.detected"],
    });
    await webhooks.setWebhookEndpointEnabled(owner, { endpointId: endpoint.id, isEnabled: false });
    await webhooks.deleteWebhookEndpoint(owner, endpoint.id);
    const log = await logOf(owner);
    expect(log.map((entry) => [entry.action, entry.target?.label, entry.details])).toEqual([
      ["webhook.created", "http://127.0.0.1:9/hooks", { eventTypes: ["anomaly.detected"] }],
      ["webhook.updated", "http://127.0.0.1:9/hooks", { enabled: false }],
      ["webhook.deleted", "http://127.0.0.1:9/hooks", null],
    ]);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify(log)).not.toContain("token=abc");
  });

  it("connections: the accounts chosen and the disconnect", async () => {
    const viewer = await createViewer(database.db, "Ada");
    const owner = actorOfViewer(viewer);
    const connections = createConnectionRepository(database.db);
    const cipher = createTokenCipher(testEnv().AUTH_SECRET);
    const connectionId = await connections.saveGrant({
      organizationId: viewer.organizationId,
      platform: "google-ads",
      userId: viewer.userId,
      sealTokens: (id) =>
        sealTokens(cipher, id, { accessToken: "access", refreshToken: null, expiresAt: null, context: {} }),
      context: {},
      displayName: null,
    });
    await connections.upsertAdAccounts(
      viewer.organizationId,
      connectionId,
      [{ externalId: "111", name: "Shop EU", currency: "EUR", timeZone: "Europe/Berlin", context: {} }],
      true,
    );
    const [account] = await connections.listAdAccounts(viewer.organizationId, connectionId);
    await services.connections.chooseAdAccounts(owner, { connectionId, adAccountIds: [account?.id ?? ""] });
    await services.connections.disconnectConnection(owner, { connectionId, deleteData: false });
    expect(await logOf(owner)).toEqual([
      {
        action: "connection.accounts_chosen",
        actor: "Ada",
        target: { type: "connection", id: connectionId, label: "Google Ads" },
        details: { managed: 1 },
      },
      {
        action: "connection.removed",
        actor: "Ada",
        target: { type: "connection", id: connectionId, label: "Google Ads" },
        // A seeded connection holds no grant the platform would recognise: asking it to revoke fails.
        details: { dataDeleted: false, platformAccess: "failed" },
      },
    ]);
  });

  it("CSV exports: the campaigns table and the daily metrics", async () => {
    const owner = await newOwner();
    const range = { from: "2026-03-01", to: "2026-03-07" };
    const table = await services.campaigns.exportCampaignsCsv(owner, {
      range,
      filters: {},
      sort: { key: "spend", direction: "desc" },
    });
    await new Response(table.body).text();
    const daily = await services.campaigns.exportDailyMetricsCsv(owner, { range, filters: {} });
    await new Response(daily.body).text();
    expect(await logOf(owner)).toEqual([
      {
        action: "export.downloaded",
        actor: "Ada",
        target: { type: "export", id: "campaigns.csv", label: table.filename },
        details: range,
      },
      {
        action: "export.downloaded",
        actor: "Ada",
        target: { type: "export", id: "daily-metrics.csv", label: daily.filename },
        details: range,
      },
    ]);
  });

  it("sign-ins: in every organization of the person, with the address and the browser, never a token", async () => {
    const ada = await createViewer(database.db, "Ada");
    const agency = await createViewer(database.db, "Bea");
    await database.db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: agency.organizationId,
        userId: ada.userId,
        role: "viewer",
        createdAt: new Date(),
      })
      .execute();
    await recordSignIn(
      {
        audit: createAuditLog(database.db),
        organizations: createOrganizationRepository(database.db),
        userName: createSessionRepository(database.db).userName,
      },
      { id: "session-1", userId: ada.userId, ipAddress: "203.0.113.9", userAgent: "Firefox/133.0" },
      "password",
    );
    const expected = {
      action: "auth.signed_in",
      actor: "Ada",
      target: { type: "user", id: ada.userId, label: "Ada" },
      details: { method: "password", userAgent: "Firefox/133.0" },
    };
    expect(await logOf(actorOfViewer(ada))).toEqual([expected]);
    expect(await logOf(actorOfViewer(agency))).toEqual([expected]);
    const [entry] = (await services.audit.listAuditEvents(actorOfViewer(agency), {})).events;
    expect(entry?.ipAddress).toBe("203.0.113.9");
    expect(entry?.actor).toMatchObject({ kind: "user", id: ada.userId });
  });
});
