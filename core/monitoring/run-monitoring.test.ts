import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import type { WebhookEvent } from "#core/webhooks/webhook-events.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { sandboxAdminToken } from "#simulator/sandbox-app.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { SANDBOX_TEST_SECRET, type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createMonitoringModule, type MonitoringModule } from "./monitoring-module.ts";
import { MONITORING_ACTOR } from "./run-monitoring.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;
let monitoring: MonitoringModule;
/** The tenant the sandbox's consent page grants: each organization gets its own. */
let tenant = "org_mon_a";
const notifications: NewNotification[] = [];
const events: WebhookEvent[] = [];
const adminToken = () => sandboxAdminToken(SANDBOX_TEST_SECRET);

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 4 }),
    resolveTenant: async () => tenant,
  });
  modules = sandboxModules(sandbox, { backfillDays: 45 });
  monitoring = createMonitoringModule({
    db: sandbox.db,
    clock: modules.parts.sync.clock,
    // The notifications and webhooks slices' ports, recorded: what monitoring hands them.
    notify: async (notification) => {
      if (notifications.some((known) => known.dedupeKey === notification.dedupeKey)) return null;
      notifications.push(notification);
      return `n${notifications.length}`;
    },
    publishWebhookEvent: async (event) => {
      events.push(event);
    },
  });
});
afterAll(async () => {
  await sandbox.close();
});

async function connectAs(name: string, sandboxTenant: string) {
  const viewer = await createViewer(sandbox.db, name);
  tenant = sandboxTenant;
  const actor = actorOfViewer(viewer);
  const { authorizeUrl } = await modules.connections.startConnection(actor, {
    sessionId: viewer.sessionId,
    platform: "google-ads",
  });
  const back = await sandbox.authorize(authorizeUrl);
  const { connectionId } = await modules.connections.completeConnection(actor, {
    sessionId: viewer.sessionId,
    platform: "google-ads",
    query: back.searchParams,
  });
  return { viewer, connectionId };
}

async function sync(viewer: ConnectingViewer, connectionId: string, kind: "backfill" | "incremental" = "incremental") {
  const { outcome } = await modules.sync.syncConnection(systemActor(viewer.organizationId, SYNC_ACTOR), {
    connectionId,
    kind,
  });
  return outcome;
}

const runAs = (viewer: ConnectingViewer) =>
  monitoring.runMonitoring(systemActor(viewer.organizationId, MONITORING_ACTOR));

/** The campaign that spent the most yesterday, with its id on the platform. */
async function busiestCampaign(viewer: ConnectingViewer, yesterday: string) {
  const row = await sandbox.db
    .selectFrom("campaign_daily_metrics as m")
    .innerJoin("campaigns as c", "c.id", "m.campaign_id")
    .select(["c.id", "c.external_id", "c.name", "m.spend_minor"])
    .where("m.organization_id", "=", viewer.organizationId)
    .where("m.date", "=", yesterday)
    .orderBy("m.spend_minor", "desc")
    .executeTakeFirstOrThrow();
  return { id: row.id, externalId: row.external_id, name: row.name, spendMinor: Number(row.spend_minor) };
}

