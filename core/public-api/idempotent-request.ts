import { createHash } from "node:crypto";
import { AppError } from "../errors/app-error.ts";
import type { IdempotencyRepository } from "./idempotency-repository.ts";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "./public-api-schemas.ts";

/** A key is kept this long; a replay within it returns the first answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still pending after this long died with its node: its key may be claimed again. */
export const ABANDONED_REQUEST_MS = 2 * 60 * 1000;

/** A refusal with a code of its own, so a client can tell reuse from a request still running. */
export class IdempotencyError extends AppError {
  readonly apiCode: "idempotency_key_reused" | "idempotency_key_in_use";
  constructor(apiCode: IdempotencyError["apiCode"], message: string) {
    super(apiCode === "idempotency_key_reused" ? "unprocessable_entity" : "conflict", message);
    this.apiCode = apiCode;
  }
}

export type IdempotencyOutcome =
  /** Run the request, then complete (or release) the key. */
  | { kind: "run" }
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

/**
 * Claims an Idempotency-Key for a POST or PUT. A new key (or one whose 24 hours are over) runs the
 * request; a replay of the same request gets the first answer; the same key with another method,
 * path or body is refused (422), and so is a second request while the first still runs (409).
 */
export async function beginIdempotentRequest(
  repository: IdempotencyRepository,
  request: IdempotentRequest,
  now: Date = new Date(),
): Promise<IdempotencyOutcome> {
  checkIdempotencyKey(request.key);
  const requestHash = hashIdempotentRequest(request);
  const claim = {
    organizationId: request.organizationId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await repository.claim(claim)) return { kind: "run" };
    const existing = await repository.find(request.organizationId, request.key);
    if (!existing) continue; // Released in between: claim again.
    const isExpired = existing.expiresAt.getTime() <= now.getTime();
    const isAbandoned =
      existing.status === "pending" && now.getTime() - existing.createdAt.getTime() >= ABANDONED_REQUEST_MS;
    if (isExpired || isAbandoned) {
      await repository.deleteStale(request.organizationId, request.key, existing.createdAt);
      continue;
    }
    if (existing.requestHash !== requestHash)
      throw new IdempotencyError(
        "idempotency_key_reused",
        `This Idempotency-Key was already used for another request (${existing.method} ${existing.path} with a different body). Use a new key for each new request.`,
      );
    if (existing.status === "pending")
      throw new IdempotencyError(
        "idempotency_key_in_use",
        "A request with this Idempotency-Key is still running. Retry in a moment to get its answer.",
      );
    return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody ?? "" };
  }
  throw new IdempotencyError(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still running. Retry in a moment to get its answer.",
  );
}

/** Stores the answer that replays will get. */
export async function completeIdempotentRequest(
  repository: IdempotencyRepository,
  request: Pick<IdempotentRequest, "organizationId" | "key">,
  response: { status: number; body: string },
): Promise<void> {
  await repository.complete(request.organizationId, request.key, response);
}

/** Forgets the key after a failure on our side, so the client's retry runs the request again. */
export async function releaseIdempotentRequest(
  repository: IdempotencyRepository,
  request: Pick<IdempotentRequest, "organizationId" | "key">,
): Promise<void> {
  await repository.release(request.organizationId, request.key);
}
