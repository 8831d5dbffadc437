// Every write a page, the API or a job makes goes through a use case that takes the actor and
// names its permission (core/access/permissions.ts). This walks what the composition root hands
// out and holds each module to that, so a new member without a guard fails here.
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { apiKeyActor, userActor } from "#core/access/actor.ts";
import { can, PERMISSIONS } from "#core/access/permissions.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createServices, type ServerServices } from "./services.ts";

const MODULES = [
  "accounts",
  "ads",
  "adCreation",
  "assets",
  "apiKeys",
  "analytics",
  "ask",
  "assistant",
  "audit",
  "billing",
  "billingBackground",
  "budgets",
  "budgetsBackground",
  "campaigns",
  "connections",
  "conversions",
  "dashboard",
  "goals",
  "health",
  "monitoring",
  "notifications",
  "onboarding",
  "optimizer",
  "optimizerSchedule",
  "organizations",
  "privacy",
  "privacyBackground",
  "rules",
  "rulesBackground",
  "site",
  "sync",
  "syncSchedule",
  "tableViews",
  "teams",
  "utmHealth",
  "webhooks",
] as const satisfies readonly (keyof ServerServices)[];

/** Members that take no organization actor, and why. */
const UNGUARDED: Record<string, string> = {
  "accounts.getViewerContext": "where the actor comes from: a session's cookie",
  "accounts.getHomeOrganization": "the demo seed's first look at a person who has no session yet",
  "apiKeys.authenticateApiKey": "where an API key's actor comes from",
  "apiKeys.authenticateApiKeyOfOrganization": "where an API key's actor comes from (the /api page's Try it)",
  "apiKeys.flushApiKeyUses": "writes buffered last-used times at shutdown",
  "apiKeys.forgetApiKeys": "drops keys another slice already revoked (a removed member's) from this process's cache",
  "apiKeys.remindExpiringApiKeys": "the daily job: mails each key's creator once, 7 days before the key expires",
  "connections.browseIntegrations": "the catalogue a signed-out visitor sees",
  "connections.receiveStoreKeys": "WooCommerce's server-to-server key POST, bound to a connect flow's state",
  "syncSchedule.queueDueSyncs": "the scheduler itself, which acts through requestSync as the system actor",
  "syncSchedule.forgetExpiredOAuthStates": "the scheduler's housekeeping of abandoned connect flows",
  "notifications.notify": "the port other slices raise notifications through, each for its own organization",
  "notifications.getPushPublicKey": "the installation's VAPID public key, which every browser may read",
  "notifications.sendDailyDigests": "the digest job, which mails each person their own notifications",
  "notifications.readUnsubscribeLink": "a signed mail link: the token names the person, no session needed",
  "notifications.unsubscribeFromEmail": "a signed mail link's one-click unsubscribe (RFC 8058)",
  "teams.getInvitation": "an invitation link: its token is the credential, opened before the person belongs",
  "teams.acceptInvitation": "the signed-in person joins through the link sent to their address; no actor there yet",
  "webhooks.publishWebhookEvent": "the port other slices publish events through, each for its own organization",
  "webhooks.deliverWebhook": "the delivery job, for a delivery stored with its organization",
  "webhooks.queueDueWebhookDeliveries": "the scheduler's sweep of deliveries whose job was lost",
  "rulesBackground.queueDueRules": "the scheduler itself, which claims each slot once and queues the run",
  "rulesBackground.workRuleRun": "the rules queue's job, which runs a claimed run as the rule for its organization",
  "budgetsBackground.loadBudgetPlan":
    "the optimizer's read of its own organization's plan, through the optimizer's use cases",
  "budgetsBackground.listOrganizationsWithDailyRun":
    "the optimizer's schedule, which then acts for each organization as Adhelm",
  "budgetsBackground.checkBudgetPacing": "the pacing job, which checks one organization's plan as Adhelm",
  "budgetsBackground.queuePacingChecks": "the scheduler's hourly sweep that queues the pacing checks",
  "budgetsBackground.queuePacingCheckAfterSync":
    "the sync's completion hook, which queues its organization's pacing check",
  "privacyBackground.buildDataExport": "the export job, which builds the export its requester asked for",
  "privacyBackground.purge": "the hourly purge of expired export files and of deletions whose 30 days are over",
  "billingBackground.startTrial": "createOrganization's hook: the new organization's trial, after its owner created it",
  "billingBackground.handleProviderEvent":
    "the payment provider's verified events (signed webhooks, the test provider's pages)",
  "billingBackground.runBillingTick": "the hourly billing job: trial reminders and ends, renewals and dunning retries",
  "billingBackground.runBillingFor": "the billing job's work for one organization, as Adhelm",
  "billingBackground.assertWithinLimit":
    "the plan's limits, which the use cases that add accounts, members or rules check",
  "billingBackground.readOnlyOf": "whether billing makes an organization read-only, where actors are made",
  "optimizerSchedule.queueDueOptimizerWork":
    "the scheduler itself, which queues each organization's daily run and follow-ups",
};

let database: DatabaseHandle;
let services: ServerServices;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "use-cases-"));
  services = createServices({
    env: testEnv({ DATA_DIR: dataDir }),
    database,
    logger: createLogger({ level: "silent", isPretty: false }),
  });
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function membersOf(name: (typeof MODULES)[number]): [string, unknown][] {
  return Object.entries(services[name] as unknown as Record<string, unknown>).map(([member, value]) => [
    `${name}.${member}`,
    value,
  ]);
}

describe("the composition root", () => {
  it("hands out modules of use cases, each naming its permission, besides a few listed exceptions", () => {
    const unguarded: string[] = [];
    for (const name of MODULES)
      for (const [member, value] of membersOf(name)) {
        if (typeof value !== "function") continue;
        const permission = (value as { permission?: string }).permission;
        if (permission === undefined) unguarded.push(member);
        else expect(PERMISSIONS, member).toContain(permission);
      }
    // The public site's module serves visitors: its use cases take a Visitor, not an actor.
    const visitors = membersOf("site").map(([member]) => member);
    expect(unguarded.sort()).toEqual([...Object.keys(UNGUARDED), ...visitors].sort());
  });

  it("refuses an actor without the permission before a use case reads its input or touches anything", async () => {
    const readOnlyKey = apiKeyActor({
      apiKeyId: "k",
      keyName: "Reporting",
      organizationId: "org",
      scope: "read",
      creatorRole: "owner",
    });
    const member = userActor({ userId: "u", name: "Max", organizationId: "org", role: "manager" });
    let refusals = 0;
    for (const name of MODULES)
      for (const [label, value] of membersOf(name)) {
        const permission = (value as { permission?: (typeof PERMISSIONS)[number] }).permission;
        if (typeof value !== "function" || !permission) continue;
        for (const actor of [readOnlyKey, member]) {
          if (can(actor, permission)) continue;
          // No input at all: a guard that ran after the body would crash on it instead.
          const outcome = await (value as (actor: unknown) => Promise<unknown>)(actor).catch((error: unknown) => error);
          expect(outcome, label).toMatchObject({ code: "forbidden", status: 403 });
          refusals++;
        }
      }
    expect(refusals).toBeGreaterThan(10);
  });
});
