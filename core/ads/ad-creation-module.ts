/**
 * Creating ads on the platforms (issue 20 §2): an image ad from an uploaded creative. Writes, so
 * they need "campaigns.change", like every other change pushed to a platform.
 */
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { OpenAdPlatform } from "#core/campaigns/platform-target.ts";
import type { Database } from "#core/db/schema.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createAdCreationRepository } from "./ad-creation-repository.ts";
import { createImageAd, type UploadedFile } from "./create-image-ad.ts";
import { IMAGE_AD_LIMITS, type ImageAdLimits } from "./image-ad-rules.ts";
import type { NewImageAdInput } from "./image-ad-schemas.ts";

export interface AdCreationModuleDeps {
  db: Kysely<Database>;
  openAdPlatform: OpenAdPlatform;
  /** The assets slice's getAssetFile ("file" variant) for the actor. */
  readUpload: (actor: Actor, assetId: string) => Promise<UploadedFile | null>;
  /** Whether this deployment's connector of the platform creates image ads (from the connector registry). */
  createsImageAds: (platform: AdPlatformId) => boolean;
  audit?: AuditLog;
}

export interface ImageAdSupport {
  platform: AdPlatformId;
  isAvailable: boolean;
  limits: ImageAdLimits;
}

export function createAdCreationModule({
  db,
  openAdPlatform,
  readUpload,
  createsImageAds,
  audit = createAuditLog(db),
}: AdCreationModuleDeps) {
  const adCreation = createAdCreationRepository(db);
  return {
    createImageAd: useCase("campaigns.change", (actor, input: NewImageAdInput) =>
      createImageAd({ adCreation, openAdPlatform, readUpload, audit }, actor, input),
    ),
    /**
     * The ad level's sync state of a campaign's ad account (null before its first ad-level sync):
     * the ads tab says why there are no ads when the ad level failed.
     */
    getCampaignAdSync: useCase("workspace.read", (actor, input: { campaignId: string }) =>
      adCreation.adSyncStateOfCampaign(actor.organizationId, input.campaignId),
    ),
    /** Whether ads with an image can be created on a platform here, and its limits (the form reads it). */
    getImageAdSupport: useCase(
      "workspace.read",
      async (_actor, platform: AdPlatformId): Promise<ImageAdSupport> => ({
        platform,
        isAvailable: createsImageAds(platform),
        limits: IMAGE_AD_LIMITS[platform],
      }),
    ),
  };
}

export type AdCreationModule = ReturnType<typeof createAdCreationModule>;
