/**
 * Deliveries as a receiver sees them: signed requests to a real local HTTP server that checks the
 * signature, retries with backoff on a controlled clock (the delivery job's body is called directly,
 * as the queue would when the attempt is due), giving up after 24 hours, rotation, exactly one
 * attempt when two nodes run the same job, and the outbound guard's refusals.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, type OutboundOptions } from "#adapters/outbound-http.ts";
import type { Actor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { verifySignature } from "./webhook-signature.ts";
import type { WebhooksModule } from "./webhooks-module.ts";
import {
  closeAfterTest,
  closeReceivers,
  type Received,
  START,
  startReceiver,
  webhooksModuleFor,
} from "./webhooks-test-kit.ts";

afterEach(closeReceivers);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The module as the server wires it, on a clock the test moves, with the guard configured per test. */
function webhooksWith(
  options: { allowPrivate?: boolean; requireHttps?: boolean; guard?: OutboundOptions } = {},
  clock: { now: Date } = { now: new Date(START) },
) {
  return webhooksModuleFor(database.db, options, clock);
}

async function newOwner(): Promise<Actor> {
  return actorOfViewer(await createViewer(database.db, "Ada"), "owner");
}

async function onlyDelivery(webhooks: WebhooksModule, owner: Actor, endpointId: string) {
  const log = await webhooks.listWebhookDeliveries(owner, endpointId);
  expect(log).toHaveLength(1);
  return log[0] as NonNullable<(typeof log)[number]>;
}

