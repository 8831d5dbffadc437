/**
 * Who reaches an organization's webhooks, through the module the server wires: owners and admins
 * manage them, members read them, API keys and Adhelm's own jobs manage none, and another
 * organization neither sees nor touches them.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, apiKeyActor, systemActor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

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

const FORBIDDEN = "Your role in this organization does not allow this.";
const VALUES = { url: "https://hooks.example.com/adhelm", description: "CRM", eventTypes: ["anomaly.detected"] };

/** An organization's owner, an admin and an analyst. */
async function newTeam(): Promise<{ owner: Actor; admin: Actor; member: Actor }> {
  const ada = await createViewer(database.db, "Ada");
  const join = async (name: string, role: "admin" | "manager" | "analyst" | "viewer") => {
    const userId = randomUUID();
    await database.db
      .insertInto("user")
      .values({ id: userId, name, email: `${userId}@example.test`, emailVerified: true })
      .execute();
    await database.db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId: ada.organizationId, userId, role, createdAt: new Date() })
      .execute();
    return userActor({ userId, name, organizationId: ada.organizationId, role });
  };
  return {
    owner: userActor({ userId: ada.userId, name: "Ada", organizationId: ada.organizationId, role: "owner" }),
    admin: await join("Grace", "admin"),
    member: await join("Max", "analyst"),
  };
}

describe("webhooks by role", () => {
  it("lets owners and admins manage endpoints, and analysts read them", async () => {
    const { owner, admin, member } = await newTeam();
    const created = await services.webhooks.createWebhookEndpoint(owner, VALUES);
    const edited = await services.webhooks.updateWebhookEndpoint(admin, {
      endpointId: created.endpoint.id,
      values: { ...VALUES, description: "CRM (prod)" },
    });
    expect(edited.description).toBe("CRM (prod)");
    const listed = await services.webhooks.listWebhookEndpoints(member);
    expect(listed.map((endpoint) => endpoint.id)).toEqual([created.endpoint.id]);
    // The secret is shown once: no listing carries it.
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await services.webhooks.listWebhookDeliveries(member, created.endpoint.id)).toEqual([]);
    await services.webhooks.deleteWebhookEndpoint(admin, created.endpoint.id);
    expect(await services.webhooks.listWebhookEndpoints(owner)).toEqual([]);
  });

  it("refuses an analyst, an API key and Adhelm's own jobs every change (403), and nothing changes", async () => {
    const { owner, member } = await newTeam();
    const { endpoint } = await services.webhooks.createWebhookEndpoint(owner, VALUES);
    const key = apiKeyActor({
      apiKeyId: randomUUID(),
      keyName: "Scripts",
      organizationId: owner.organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    const adhelm = systemActor(owner.organizationId, { id: "rule:r1", label: "Rule “Stop loss”" });
    const before = await services.webhooks.listWebhookEndpoints(owner);

    for (const actor of [member, key, adhelm]) {
      const attempts = [
        () => services.webhooks.createWebhookEndpoint(actor, VALUES),
        () => services.webhooks.updateWebhookEndpoint(actor, { endpointId: endpoint.id, values: VALUES }),
        () => services.webhooks.setWebhookEndpointEnabled(actor, { endpointId: endpoint.id, isEnabled: false }),
        () => services.webhooks.rotateWebhookSecret(actor, endpoint.id),
        () => services.webhooks.sendTestWebhook(actor, endpoint.id),
        () => services.webhooks.deleteWebhookEndpoint(actor, endpoint.id),
      ];
      for (const attempt of attempts) expect((await refusalOf(attempt())).status).toBe(403);
    }
    expect((await refusalOf(services.webhooks.deleteWebhookEndpoint(member, endpoint.id))).message).toBe(FORBIDDEN);
    expect(await services.webhooks.listWebhookEndpoints(owner)).toEqual(before);
    expect(await services.webhooks.listWebhookDeliveries(owner, endpoint.id)).toEqual([]);
  });
});

describe("webhooks between organizations", () => {
  it("never shows or reaches another organization's endpoints or deliveries", async () => {
    const ours = await newTeam();
    const theirs = await newTeam();
    const { endpoint } = await services.webhooks.createWebhookEndpoint(theirs.owner, VALUES);
    await services.webhooks.publishWebhookEvent({
      organizationId: theirs.owner.organizationId,
      type: "anomaly.detected",
      data: { campaign_id: "theirs" },
    });
    // Our event does not go to their endpoint.
    await services.webhooks.publishWebhookEvent({
      organizationId: ours.owner.organizationId,
      type: "anomaly.detected",
      data: { campaign_id: "ours" },
    });
    expect(await services.webhooks.listWebhookEndpoints(ours.owner)).toEqual([]);
    const attempts = [
      () => services.webhooks.listWebhookDeliveries(ours.owner, endpoint.id),
      () => services.webhooks.updateWebhookEndpoint(ours.owner, { endpointId: endpoint.id, values: VALUES }),
      () => services.webhooks.setWebhookEndpointEnabled(ours.owner, { endpointId: endpoint.id, isEnabled: false }),
      () => services.webhooks.rotateWebhookSecret(ours.owner, endpoint.id),
      () => services.webhooks.sendTestWebhook(ours.owner, endpoint.id),
      () => services.webhooks.deleteWebhookEndpoint(ours.owner, endpoint.id),
    ];
    for (const attempt of attempts) {
      const refusal = await refusalOf(attempt());
      expect(refusal.status).toBe(404);
      expect(refusal.message).toBe("There is no such webhook endpoint.");
    }
    const [theirEndpoint] = await services.webhooks.listWebhookEndpoints(theirs.owner);
    expect(theirEndpoint).toMatchObject({ id: endpoint.id, isEnabled: true, description: "CRM" });
    const log = await services.webhooks.listWebhookDeliveries(theirs.owner, endpoint.id);
    expect(log).toHaveLength(1);
    expect(log[0]?.eventType).toBe("anomaly.detected");
  });
});
