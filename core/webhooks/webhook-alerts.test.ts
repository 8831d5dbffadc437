/**
 * What the organization is told when a delivery is given up on after its 24 hours of retries: one
 * warning per delivery, linking to Settings → Webhooks, worded from the webhook-alerts catalog in
 * every language. Nothing for a delivery that got through or for a test event.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { webhookAlertsText } from "./webhook-alerts-text.ts";
import type { WebhooksModule } from "./webhooks-module.ts";
import { closeReceivers, START, startReceiver, webhooksModuleFor } from "./webhooks-test-kit.ts";

afterEach(closeReceivers);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function newOwner(): Promise<Actor> {
  return actorOfViewer(await createViewer(database.db, "Ada"), "owner");
}

/** Runs the delivery's job each time its next attempt is due, until it is settled; returns its log row. */
async function runUntilSettled(webhooks: WebhooksModule, clock: { now: Date }, owner: Actor, endpointId: string) {
  for (let round = 0; round < 10; round++) {
    const [delivery] = await webhooks.listWebhookDeliveries(owner, endpointId);
    if (delivery?.status !== "pending") return delivery;
    if (delivery.nextAttemptAt) clock.now = new Date(delivery.nextAttemptAt);
    await webhooks.deliverWebhook(delivery.id);
  }
  throw new Error("the delivery never settled");
}

describe("a delivery given up on", () => {
  it("raises one warning for the organization, with the endpoint's last answer and a link to the page", async () => {
    const receiver = await startReceiver(() => 503);
    const { module: webhooks, clock, raised } = webhooksModuleFor(database.db);
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      description: "Our CRM",
      eventTypes: ["anomaly.detected"],
    });
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "anomaly.detected", data: {} });

    const [first] = await webhooks.listWebhookDeliveries(owner, endpoint.id);
    await webhooks.deliverWebhook(first?.id ?? "");
    // Still retrying: nobody is bothered yet.
    expect(raised).toEqual([]);

    const delivery = await runUntilSettled(webhooks, clock, owner, endpoint.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 7 });
    expect(clock.now.getTime() - START.getTime()).toBeLessThan(24 * 3_600_000);
    expect(raised).toEqual([
      {
        organizationId: owner.organizationId,
        kind: "webhook",
        severity: "warning",
        message: {
          catalog: "webhook-alerts",
          key: "deliveryFailedStatus",
          params: { event: "anomaly.detected", endpoint: "Our CRM", statusCode: "503" },
        },
        link: "/settings/webhooks",
        objectType: "webhook",
        objectId: endpoint.id,
        dedupeKey: `webhook-delivery-failed:${delivery?.id}`,
        data: {
          endpoint_id: endpoint.id,
          endpoint_url: receiver.url,
          delivery_id: delivery?.id,
          event_id: delivery?.eventId,
          event_type: "anomaly.detected",
          attempts: 7,
          last_status_code: 503,
          last_error: null,
        },
        // Never to the webhooks themselves: that would send a failing endpoint news of its own failure.
        channels: ["in_app", "email", "push"],
      },
    ]);

    // A late duplicate of the last job finds the delivery settled and raises nothing more.
    await webhooks.deliverWebhook(delivery?.id ?? "");
    expect(raised).toHaveLength(1);
  });

  it("says the endpoint could not be reached when it never answered, naming it by its address", async () => {
    const receiver = await startReceiver();
    const { module: webhooks, clock, raised } = webhooksModuleFor(database.db);
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["campaign.changed"],
    });
    // The receiver goes away for good: every attempt finds the port closed.
    await closeReceivers();
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "campaign.changed", data: {} });
    await runUntilSettled(webhooks, clock, owner, endpoint.id);

    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      message: {
        catalog: "webhook-alerts",
        key: "deliveryFailedUnreachable",
        params: { event: "campaign.changed", endpoint: receiver.url },
      },
      data: { last_status_code: null, last_error: "The endpoint could not be reached." },
    });
  });

  it("raises one notification per delivery given up on", async () => {
    const receiver = await startReceiver(() => 500);
    const { module: webhooks, clock, raised } = webhooksModuleFor(database.db);
    const owner = await newOwner();
    await webhooks.createWebhookEndpoint(owner, { url: receiver.url, eventTypes: ["anomaly.detected"] });
    await webhooks.createWebhookEndpoint(owner, { url: receiver.url, eventTypes: ["anomaly.detected"] });
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "anomaly.detected", data: {} });
    for (const endpoint of await webhooks.listWebhookEndpoints(owner)) {
      clock.now = new Date(START);
      await runUntilSettled(webhooks, clock, owner, endpoint.id);
    }

    expect(raised).toHaveLength(2);
    expect(new Set(raised.map((notification) => notification.dedupeKey)).size).toBe(2);
  });
});

describe("no notification", () => {
  it("for a delivery that gets through after retries, or a failed test event", async () => {
    const receiver = await startReceiver((index) => (index < 2 ? 500 : 404));
    const { module: webhooks, clock, raised } = webhooksModuleFor(database.db);
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["anomaly.detected"],
    });
    expect(await webhooks.sendTestWebhook(owner, endpoint.id)).toMatchObject({ isSuccess: false, statusCode: 500 });

    const recovering = await startReceiver((index) => (index < 2 ? 500 : 200));
    await webhooks.updateWebhookEndpoint(owner, {
      endpointId: endpoint.id,
      values: { url: recovering.url, eventTypes: ["anomaly.detected"] },
    });
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "anomaly.detected", data: {} });
    const published = (await webhooks.listWebhookDeliveries(owner, endpoint.id)).find(
      (delivery) => delivery.eventType === "anomaly.detected",
    );
    for (let round = 0; round < 5; round++) {
      await webhooks.deliverWebhook(published?.id ?? "");
      const current = (await webhooks.listWebhookDeliveries(owner, endpoint.id)).find(
        (delivery) => delivery.id === published?.id,
      );
      if (current?.status !== "pending") break;
      clock.now = new Date(current.nextAttemptAt ?? clock.now);
    }
    expect(recovering.received).toHaveLength(3);
    expect(raised).toEqual([]);
  });
});

describe("the webhook-alerts catalog", () => {
  it.each(["en", "es", "fr", "de"] as const)("words both messages in %s with every value filled in", (language) => {
    const t = webhookAlertsText.textIn(language);
    const params = { event: "anomaly.detected", endpoint: "Our CRM", statusCode: "503" };
    for (const key of ["deliveryFailedStatus", "deliveryFailedUnreachable"]) {
      const title = t(`${key}.title`, params);
      const body = t(`${key}.body`, params);
      expect(title).not.toBe(`${key}.title`);
      expect(body).toContain("anomaly.detected");
      expect(body).toContain("Our CRM");
      expect(`${title} ${body}`).not.toMatch(/\{\{|\}\}/);
    }
    expect(t("deliveryFailedStatus.body", params)).toContain("HTTP 503");
  });
});
