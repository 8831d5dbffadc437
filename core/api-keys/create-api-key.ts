import { randomUUID } from "node:crypto";
import { AppError } from "#core/errors/app-error.ts";
import type { ApiKeyDependencies } from "./api-key-dependencies.ts";
import { createApiKeySchemaAt } from "./api-key-schemas.ts";
import { toApiKeySummary } from "./api-key-status.ts";
import { generateApiKey } from "./api-key-tokens.ts";
import type { CreatedApiKey } from "./api-key-types.ts";

/**
 * Creates a key for the organization. Only its SHA-256 and its first characters are stored; the
 * plaintext is returned once, for the page to show, and cannot be recovered afterwards.
 */
export async function createApiKey(
  deps: ApiKeyDependencies,
  input: {
    organizationId: string;
    /** The member creating it. */
    userId: string;
    /** Validated here with the form's schema (createApiKeySchema): { name, expiresOn?: "YYYY-MM-DD" | "", scope? }. */
    values: unknown;
  },
): Promise<CreatedApiKey> {
  const now = deps.now?.() ?? new Date();
  const parsed = createApiKeySchemaAt(() => now).safeParse(input.values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", parsed.error.issues[0]?.message ?? "Check the key's details.");
  const { name, expiresOn, scope } = parsed.data;
  const key = generateApiKey();
  const id = randomUUID();
  await deps.repository.insert({
    id,
    organizationId: input.organizationId,
    name,
    prefix: key.displayPrefix,
    keyHash: key.hash,
    scope,
    createdBy: input.userId,
    createdAt: now,
    expiresAt: expiresOn ? new Date(`${expiresOn}T00:00:00.000Z`) : null,
  });
  const record = await deps.repository.findById(input.organizationId, id);
  if (!record) throw new AppError("internal_error", "The new key could not be read back.");
  return { apiKey: toApiKeySummary(record, now), plaintext: key.plaintext };
}