describe("a delivery", () => {
  it("is a signed POST that the receiver verifies, with the event's headers and body", async () => {
    const receiver = await startReceiver();
    const { module: webhooks, clock } = webhooksWith();
    const owner = await newOwner();
    const { endpoint, secret } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      description: "Our CRM",
      eventTypes: ["campaign.changed"],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    await webhooks.publishWebhookEvent({
      organizationId: owner.organizationId,
      type: "campaign.changed",
      data: { campaign_id: "c_1", kind: "pause" },
      eventId: "change-1",
    });
    const queued = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, eventType: "campaign.changed" });
    await webhooks.deliverWebhook(queued.id);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["adhelm-event"]).toBe("campaign.changed");
    expect(request.headers["adhelm-delivery"]).toBe(queued.id);
    expect(request.headers["user-agent"]).toBe("Adhelm-Webhooks/1.0 (+https://adhelm.example)");
    const signature = String(request.headers["adhelm-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, request.body, secret, { now: clock.now })).toBe(true);
    // Another secret, a changed body or an old timestamp does not verify.
    expect(verifySignature(signature, request.body, "whsec_other", { now: clock.now })).toBe(false);
    expect(verifySignature(signature, `${request.body} `, secret, { now: clock.now })).toBe(false);
    expect(verifySignature(signature, request.body, secret, { now: new Date(clock.now.getTime() + 6 * 60_000) })).toBe(
      false,
    );
    expect(JSON.parse(request.body)).toEqual({
      id: queued.eventId,
      type: "campaign.changed",
      created_at: START.toISOString(),
      organization_id: owner.organizationId,
      data: { campaign_id: "c_1", kind: "pause" },
    });

    const delivered = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(delivered).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
    expect(delivered.tries.map((attempt) => attempt.statusCode)).toEqual([200]);
    const [listed] = await webhooks.listWebhookEndpoints(owner);
    expect(listed?.lastDelivery).toMatchObject({ status: "succeeded", statusCode: 200 });
  });

  it("goes once to each enabled endpoint that subscribed, however often the event is published", async () => {
    const receiver = await startReceiver();
    const { module: webhooks } = webhooksWith();
    const owner = await newOwner();
    const subscribed = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["rule.run.completed"],
    });
    const other = await webhooks.createWebhookEndpoint(owner, { url: receiver.url, eventTypes: ["anomaly.detected"] });
    const disabled = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["rule.run.completed"],
    });
    await webhooks.setWebhookEndpointEnabled(owner, { endpointId: disabled.endpoint.id, isEnabled: false });

    const event = {
      organizationId: owner.organizationId,
      type: "rule.run.completed" as const,
      data: { rule_id: "r_1" },
      eventId: "rule-run:r_1:2026-03-02T09:00",
    };
    await webhooks.publishWebhookEvent(event);
    await webhooks.publishWebhookEvent(event);

    expect(await webhooks.listWebhookDeliveries(owner, subscribed.endpoint.id)).toHaveLength(1);
    expect(await webhooks.listWebhookDeliveries(owner, other.endpoint.id)).toEqual([]);
    expect(await webhooks.listWebhookDeliveries(owner, disabled.endpoint.id)).toEqual([]);
  });

  it("is retried with backoff until the receiver takes it: three attempts, one success", async () => {
    const receiver = await startReceiver((index) => (index < 2 ? 500 : 200));
    const { module: webhooks, clock } = webhooksWith();
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["anomaly.detected"],
    });
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "anomaly.detected", data: {} });
    const { id } = await onlyDelivery(webhooks, owner, endpoint.id);

    await webhooks.deliverWebhook(id);
    let delivery = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(delivery.nextAttemptAt).toBe(new Date(START.getTime() + 60_000).toISOString());

    // The job is not due yet: nothing is sent.
    clock.now = new Date(START.getTime() + 30_000);
    await webhooks.deliverWebhook(id);
    expect(receiver.received).toHaveLength(1);

    clock.now = new Date(delivery.nextAttemptAt ?? "");
    await webhooks.deliverWebhook(id);
    delivery = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 500 });
    expect(delivery.nextAttemptAt).toBe(new Date(clock.now.getTime() + 5 * 60_000).toISOString());

    clock.now = new Date(delivery.nextAttemptAt ?? "");
    await webhooks.deliverWebhook(id);
    // A late duplicate of the job finds nothing left to do.
    await webhooks.deliverWebhook(id);
    delivery = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(delivery.tries.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500]);
    expect(receiver.received).toHaveLength(3);
    // Every attempt carries the same event and delivery.
    expect(new Set(receiver.received.map((request) => request.headers["adhelm-delivery"]))).toEqual(new Set([id]));
  });

  it("gives up 24 hours after the event, after seven attempts", async () => {
    const receiver = await startReceiver(() => 503);
    const { module: webhooks, clock } = webhooksWith();
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["anomaly.detected"],
    });
    await webhooks.publishWebhookEvent({ organizationId: owner.organizationId, type: "anomaly.detected", data: {} });
    const { id } = await onlyDelivery(webhooks, owner, endpoint.id);

    const gaps: number[] = [];
    for (let round = 0; round < 10; round++) {
      await webhooks.deliverWebhook(id);
      const delivery = await onlyDelivery(webhooks, owner, endpoint.id);
      if (!delivery.nextAttemptAt) break;
      gaps.push((new Date(delivery.nextAttemptAt).getTime() - clock.now.getTime()) / 60_000);
      clock.now = new Date(delivery.nextAttemptAt);
    }
    // 1 min, 5 min, 30 min, 2 h, 6 h, 12 h: the next 12 h would fall past the day.
    expect(gaps).toEqual([1, 5, 30, 120, 360, 720]);
    const delivery = await onlyDelivery(webhooks, owner, endpoint.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 7, lastStatusCode: 503, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(7);
    expect(clock.now.getTime() - START.getTime()).toBeLessThan(24 * 3_600_000);
  });

  it("is sent once when two nodes run its job at the same moment", async () => {
    const receiver = await startReceiver();
    const clock = { now: new Date(START) };
    const { module: nodeA } = webhooksWith({}, clock);
    const { module: nodeB } = webhooksWith({}, clock);
    const owner = await newOwner();
    const { endpoint } = await nodeA.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["campaign.changed"],
    });
    await nodeA.publishWebhookEvent({ organizationId: owner.organizationId, type: "campaign.changed", data: {} });
    const { id } = await onlyDelivery(nodeA, owner, endpoint.id);

    await Promise.all([nodeA.deliverWebhook(id), nodeB.deliverWebhook(id), nodeA.deliverWebhook(id)]);
    expect(receiver.received).toHaveLength(1);
    expect(await onlyDelivery(nodeB, owner, endpoint.id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});

