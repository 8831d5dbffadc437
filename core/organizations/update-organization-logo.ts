import { createHash } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { normalizeAvatar } from "#core/accounts/update-avatar.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { getOrganizationSettings } from "./get-organization-settings.ts";
import type { OrganizationRepository } from "./organization-repository.ts";
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE } from "./organization-settings-schema.ts";

/** Where an organization's logo is kept; /media serves it (server/routes/media.ts). */
export const logoKeyOf = (organizationId: string) => `organizations/${organizationId}/logo.webp`;

/**
 * A new logo from an upload's bytes: at most 2 MB, checked and re-encoded like an avatar (a
 * square WebP of our own making). Answers its versioned URL.
 */
export async function updateOrganizationLogo(
  deps: { organizations: OrganizationRepository; storage: FileStorage; audit: AuditLog },
  actor: Actor,
  input: { bytes: Buffer; ipAddress?: string | null },
): Promise<string> {
  if (!Buffer.isBuffer(input?.bytes)) throw new AppError("bad_request", "Please upload an image file.");
  if (input.bytes.length > LOGO_MAX_BYTES)
    throw new AppError("unprocessable_entity", LOGO_TOO_LARGE_MESSAGE, {
      title: "File too large",
      fieldErrors: { logo: LOGO_TOO_LARGE_MESSAGE },
    });
  const image = await normalizeAvatar(input.bytes).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.code, error.message, { ...error.details, fieldErrors: { logo: error.message } });
    throw error;
  });
  const before = await getOrganizationSettings(deps, actor);
  const key = logoKeyOf(actor.organizationId);
  await deps.storage.put(key, { bytes: image, contentType: "image/webp" });
  // The version changes with the content, so browsers and caches fetch the new logo at once.
  const logo = `/media/${key}?v=${createHash("sha256").update(image).digest("hex").slice(0, 12)}`;
  await deps.organizations.updateSettings(actor.organizationId, { logo });
  await deps.audit.record(actor, {
    action: "organization.updated",
    target: { type: "organization", id: actor.organizationId, label: before.name },
    details: { logo: { from: before.logo ? "set" : "none", to: "new image" } },
    ipAddress: input.ipAddress,
  });
  return logo;
}
