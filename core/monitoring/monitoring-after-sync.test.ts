import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import { registerSyncJobs } from "#core/sync/sync-jobs.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { sandboxAdminToken } from "#simulator/sandbox-app.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { SANDBOX_TEST_SECRET, type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createMonitoringSchedule, registerMonitoringJobs } from "./monitoring-jobs.ts";
import { createMonitoringModule, type MonitoringModule } from "./monitoring-module.ts";

/**
 * A platform stops a campaign; the next sync on the job queue brings its reason into
 * campaigns.platform_issue and queues the organization's monitoring run, which raises the alert
 * without waiting for the hourly schedule. Once the platform lets the campaign run, the next sync
 * closes it.
 */

const TENANT = "org_mon_after_sync";
const PLATFORM = "google-ads";
let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;
let monitoring: MonitoringModule;
const notifications: NewNotification[] = [];
const adminToken = () => sandboxAdminToken(SANDBOX_TEST_SECRET);

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: createGoogleAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 4 }),
    resolveTenant: async () => TENANT,
  });
  modules = sandboxModules(sandbox, { backfillDays: 35 });
  monitoring = createMonitoringModule({
    db: sandbox.db,
    clock: modules.parts.sync.clock,
    // The notifications and webhooks slices' ports, recorded: what monitoring hands them.
    notify: async (notification) => {
      notifications.push(notification);
      return `n${notifications.length}`;
    },
    publishWebhookEvent: async () => undefined,
  });
  // The queue as server/background.ts wires it: syncs, then monitoring after each good one.
  const jobs = modules.parts.integrations.jobs;
  const schedule = createMonitoringSchedule({ db: sandbox.db, jobs });
  registerSyncJobs(jobs, modules.sync, async (completed) => {
    await schedule.queueMonitoringAfterSync(completed);
  });
  registerMonitoringJobs(jobs, monitoring);
  await jobs.start();
});

afterAll(async () => {
  await modules?.parts.integrations.jobs.stop(1_000);
  await sandbox?.close();
});

async function campaignIssue(method: "POST" | "DELETE", campaignExternalId: string, issue?: string) {
  const target = { tenant: TENANT, platform: PLATFORM, campaignExternalId };
  const response = await fetch(
    method === "POST"
      ? `${sandbox.root}/_admin/campaign-issues`
      : `${sandbox.root}/_admin/campaign-issues?${new URLSearchParams(target)}`,
    {
      method,
      headers: { authorization: `Bearer ${adminToken()}`, "content-type": "application/json" },
      ...(method === "POST" ? { body: JSON.stringify({ ...target, issue }) } : {}),
    },
  );
  return response.status;
}

describe("monitoring after a sync", () => {
  it("raises a critical alert for a campaign the platform stopped right after the sync, and closes it after the next", async () => {
    const [account] = sandbox.kit.engine.listAccounts(TENANT, PLATFORM);
    const campaigns = await sandbox.kit.engine.listCampaigns(TENANT, PLATFORM, account!.id);
    const stopped = campaigns.find((campaign) => campaign.status === "enabled")!;
    expect(await campaignIssue("POST", "404404404", "disapproved")).toBe(404);
    expect(await campaignIssue("POST", stopped.id, "disapproved")).toBe(201);

    // Connected, then "Sync now": the queue runs the sync, then the monitoring run it queues.
    const viewer = await createViewer(sandbox.db, "Ada");
    const actor = actorOfViewer(viewer);
    const { authorizeUrl } = await modules.connections.startConnection(actor, {
      sessionId: viewer.sessionId,
      platform: PLATFORM,
    });
    const back = await sandbox.authorize(authorizeUrl);
    // The platform's one ad account is chosen at connect, and its first sync queued (issue 23 §2).
    const { connectionId, chosenAutomatically } = await modules.connections.completeConnection(actor, {
      sessionId: viewer.sessionId,
      platform: PLATFORM,
      query: back.searchParams,
    });
    expect(chosenAutomatically).toBe(1);

    const campaignId = await vi.waitFor(
      async () => {
        const open = await monitoring.listOpenAlerts(actorOfViewer(viewer, "manager"));
        const alert = open.find((entry) => entry.kind === "campaign_stopped");
        expect(alert).toBeDefined();
        return alert!.subject.replace(/^campaign:/, "");
      },
      { timeout: 60_000, interval: 100 },
    );
    const row = await sandbox.db
      .selectFrom("campaigns")
      .select(["external_id", "platform_issue"])
      .where("id", "=", campaignId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ external_id: stopped.id, platform_issue: "disapproved" });
    expect(notifications).toEqual([
      expect.objectContaining({
        organizationId: viewer.organizationId,
        kind: "campaign",
        severity: "critical",
        link: `/campaigns/mes-ads/${campaignId}`,
        message: expect.objectContaining({ key: "campaignStoppedDisapproved" }),
      }),
    ]);

    // The platform lets it run again; "Sync now" brings that in, and monitoring closes the alert.
    expect(await campaignIssue("DELETE", stopped.id)).toBe(204);
    await vi.waitFor(
      async () => expect((await modules.connections.syncNow(actor, { connectionId })).isQueued).toBe(true),
      {
        timeout: 30_000,
        interval: 100,
      },
    );
    await vi.waitFor(
      async () => {
        const open = await monitoring.listOpenAlerts(actorOfViewer(viewer, "manager"));
        expect(open.filter((entry) => entry.kind === "campaign_stopped")).toEqual([]);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(notifications).toHaveLength(1);
  }, 90_000);
});
