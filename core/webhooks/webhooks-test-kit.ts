/**
 * The webhooks module as the server wires it, over a test database, on a clock the test moves:
 * deliveries go through the real outbound guard to local HTTP receivers, and the notifications it
 * raises are recorded (the notifications slice has its own tests).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { classifyAddress, createOutboundFetch, type OutboundOptions } from "#adapters/outbound-http.ts";
import type { Database } from "#core/db/schema.ts";
import type { NewNotification, Notify } from "#core/notifications/notification-types.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createWebhooksModule } from "./webhooks-module.ts";

export interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const open: Receiver[] = [];

/** A webhook receiver on a loopback address; `answer` picks each response's status. */
export async function startReceiver(
  answer: (index: number) => number = () => 200,
  host = "127.0.0.1",
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answer(received.length - 1), { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const receiver: Receiver = {
    url: `http://${host}:${(server.address() as AddressInfo).port}/hooks/adhelm`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.push(receiver);
  return receiver;
}

/** Something else to stop after the test, such as a redirecting server. */
export function closeAfterTest(close: () => Promise<void>): void {
  open.push({ url: "", received: [], close });
}

/** For afterEach: stops every receiver the test started. */
export async function closeReceivers(): Promise<void> {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
}

export const START = new Date("2026-03-02T09:00:00.000Z");

/** A `Notify` that keeps what it is given, once per dedupe key as the notifications slice does. */
export function createRecordingNotify(): { notify: Notify; raised: NewNotification[] } {
  const raised: NewNotification[] = [];
  const notify: Notify = async (notification) => {
    if (notification.dedupeKey && raised.some((known) => known.dedupeKey === notification.dedupeKey)) return null;
    raised.push(notification);
    return `n_${raised.length}`;
  };
  return { notify, raised };
}

/** The module with the guard configured per test; private addresses allowed unless told otherwise. */
export function webhooksModuleFor(
  db: Kysely<Database>,
  options: { allowPrivate?: boolean; requireHttps?: boolean; guard?: OutboundOptions } = {},
  clock: { now: Date } = { now: new Date(START) },
) {
  const allowPrivate = options.allowPrivate ?? true;
  const notifications = createRecordingNotify();
  const module = createWebhooksModule({
    db,
    cipher: createTokenCipher("webhook-test-secret-0123456789abcdef"),
    jobs: createDatabaseJobQueue({ db, logger: silentLogger }),
    fetch: createOutboundFetch({ allowPrivate, timeoutMs: 10_000, ...options.guard }),
    addressPolicy: { requireHttps: options.requireHttps ?? false, allowPrivate, classifyAddress },
    notify: notifications.notify,
    appUrl: "https://adhelm.example",
    now: () => clock.now,
    random: () => 0.5,
  });
  return { module, clock, raised: notifications.raised };
}