describe("rotating the secret", () => {
  it("signs with both secrets for 24 hours, then with the new one only", async () => {
    const receiver = await startReceiver();
    const { module: webhooks, clock } = webhooksWith();
    const owner = await newOwner();
    const created = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["anomaly.detected"],
    });
    const rotated = await webhooks.rotateWebhookSecret(owner, created.endpoint.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(new Date(START.getTime() + 24 * 3_600_000).toISOString());

    const test = await webhooks.sendTestWebhook(owner, created.endpoint.id);
    expect(test).toMatchObject({ isSuccess: true, statusCode: 200 });
    const during = receiver.received[0] as Received;
    const header = String(during.headers["adhelm-signature"]);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, during.body, rotated.secret, { now: clock.now })).toBe(true);
    expect(verifySignature(header, during.body, created.secret, { now: clock.now })).toBe(true);

    clock.now = new Date(START.getTime() + 25 * 3_600_000);
    await webhooks.sendTestWebhook(owner, created.endpoint.id);
    const after = receiver.received[1] as Received;
    const later = String(after.headers["adhelm-signature"]);
    expect(later.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(later, after.body, rotated.secret, { now: clock.now })).toBe(true);
    expect(verifySignature(later, after.body, created.secret, { now: clock.now })).toBe(false);
    const [listed] = await webhooks.listWebhookEndpoints(owner);
    expect(listed?.previousSecretExpiresAt).toBeNull();
  });
});

describe("the test event", () => {
  it("is sent at once and answers with the result, without retries when it fails", async () => {
    const receiver = await startReceiver(() => 404);
    const { module: webhooks } = webhooksWith();
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: receiver.url,
      eventTypes: ["anomaly.detected"],
    });
    const result = await webhooks.sendTestWebhook(owner, endpoint.id);
    expect(result).toMatchObject({ isSuccess: false, statusCode: 404, error: null });
    expect(result.delivery).toMatchObject({
      eventType: "webhook.test",
      status: "failed",
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(JSON.parse((receiver.received[0] as Received).body)).toMatchObject({
      type: "webhook.test",
      data: { message: "This is a test event from Adhelm." },
    });
  });
});

describe("the outbound guard", () => {
  const refusedOnSave = "The address is on a private or reserved network, which Adhelm does not call.";

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://10.1.2.3/hook",
    "http://192.168.1.20/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/hook",
    "http://[fd00::5]/hook",
    "http://localhost:3000/hook",
    "http://0.0.0.0/hook",
  ])("refuses to save %s next to the field, and saves nothing", async (url) => {
    const { module: webhooks } = webhooksWith({ allowPrivate: false });
    const owner = await newOwner();
    const refusal = await refusalOf(webhooks.createWebhookEndpoint(owner, { url, eventTypes: ["anomaly.detected"] }));
    expect(refusal.status).toBe(422);
    expect(refusal.details?.fieldErrors).toEqual({ url: refusedOnSave });
    expect(await webhooks.listWebhookEndpoints(owner)).toEqual([]);
  });

  it("allows private addresses with WEBHOOKS_ALLOW_PRIVATE, but never link-local ones", async () => {
    const { module: webhooks } = webhooksWith({ allowPrivate: true });
    const owner = await newOwner();
    await webhooks.createWebhookEndpoint(owner, { url: "http://10.1.2.3/hook", eventTypes: ["anomaly.detected"] });
    await webhooks.createWebhookEndpoint(owner, {
      url: "http://localhost:3000/hook",
      eventTypes: ["anomaly.detected"],
    });
    const refusal = await refusalOf(
      webhooks.createWebhookEndpoint(owner, { url: "http://169.254.169.254/", eventTypes: ["anomaly.detected"] }),
    );
    expect(refusal.details?.fieldErrors).toEqual({ url: refusedOnSave });
    expect(await webhooks.listWebhookEndpoints(owner)).toHaveLength(2);
  });

  it("refuses plain http in production", async () => {
    const { module: webhooks } = webhooksWith({ allowPrivate: false, requireHttps: true });
    const owner = await newOwner();
    const refusal = await refusalOf(
      webhooks.createWebhookEndpoint(owner, { url: "http://hooks.example.com/in", eventTypes: ["anomaly.detected"] }),
    );
    expect(refusal.details?.fieldErrors).toEqual({ url: "The address must start with https://." });
  });

  it("refuses at delivery a host name that resolves to loopback, and the receiver is never called", async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const { module: webhooks } = webhooksWith({
      allowPrivate: false,
      guard: { resolve: async () => [{ address: "127.0.0.1", family: 4 }] },
    });
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: `http://hooks.example.com:${port}/in`,
      eventTypes: ["anomaly.detected"],
    });
    const result = await webhooks.sendTestWebhook(owner, endpoint.id);
    expect(result).toMatchObject({ isSuccess: false, statusCode: null, error: refusedOnSave });
    expect(receiver.received).toEqual([]);
  });

  it("delivers to that host name with WEBHOOKS_ALLOW_PRIVATE", async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const { module: webhooks } = webhooksWith({
      allowPrivate: true,
      guard: { resolve: async () => [{ address: "127.0.0.1", family: 4 }] },
    });
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: `http://hooks.example.com:${port}/in`,
      eventTypes: ["anomaly.detected"],
    });
    expect(await webhooks.sendTestWebhook(owner, endpoint.id)).toMatchObject({ isSuccess: true, statusCode: 200 });
    expect(receiver.received).toHaveLength(1);
  });

  it("refuses a redirect to a private address", async () => {
    // 127.0.0.1 stands for a public receiver that redirects to the private 127.0.0.2.
    const inside = await startReceiver(() => 200, "127.0.0.2");
    const redirector = createServer((_request, response) => {
      response.writeHead(307, { location: inside.url }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    closeAfterTest(() => new Promise<void>((resolve) => redirector.close(() => resolve())));
    const { module: webhooks } = webhooksWith({
      allowPrivate: false,
      guard: {
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
        isPublicAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
      },
    });
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: `http://hooks.example.com:${(redirector.address() as AddressInfo).port}/in`,
      eventTypes: ["anomaly.detected"],
    });
    const result = await webhooks.sendTestWebhook(owner, endpoint.id);
    expect(result).toMatchObject({ isSuccess: false, statusCode: null, error: refusedOnSave });
    expect(inside.received).toEqual([]);
  });
});

