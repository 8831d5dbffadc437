import type { Kysely } from "kysely";
import { can, useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { type ApiKeyDependencies, createApiKeyDependencies } from "./api-key-dependencies.ts";
import { createApiKeyExpiryRepository } from "./api-key-expiry-repository.ts";
import { authenticateApiKey, authenticateApiKeyOfOrganization, flushApiKeyUses } from "./authenticate-api-key.ts";
import { createApiKey } from "./create-api-key.ts";
import { listApiKeys } from "./list-api-keys.ts";
import { remindExpiringApiKeys } from "./remind-expiring-api-keys.ts";
import { revokeApiKey } from "./revoke-api-key.ts";
import { planApiTries, type TryApiDependencies, tryApiRequest } from "./try-api-request.ts";
import type { TryEndpointId } from "./try-api-types.ts";

export interface ApiKeysModuleDependencies {
  db: Kysely<Database>;
  /** How long a key lookup is trusted (API_KEY_CACHE_SECONDS). */
  cacheTtlMs?: number;
  now?: () => Date;
  /** What the /api page's Try it needs besides the keys. */
  tryIt: Omit<TryApiDependencies, "listApiKeys">;
  /** Where creating and revoking keys are recorded (the organization's audit log). */
  audit?: AuditLog;
  /** Where the reminder that a key expires in 7 days goes out (none: the reminders are not sent). */
  mailer?: Mailer;
  logger?: Logger;
}

/**
 * API keys: Settings → API keys (list, create, revoke), the /api page's Try it, and the public
 * API's authentication, which comes before any actor (a key is how an API call gets one).
 */
export function createApiKeysModule({
  db,
  cacheTtlMs,
  now,
  tryIt,
  audit = createAuditLog(db),
  mailer,
  logger,
}: ApiKeysModuleDependencies) {
  // One cache per process, shared by authentication and revocation: a revoke drops its entry at once.
  const keys: ApiKeyDependencies = { ...createApiKeyDependencies(db, { cacheTtlMs }), now };
  const listKeys = useCase("workspace.read", (actor) => listApiKeys(keys, actor.organizationId));
  const tries: TryApiDependencies = { ...tryIt, listApiKeys: listKeys };
  return {
    /** The organization's keys, newest first, revoked and expired ones included. */
    listApiKeys: listKeys,
    /** A new key; its plaintext is in the answer once and never again. */
    createApiKey: useCase("api_keys.manage", async (actor, values: unknown) => {
      const created = await createApiKey(keys, { organizationId: actor.organizationId, userId: actor.id, values });
      await audit.record(actor, {
        action: "api_key.created",
        target: apiKeyTarget(created.apiKey),
        details: { scope: created.apiKey.scope, expiresAt: created.apiKey.expiresAt },
      });
      return created;
    }),
    revokeApiKey: useCase("api_keys.manage", async (actor, apiKeyId: string) => {
      const revoked = await revokeApiKey(keys, { organizationId: actor.organizationId, apiKeyId });
      await audit.record(actor, { action: "api_key.revoked", target: apiKeyTarget(revoked) });
      return revoked;
    }),
    /** The /api page's live Try it; null (the page shows its examples) without an active key or the right to run one. */
    planApiTries: useCase("workspace.read", async (actor) =>
      can(actor, "api_keys.manage") ? planApiTries(tries, actor) : null,
    ),
    /** One Try it, through the real API as one of the organization's keys. */
    tryApiRequest: useCase("api_keys.manage", (actor, input: { endpointId: TryEndpointId; token: string }) =>
      tryApiRequest(tries, actor, input),
    ),
    /** The principal of a Bearer key (the public API's authentication). */
    authenticateApiKey: (plaintext: string) => authenticateApiKey(keys, plaintext),
    /** The principal of one of the organization's keys, chosen by id (Try it's calls). */
    authenticateApiKeyOfOrganization: (input: { organizationId: string; apiKeyId: string }) =>
      authenticateApiKeyOfOrganization(keys, input),
    /** Writes the keys' due last-used times. */
    flushApiKeyUses: () => flushApiKeyUses(keys),
    /** The daily job: mails each key's creator once, 7 days before the key expires; how many were mailed. */
    remindExpiringApiKeys: async () =>
      mailer
        ? remindExpiringApiKeys(
            { expiries: createApiKeyExpiryRepository(db), mailer, appUrl: tryIt.appUrl, logger },
            now?.() ?? new Date(),
          )
        : 0,
    /** Drops keys revoked elsewhere (a member removed or gone) from this process's cache: refused at their next call. */
    forgetApiKeys: (apiKeyIds: readonly string[]) => {
      for (const apiKeyId of apiKeyIds) keys.cache.forget(apiKeyId);
    },
  };
}

export type ApiKeysModule = ReturnType<typeof createApiKeysModule>;

/** How the audit log names a key: its name and prefix, never its secret. */
function apiKeyTarget(key: { id: string; name: string; prefix: string }) {
  return { type: "api_key", id: key.id, label: `${key.name} (${key.prefix}…)` };
}

/** What the public API needs of the keys: authentication, and writing when they were last used. */
export type ApiKeyAuthentication = Pick<
  ApiKeysModule,
  "authenticateApiKey" | "authenticateApiKeyOfOrganization" | "flushApiKeyUses"
>;
