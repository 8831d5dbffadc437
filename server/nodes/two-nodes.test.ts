/**
 * Issue 22 §5: two app processes on one PostgreSQL (pg-boss shares the job queue). Sessions,
 * rate limits and API key revocation hold across the nodes, scheduled jobs run once, and a rolling
 * restart loses no request that was sent before the SIGTERM and no queued job. PostgreSQL only:
 * SQLite is one node by design.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgBossJobQueue } from "#adapters/jobs/pg-boss-job-queue.ts";
import { createLogger } from "#adapters/logger.ts";
import { createApiKeyDependencies } from "#core/api-keys/api-key-dependencies.ts";
import { createApiKey } from "#core/api-keys/create-api-key.ts";
import { revokeApiKey } from "#core/api-keys/revoke-api-key.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { DIGEST_QUEUE } from "#core/notifications/notification-jobs.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import { decodedSubject } from "#tests/support/mail-text.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { organizationOwnedBy } from "#tests/support/server-database.ts";
import { prepareStubProduction, type StubProduction } from "#tests/support/stub-production.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import { type AppNode, createAppNodes, type SentRequest, sendRequest } from "./node-cluster.ts";

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PER_MINUTE = 12;
const EMAIL = "two-nodes@example.com";

let stub: StubProduction | undefined;
let nodeA: AppNode;
let nodeB: AppNode;
let database: DatabaseHandle | undefined;
let probeQueue: JobQueue | undefined;
let cookie = "";
let organizationId = "";
let userId = "";

const keys = () => createApiKeyDependencies(database?.db as DatabaseHandle["db"]);

async function newKey(name: string, expiresOn?: string) {
  const created = await createApiKey(keys(), { organizationId, userId, values: { name, expiresOn } });
  return { id: created.apiKey.id, plaintext: created.plaintext };
}

/** A keyed API call; each from its own client address (behind the proxy), so address limits stay out of it. */
let addressCounter = 0;
async function callWithKey(node: AppNode, key: string): Promise<number> {
  addressCounter += 1;
  const response = await fetch(`${node.url}/api/v1/campaigns?limit=1`, {
    headers: { authorization: `Bearer ${key}`, "x-forwarded-for": `198.51.100.${addressCounter % 250}` },
  });
  await response.body?.cancel();
  return response.status;
}