describe("runMonitoring", () => {
  let a: Awaited<ReturnType<typeof connectAs>>;
  let b: Awaited<ReturnType<typeof connectAs>>;
  let yesterday: string;
  let spiked: Awaited<ReturnType<typeof busiestCampaign>>;

  beforeAll(async () => {
    a = await connectAs("Ada", "org_mon_a");
    b = await connectAs("Bea", "org_mon_b");
    expect(await sync(a.viewer, a.connectionId, "backfill")).toBe("succeeded");
    expect(await sync(b.viewer, b.connectionId, "backfill")).toBe("succeeded");
    yesterday = addDays(calendarDateIn("UTC", await modules.parts.sync.clock.now()), -1);
    spiked = await busiestCampaign(a.viewer, yesterday);
  });

  it("raises one anomaly alert for a spend spike injected in the sandbox, with the expected range and the actual value", async () => {
    const before = await runAs(a.viewer);
    expect(before.opened.filter((alert) => alert.subject === `campaign:${spiked.id}:spend`)).toEqual([]);

    // The spike, through the sandbox's admin API as the CLI's user would; the next sync brings it in.
    const added = await fetch(`${sandbox.root}/_admin/anomalies`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken()}`, "content-type": "application/json" },
      body: JSON.stringify({
        kind: "spend_spike",
        tenant: "org_mon_a",
        platform: "google-ads",
        campaignExternalId: spiked.externalId,
        factor: 4,
      }),
    });
    expect(added.status).toBe(201);
    expect(await sync(a.viewer, a.connectionId)).toBe("succeeded");
    notifications.length = 0;
    events.length = 0;

    const result = await runAs(a.viewer);
    const spendAlerts = result.opened.filter((alert) => alert.subject.endsWith(":spend"));
    const alert = spendAlerts.find((opened) => opened.subject === `campaign:${spiked.id}:spend`);
    expect(alert).toMatchObject({ kind: "anomaly", date: yesterday });
    expect(alert!.data).toMatchObject({
      metric: "spend",
      direction: "up",
      unit: "minor",
      currency: expect.any(String),
      actual: spiked.spendMinor * 4,
    });
    const { expected = 0, low = 0, high = 0, actual = 0 } = alert!.data as Record<string, number>;
    expect(low).toBeLessThan(expected);
    expect(high).toBeGreaterThan(expected);
    expect(actual).toBeGreaterThan(high);
    expect(expected).toBeGreaterThan(spiked.spendMinor * 0.6);
    expect(expected).toBeLessThan(spiked.spendMinor * 1.5);
    // No other campaign's spend is off.
    expect(spendAlerts.filter((opened) => opened.subject.startsWith("campaign:"))).toHaveLength(1);

    // Notified once, as a warning that links to the campaign, in the catalog's words.
    const notified = notifications.filter((notification) => notification.objectId === spiked.id);
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({
      organizationId: a.viewer.organizationId,
      kind: "anomaly",
      severity: "warning",
      link: `/campaigns/mes-ads/${spiked.id}`,
      objectType: "campaign",
      dedupeKey: `monitoring:anomaly:campaign:${spiked.id}:${yesterday}`,
      message: {
        catalog: "monitoring-alerts",
        key: "campaignSpendSpike",
        params: {
          campaign: spiked.name,
          platform: "Google Ads",
          date: { date: yesterday },
          actual: { amountMinor: actual, currency: expect.any(String) },
          low: { amountMinor: low, currency: expect.any(String) },
          high: { amountMinor: high, currency: expect.any(String) },
        },
      },
    });
    // Its CPA and ROAS are off too (the same conversions for four times the spend): alerts of their
    // own, but one notification for the campaign's day.
    expect(result.opened.map((opened) => opened.subject)).toEqual(
      expect.arrayContaining([`campaign:${spiked.id}:cpa`, `campaign:${spiked.id}:roas`]),
    );
    expect(notified[0]!.data).toMatchObject({ metricsOff: expect.arrayContaining(["spend", "cpa", "roas"]) });
    expect(notifications.every((n) => !n.objectId || n.objectId === spiked.id)).toBe(true);
    // And published for the organization's webhooks.
    expect(events).toContainEqual(
      expect.objectContaining({
        organizationId: a.viewer.organizationId,
        type: "anomaly.detected",
        data: expect.objectContaining({
          alert_id: alert!.id,
          campaign_id: spiked.id,
          metric: "spend",
          actual,
          expected_low: low,
          expected_high: high,
        }),
      }),
    );

    // The open alerts say so to anyone in the organization who reads.
    const open = await monitoring.listOpenAlerts(actorOfViewer(a.viewer, "manager"));
    expect(open.map((entry) => entry.id)).toContain(alert!.id);
  });

  it("raises nothing twice: a second run keeps the alert open without a new notification", async () => {
    const count = notifications.length;
    const again = await runAs(a.viewer);
    expect(again.opened).toEqual([]);
    expect(again.ongoing).toBeGreaterThanOrEqual(1);
    expect(notifications).toHaveLength(count);
  });

  it("keeps organizations apart: another organization's run and list show none of it", async () => {
    const other = await runAs(b.viewer);
    expect(other.opened.every((alert) => !alert.subject.includes(spiked.id))).toBe(true);
    expect(
      notifications.filter((n) => n.organizationId === b.viewer.organizationId && n.objectId === spiked.id),
    ).toEqual([]);
    const theirs = await monitoring.listOpenAlerts(actorOfViewer(b.viewer));
    const ours = await monitoring.listOpenAlerts(actorOfViewer(a.viewer));
    expect(theirs.some((alert) => ours.some((mine) => mine.id === alert.id))).toBe(false);
  });

  it("closes the alert once the spike is gone from the synced numbers", async () => {
    await fetch(`${sandbox.root}/_admin/anomalies`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${adminToken()}` },
    });
    expect(await sync(a.viewer, a.connectionId)).toBe("succeeded");
    const result = await runAs(a.viewer);
    expect(result.closed).toBeGreaterThanOrEqual(1);
    const open = await monitoring.listOpenAlerts(actorOfViewer(a.viewer));
    expect(open.some((alert) => alert.subject === `campaign:${spiked.id}:spend`)).toBe(false);
  });

  it("raises one critical alert when a connection's sync failed three times in a row, and closes it after a good sync", async () => {
    const c = await connectAs("Cid", "org_mon_c");
    expect(await sync(c.viewer, c.connectionId, "backfill")).toBe("succeeded");
    await sandbox.setFault({ kind: "server_error", tenant: "org_mon_c" });
    try {
      for (let failure = 1; failure <= 2; failure++) expect(await sync(c.viewer, c.connectionId)).toBe("failed");
      expect((await runAs(c.viewer)).opened.filter((alert) => alert.kind === "sync_failing")).toEqual([]);
      expect(await sync(c.viewer, c.connectionId)).toBe("failed");
      const third = await runAs(c.viewer);
      expect(third.opened.filter((alert) => alert.kind === "sync_failing")).toEqual([
        expect.objectContaining({
          subject: `connection:${c.connectionId}`,
          data: expect.objectContaining({ failedSyncs: 3 }),
        }),
      ]);
      const critical = notifications.filter((n) => n.organizationId === c.viewer.organizationId && n.kind === "sync");
      expect(critical).toEqual([
        expect.objectContaining({
          severity: "critical",
          link: "/integrations",
          objectType: "connection",
          objectId: c.connectionId,
          message: expect.objectContaining({
            key: "syncFailing",
            params: expect.objectContaining({ platform: "Google Ads" }),
          }),
        }),
      ]);
      // A fourth failure is the same episode: still one alert, one notification.
      expect(await sync(c.viewer, c.connectionId)).toBe("failed");
      expect((await runAs(c.viewer)).opened).toEqual([]);
      expect(
        notifications.filter((n) => n.organizationId === c.viewer.organizationId && n.kind === "sync"),
      ).toHaveLength(1);
    } finally {
      await sandbox.clearFaults();
    }
    expect(await sync(c.viewer, c.connectionId)).toBe("succeeded");
    const recovered = await runAs(c.viewer);
    expect(recovered.closed).toBe(1);
    expect(await monitoring.listOpenAlerts(actorOfViewer(c.viewer))).toEqual([]);
  });

  it("raises a critical token alert, not a sync one, when the platform revoked the access", async () => {
    const d = await connectAs("Dan", "org_mon_d");
    await sandbox.setFault({ kind: "revoked", tenant: "org_mon_d" });
    try {
      for (let failure = 1; failure <= 3; failure++) expect(await sync(d.viewer, d.connectionId)).toBe("failed");
    } finally {
      await sandbox.clearFaults();
    }
    const result = await runAs(d.viewer);
    expect(result.opened.map((alert) => alert.kind)).toEqual(["token"]);
    expect(notifications.filter((n) => n.organizationId === d.viewer.organizationId)).toEqual([
      expect.objectContaining({
        kind: "token",
        severity: "critical",
        message: expect.objectContaining({ key: "tokenRevoked" }),
      }),
    ]);
  });

  it("raises a critical alert for a campaign its platform stopped, once, and closes it when it runs again", async () => {
    const stopped = await busiestCampaign(b.viewer, yesterday);
    await sandbox.db
      .updateTable("campaigns")
      .set({ platform_issue: "budget_exhausted" })
      .where("id", "=", stopped.id)
      .execute();
    const result = await runAs(b.viewer);
    expect(result.opened.filter((alert) => alert.kind === "campaign_stopped")).toEqual([
      expect.objectContaining({ subject: `campaign:${stopped.id}` }),
    ]);
    expect(notifications.filter((n) => n.objectId === stopped.id && n.kind === "campaign")).toEqual([
      expect.objectContaining({
        severity: "critical",
        link: `/campaigns/mes-ads/${stopped.id}`,
        message: expect.objectContaining({ key: "campaignStoppedBudget" }),
      }),
    ]);
    expect((await runAs(b.viewer)).opened).toEqual([]);
    await sandbox.db.updateTable("campaigns").set({ platform_issue: null }).where("id", "=", stopped.id).execute();
    expect((await runAs(b.viewer)).closed).toBe(1);
  });

  it("is a use case: a member may read the open alerts, an API key may not run monitoring", async () => {
    await expect(
      monitoring.runMonitoring({
        kind: "api_key",
        id: "k",
        label: "API key",
        organizationId: a.viewer.organizationId,
        scope: "read",
        creatorRole: "owner",
      }),
    ).rejects.toThrow(/read-only/);
    await expect(monitoring.listOpenAlerts(actorOfViewer(a.viewer, "manager"))).resolves.toBeInstanceOf(Array);
  });
});