describe("bad input", () => {
  it.each([
    [
      { url: "", eventTypes: ["anomaly.detected"] },
      { url: "Enter the endpoint's address, e.g. https://example.com/webhooks." },
    ],
    [{ url: "not an address", eventTypes: ["anomaly.detected"] }, { url: "The address is not a valid web address." }],
    [
      { url: "ftp://files.example.com/x", eventTypes: ["anomaly.detected"] },
      { url: "The address must start with http:// or https://." },
    ],
    [
      { url: "https://user:pw@hooks.example.com/", eventTypes: ["anomaly.detected"] },
      { url: "The address must not contain a user name or password." },
    ],
    [{ url: "https://hooks.example.com/", eventTypes: [] }, { eventTypes: "Choose at least one event." }],
    [
      { url: "https://hooks.example.com/", eventTypes: ["campaign.deleted"] },
      { eventTypes: "Choose events from the list." },
    ],
    [
      { url: "https://hooks.example.com/", eventTypes: ["webhook.test"] },
      { eventTypes: "Choose events from the list." },
    ],
    [
      { url: "https://hooks.example.com/", description: "x".repeat(201), eventTypes: ["anomaly.detected"] },
      { description: "A description has at most 200 characters." },
    ],
  ])("refuses %j with a message next to the field, and saves nothing", async (values, fieldErrors) => {
    const { module: webhooks } = webhooksWith({ allowPrivate: false });
    const owner = await newOwner();
    const refusal = await refusalOf(webhooks.createWebhookEndpoint(owner, values));
    expect(refusal.status).toBe(422);
    expect(refusal.details?.fieldErrors).toEqual(fieldErrors);
    expect(await webhooks.listWebhookEndpoints(owner)).toEqual([]);
  });

  it("keeps an endpoint as it was when an edit is refused", async () => {
    const { module: webhooks } = webhooksWith({ allowPrivate: false });
    const owner = await newOwner();
    const { endpoint } = await webhooks.createWebhookEndpoint(owner, {
      url: "https://hooks.example.com/in",
      eventTypes: ["anomaly.detected"],
    });
    const refusal = await refusalOf(
      webhooks.updateWebhookEndpoint(owner, {
        endpointId: endpoint.id,
        values: { url: "http://10.0.0.1/", eventTypes: ["anomaly.detected"] },
      }),
    );
    expect(refusal.status).toBe(422);
    expect(await webhooks.listWebhookEndpoints(owner)).toEqual([endpoint]);
  });
});
