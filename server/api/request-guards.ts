import { createMiddleware } from "hono/factory";
import { type Actor, apiKeyActor } from "#core/access/actor.ts";
import { authorize, type Permission } from "#core/access/permissions.ts";
import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { IdempotencyRepository } from "#core/public-api/idempotency-repository.ts";
import { runIdempotentRequest } from "#core/public-api/idempotent-request.ts";
import type { ApiEnv } from "./api-env.ts";
import { errorResponse, wwwAuthenticate } from "./api-errors.ts";

export const MISSING_KEY_MESSAGE =
  "This endpoint needs an API key: send it as Authorization: Bearer <key>. Create one in Settings → API keys.";

/** Every campaign endpoint needs a key. */
export const requirePrincipal = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get("principal"))
    return errorResponse(c, 401, "unauthorized", MISSING_KEY_MESSAGE, { "WWW-Authenticate": wwwAuthenticate(false) });
  await next();
});

/** The principal a guarded handler runs as (requirePrincipal ran first). */
export function principalOf(c: { get(key: "principal"): ApiPrincipal | null }): ApiPrincipal {
  const principal = c.get("principal");
  if (!principal) throw new AppError("unauthorized", MISSING_KEY_MESSAGE);
  return principal;
}

/** The key a guarded handler runs as, as the actor of the use cases it calls. */
export function actorOfKey(c: { get(key: "principal"): ApiPrincipal | null }): Actor {
  return apiKeyActor(principalOf(c));
}

/**
 * Refuses (403, in the envelope) a key that may not do what the endpoint's use case does, before
 * its body is read or validated: the use case would refuse it too, but a read-only key should hear
 * so rather than about its JSON. The decision is `authorize`'s (core/access/permissions.ts).
 */
export function requirePermission(permission: Permission) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    authorize(actorOfKey(c), permission);
    await next();
  });
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/i;

/** POST and PUT take a JSON body; anything else is refused before it is validated field by field. */
export const requireJsonBody = createMiddleware<ApiEnv>(async (c, next) => {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType))
    return errorResponse(c, 400, "bad_request", "Send the body as JSON with Content-Type: application/json.");
  try {
    // Parsed once here; Hono caches it for the validator.
    await c.req.json();
  } catch {
    return errorResponse(c, 400, "bad_request", "The request body is not valid JSON.");
  }
  await next();
});

/**
 * Idempotency-Key on POST and PUT: the first request runs and its answer is kept for 24 hours; a
 * replay gets that answer again (Idempotent-Replayed: true). Answers we failed to give (5xx) are not
 * kept, so a retry runs the request again.
 */
export function idempotency(repository: IdempotencyRepository) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    const request = {
      organizationId: principalOf(c).organizationId,
      key,
      method: c.req.method,
      path: c.req.path,
      // POST …/run takes no body: the key then covers the method and path alone.
      body: await c.req.json().catch(() => null),
    };
    // The key's lease is renewed while the request runs, however long the platform takes.
    const outcome = await runIdempotentRequest(repository, request, async () => {
      await next();
      return c.res.status >= 500 ? null : { status: c.res.status, body: await c.res.clone().text() };
    });
    if (outcome.kind === "replay")
      return new Response(outcome.body, {
        status: outcome.status,
        headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
      });
  });
}