/** Milliseconds until `node` refuses the key as revoked (401), asking as often as it can. */
async function msUntilRefused(node: AppNode, key: string, revokedAt: number, limitMs: number): Promise<number> {
  while (Date.now() - revokedAt < limitMs) {
    if ((await callWithKey(node, key)) === 401) return Date.now() - revokedAt;
  }
  return Number.POSITIVE_INFINITY;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function until<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDone(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** The expiry reminders in both nodes' outboxes, by the key they are about. */
const reminderSubjects = () =>
  [...readOutbox(nodeA.dataDir), ...readOutbox(nodeB.dataDir)]
    .filter((mail) => mail.to.includes(EMAIL))
    .map((mail) => decodedSubject(mail.raw))
    .filter((subject) => subject.startsWith("Your API key"))
    .sort();

describe.skipIf(!isPostgres)("two app nodes on one PostgreSQL", () => {
  beforeAll(async () => {
    stub = await prepareStubProduction("two-nodes");
    [nodeA, nodeB] = (await createAppNodes(["node-a", "node-b"], {
      root: stub.root,
      buildDir: stub.buildDir,
      env: { ...stub.databaseEnv, TRUST_PROXY: "true", API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) },
    })) as [AppNode, AppNode];
    await nodeA.start();
    database = openDatabase({ databaseUrl: stub.databaseEnv.DATABASE_URL });
    // A member and their organization, made through node A's sign-up.
    cookie = await verifiedSessionCookie(
      { request: (path, init) => fetch(`${nodeA.url}${path}`, init) },
      { appUrl: nodeA.url, dataDir: nodeA.dataDir, email: EMAIL },
    );
    organizationId = await organizationOwnedBy(database.db, EMAIL);
    userId = (await database.db.selectFrom("user").select("id").where("email", "=", EMAIL).executeTakeFirstOrThrow())
      .id;
    // Keys that expire within a week: the daily reminder job, which each node queues at start, mails each once.
    for (const name of ["Expiring 1", "Expiring 2", "Expiring 3"]) await newKey(name, inDays(5));
    await nodeB.start();
  }, 300_000);

  afterAll(async () => {
    await probeQueue?.stop(1_000);
    await Promise.all([nodeA?.terminate(), nodeB?.terminate()]);
    await database?.close();
    await stub?.remove();
  }, 60_000);

  it("keeps a session made on one node on the other", async () => {
    for (const node of [nodeA, nodeB]) {
      const response = await fetch(`${node.url}/api/auth/get-session`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ user: { email: EMAIL } });
    }
  });

  it("stops a revoked key on every node within a second", async () => {
    const key = await newKey("Revoked everywhere");
    // Both nodes have the key in their cache (API_KEY_CACHE_SECONDS is 30).
    expect(await callWithKey(nodeA, key.plaintext)).toBe(200);
    expect(await callWithKey(nodeB, key.plaintext)).toBe(200);
    // Revoked by a third process (as Settings → API keys on any node does): announced to every node.
    await revokeApiKey(keys(), { organizationId, apiKeyId: key.id });
    const revokedAt = Date.now();
    const latencies = await Promise.all(
      [nodeA, nodeB].map((node) => msUntilRefused(node, key.plaintext, revokedAt, 5_000)),
    );
    console.info(`revocation reached the nodes after ${latencies.join(" ms and ")} ms`);
    for (const latency of latencies) expect(latency).toBeLessThanOrEqual(1_000);
  });

  it("stops a key revoked without an announcement within a few seconds (the once-a-second check)", async () => {
    const key = await newKey("Revoked quietly");
    expect(await callWithKey(nodeA, key.plaintext)).toBe(200);
    expect(await callWithKey(nodeB, key.plaintext)).toBe(200);
    // As if the announcement were lost: the row changes, nobody is told.
    await database?.db
      .updateTable("api_keys")
      .set({ revoked_at: new Date().toISOString() })
      .where("id", "=", key.id)
      .execute();
    const revokedAt = Date.now();
    const latencies = await Promise.all(
      [nodeA, nodeB].map((node) => msUntilRefused(node, key.plaintext, revokedAt, 10_000)),
    );
    console.info(`an unannounced revocation reached the nodes after ${latencies.join(" ms and ")} ms`);
    for (const latency of latencies) expect(latency).toBeLessThan(10_000);
  });

  it("counts a client's requests against one limit across both nodes", async () => {
    // A fixed one-minute window: start early in one so the whole run falls inside it.
    await until(
      "a fresh minute",
      async () => Date.now() % 60_000,
      (ms) => ms < 40_000,
    );
    const from = { "x-forwarded-for": "203.0.113.7" };
    const statuses: number[] = [];
    for (let call = 0; call < PER_MINUTE + 2; call++) {
      const node = call % 2 === 0 ? nodeA : nodeB;
      const response = await fetch(`${node.url}/api/v1/campaigns`, { headers: from });
      await response.body?.cancel();
      statuses.push(response.status);
    }
    // Each node alone allows PER_MINUTE; together they allowed PER_MINUTE, then both refused.
    expect(statuses.slice(0, PER_MINUTE).filter((status) => status === 429)).toEqual([]);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429]);
  });

  it("restarts one node, then the other, without losing a request in flight or a queued job", async () => {
    probeQueue = createPgBossJobQueue({
      connectionString: stub?.databaseEnv.DATABASE_URL ?? "",
      logger: createLogger({ level: "warn", isPretty: false }),
    });
    const queued: string[] = [];
    for (const node of [nodeA, nodeB]) {
      // Jobs waiting in the shared queue (digest runs), and requests under way to the node.
      for (let index = 0; index < 5; index++) {
        const singletonKey = `rolling-${node.name}-${index}`;
        expect(await probeQueue.enqueue(DIGEST_QUEUE, {}, { singletonKey })).toBe(true);
        queued.push(singletonKey);
      }
      const requests: SentRequest[] = Array.from({ length: 30 }, (_, index) =>
        sendRequest(`${node.url}/api/auth/get-session`, {
          cookie,
          "x-forwarded-for": `192.0.2.${index + 1}`,
        }),
      );
      await Promise.all(requests.map((request) => request.sent));
      const exited = node.terminate();
      const answers = await Promise.all(requests.map((request) => request.answer));
      expect(await exited, node.output()).toBe(0);
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 200 });
        expect(JSON.parse("body" in answer ? answer.body : "null")).toMatchObject({ user: { email: EMAIL } });
      }
      // The other node serves meanwhile; then this one comes back.
      const other = node === nodeA ? nodeB : nodeA;
      expect((await fetch(`${other.url}/api/auth/get-session`, { headers: { cookie } })).status).toBe(200);
      await node.start();
    }
    // Every queued job ran to completion, once, on one of the nodes.
    const states = () =>
      database?.db
        ? sql<{
            singleton_key: string;
            state: string;
          }>`select singleton_key, state from pgboss.job where name = ${DIGEST_QUEUE} and singleton_key like 'rolling-%'`
            .execute(database.db)
            .then((result) => result.rows)
        : Promise.resolve([]);
    const finished = await until(
      "the queued jobs",
      states,
      (rows) => rows.length === queued.length && rows.every((row) => row.state === "completed"),
    );
    expect(finished.map((row) => row.singleton_key).sort()).toEqual([...queued].sort());
  }, 240_000);

  it("mailed each expiring key's reminder once, though every start of either node queued the job", async () => {
    const subjects = await until(
      "the reminders",
      async () => reminderSubjects(),
      (found) => found.length >= 3,
    );
    // Queued at four starts across two nodes; each key was mailed once.
    expect(subjects).toEqual([
      expect.stringMatching(/^Your API key .Expiring 1. expires on /),
      expect.stringMatching(/^Your API key .Expiring 2. expires on /),
      expect.stringMatching(/^Your API key .Expiring 3. expires on /),
    ]);
  }, 120_000);
});
