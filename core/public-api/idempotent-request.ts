import { createHash, randomBytes } from "node:crypto";
import { AppError } from "#core/errors/app-error.ts";
import type { IdempotencyRepository } from "./idempotency-repository.ts";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "./public-api-schemas.ts";

/** A key is kept this long; a replay within it returns the first answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running request holds its key without renewing it. The holder renews it every third
 * of this while it runs, so a slow request keeps it however long it takes; a key whose lease ran out
 * belongs to a request that died with its node, and may be claimed again.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

export interface IdempotencyOptions {
  /** The lease (IDEMPOTENCY_LEASE_MS by default); shorter in tests. */
  leaseMs?: number;
}

/** A refusal with a code of its own, so a client can tell reuse from a request still running. */
export class IdempotencyError extends AppError {
  readonly apiCode: "idempotency_key_reused" | "idempotency_key_in_use";
  constructor(apiCode: IdempotencyError["apiCode"], message: string) {
    super(apiCode === "idempotency_key_reused" ? "unprocessable_entity" : "conflict", message);
    this.apiCode = apiCode;
  }
}

export type IdempotencyOutcome =
  /** Run the request, then complete (or release) the key with this lease. */
  | { kind: "run"; lease: IdempotencyLease }
  /** The first answer, to send again. */
  | { kind: "replay"; status: number; body: string };

export interface IdempotentRequest {
  organizationId: string;
  key: string;
  method: string;
  path: string;
  /** The parsed JSON body (key order and whitespace do not matter). */
  body: unknown;
}

/** JSON with sorted keys: the same parameters hash alike however they were written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

export function hashIdempotentRequest(request: Pick<IdempotentRequest, "method" | "path" | "body">): string {
  return createHash("sha256")
    .update(`${request.method}\n${request.path}\n${canonicalJson(request.body)}`)
    .digest("hex");
}

export function checkIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError(
      "bad_request",
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, e.g. a UUID.`,
    );
}

/** The claim a running request holds on its key. */
export interface IdempotencyLease {
  token: string;
  leaseMs: number;
}

/**
 * Claims an Idempotency-Key for a POST or PUT. A new key (or one whose 24 hours are over) runs the
 * request; a replay of the same request gets the first answer; the same key with another method,
 * path or body is refused (422), and so is a second request while the first still runs (409).
 * Prefer `runIdempotentRequest`, which also renews the lease while the request runs.
 */
export async function beginIdempotentRequest(
  repository: IdempotencyRepository,
  request: IdempotentRequest,
  now: Date = new Date(),
  options: IdempotencyOptions = {},
): Promise<IdempotencyOutcome> {
  checkIdempotencyKey(request.key);
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const requestHash = hashIdempotentRequest(request);
  const lease: IdempotencyLease = { token: randomBytes(18).toString("base64url"), leaseMs };
  const claim = {
    organizationId: request.organizationId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    leaseToken: lease.token,
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await repository.claim(claim)) return { kind: "run", lease };
    const existing = await repository.find(request.organizationId, request.key);
    if (!existing) continue; // Released in between: claim again.
    const isExpired = existing.expiresAt.getTime() <= now.getTime();
    const leaseEnd = existing.leaseExpiresAt ?? new Date(existing.createdAt.getTime() + IDEMPOTENCY_LEASE_MS);
    const isAbandoned = existing.status === "pending" && leaseEnd.getTime() <= now.getTime();
    if (isExpired || isAbandoned) {
      await repository.deleteStale(request.organizationId, request.key, existing.createdAt, now);
      continue;
    }
    if (existing.requestHash !== requestHash)
      throw new IdempotencyError(
        "idempotency_key_reused",
        `This Idempotency-Key was already used for another request (${existing.method} ${existing.path} with a different body). Use a new key for each new request.`,
      );
    if (existing.status === "pending") throw stillRunning();
    return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody ?? "" };
  }
  throw stillRunning();
}

function stillRunning(): IdempotencyError {
  return new IdempotencyError(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still running. Retry in a moment to get its answer.",
  );
}

/** Stores the answer that replays will get (if `lease` still holds the key). */
export async function completeIdempotentRequest(
  repository: IdempotencyRepository,
  request: Pick<IdempotentRequest, "organizationId" | "key">,
  lease: IdempotencyLease,
  response: { status: number; body: string },
): Promise<boolean> {
  return repository.complete(request.organizationId, request.key, lease.token, response);
}

/** Forgets the key after a failure on our side, so the client's retry runs the request again. */
export async function releaseIdempotentRequest(
  repository: IdempotencyRepository,
  request: Pick<IdempotentRequest, "organizationId" | "key">,
  lease: IdempotencyLease,
): Promise<void> {
  await repository.release(request.organizationId, request.key, lease.token);
}

/**
 * Renews the lease every third of its length until stopped, so it outlives the slowest request it
 * guards. Only the holder's token renews it; once it no longer holds the key, the heartbeat stops.
 */
export function keepLease(
  repository: IdempotencyRepository,
  request: Pick<IdempotentRequest, "organizationId" | "key">,
  lease: IdempotencyLease,
): { stop(): Promise<void> } {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = repository
        .renew(request.organizationId, request.key, lease.token, new Date(Date.now() + lease.leaseMs))
        .then((isHeld) => {
          if (!isHeld) clearInterval(timer);
        })
        // A failed renewal (a database hiccup) is tried again at the next beat, well within the lease.
        .catch(() => undefined);
    },
    Math.max(1, Math.floor(lease.leaseMs / 3)),
  );
  // A heartbeat never keeps the process alive on its own.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * An Idempotency-Key request from start to end: a replay gets the first answer without running
 * `handler`; otherwise `handler` runs while its lease is renewed, and its answer is kept for the
 * replays. A `null` answer (a failure on our side, e.g. a 5xx) or a throw releases the key, so the
 * client's retry runs the request again.
 */
export async function runIdempotentRequest(
  repository: IdempotencyRepository,
  request: IdempotentRequest,
  handler: () => Promise<{ status: number; body: string } | null>,
  options: IdempotencyOptions = {},
): Promise<{ kind: "ran" } | { kind: "replay"; status: number; body: string }> {
  const outcome = await beginIdempotentRequest(repository, request, new Date(), options);
  if (outcome.kind === "replay") return outcome;
  const heartbeat = keepLease(repository, request, outcome.lease);
  let answer: { status: number; body: string } | null;
  try {
    answer = await handler();
  } catch (error) {
    await heartbeat.stop();
    // If even this fails, the lease runs out on its own; the handler's error is the one to report.
    await releaseIdempotentRequest(repository, request, outcome.lease).catch(() => undefined);
    throw error;
  } finally {
    await heartbeat.stop();
  }
  if (answer) await completeIdempotentRequest(repository, request, outcome.lease, answer);
  else await releaseIdempotentRequest(repository, request, outcome.lease);
  return { kind: "ran" };
}
