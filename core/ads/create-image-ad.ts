import type { Readable } from "node:stream";
import type { Actor } from "#core/access/actor.ts";
import { validationError } from "#core/assets/asset-validation.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { describeFailure, toRefusal } from "#core/campaigns/change-messages.ts";
import type { OpenAdPlatform } from "#core/campaigns/platform-target.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ExternalAd, NewExternalImageAd } from "#core/shared/connector-port.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AdCreationRepository } from "./ad-creation-repository.ts";
import { IMAGE_AD_LIMITS } from "./image-ad-rules.ts";
import { type NewImageAdInput, newImageAdSchema } from "./image-ad-schemas.ts";

export const NO_SUCH_CAMPAIGN_FOR_AD = "There is no campaign with this id.";
export const NO_SUCH_AD_GROUP = "This campaign has no such ad group.";
export const NO_SUCH_IMAGE = "There is no uploaded image with this id.";
export const NOT_AN_IMAGE = "Choose an image: videos cannot be used in an image ad.";

/** Refusals, in English like every core message (the app translates them through messages-campaigns). */
export const IMAGE_ADS_UNAVAILABLE = "Creating ads with an image isn't available for this platform yet.";
export const HEADLINE_TOO_LONG = "The headline is longer than this platform takes.";
export const BODY_TOO_LONG = "The text is longer than this platform takes.";
export const IMAGE_TOO_LARGE = "The image is larger than this platform takes for an ad.";

/** An uploaded creative's file as the assets slice serves it (its "file" variant). */
export interface UploadedFile {
  name: string;
  kind: string;
  contentType: string;
  size: number;
  body: Readable;
}

export interface CreateImageAdDependencies {
  adCreation: AdCreationRepository;
  /** The connections slice's way onto the campaign's platform (fresh tokens, the retry policy). */
  openAdPlatform: OpenAdPlatform;
  /** The assets slice's getAssetFile: an upload of the actor's organization, or null. */
  readUpload: (actor: Actor, assetId: string) => Promise<UploadedFile | null>;
  audit: AuditLog;
}

export interface CreatedImageAd {
  adId: string;
  externalId: string;
  name: string;
  platform: AdPlatformId;
  campaignId: string;
  adGroupId: string;
}

/**
 * Creates an ad in one of a campaign's ad groups from an uploaded image, on the campaign's
 * platform: the image goes up, then the creative and the ad (the connector's createImageAd). The
 * new ad is stored the way the sync stores ads, so the campaign page shows it at once and the next
 * sync updates it. The outcome, success or refusal, is written to the organization's audit log.
 */
export async function createImageAd(
  deps: CreateImageAdDependencies,
  actor: Actor,
  input: NewImageAdInput,
): Promise<CreatedImageAd> {
  const parsed = newImageAdSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const wanted = parsed.data;
  const { organizationId } = actor;
  const target = await deps.adCreation.findTarget(organizationId, wanted.campaignId);
  if (!target) throw new AppError("not_found", NO_SUCH_CAMPAIGN_FOR_AD);
  const adGroup = await deps.adCreation.findAdGroup(organizationId, target.campaignId, wanted.adGroupId);
  if (!adGroup) throw new AppError("not_found", NO_SUCH_AD_GROUP, { fieldErrors: { adGroupId: NO_SUCH_AD_GROUP } });
  const limits = IMAGE_AD_LIMITS[target.platform];
  const tooLong: Record<string, string> = {};
  if (wanted.headline.length > limits.headlineMax) tooLong.headline = HEADLINE_TOO_LONG;
  if (wanted.body.length > limits.bodyMax) tooLong.body = BODY_TOO_LONG;
  const [firstTooLong] = Object.values(tooLong);
  if (firstTooLong) throw new AppError("unprocessable_entity", firstTooLong, { fieldErrors: tooLong });

  const { connector, session, platform } = await deps.openAdPlatform(actor, target.connectionId);
  if (!connector.createImageAd) throw new AppError("conflict", IMAGE_ADS_UNAVAILABLE);
  const createOnPlatform = connector.createImageAd.bind(connector);

  const upload = await deps.readUpload(actor, wanted.assetId);
  if (!upload) throw new AppError("not_found", NO_SUCH_IMAGE, { fieldErrors: { assetId: NO_SUCH_IMAGE } });
  if (upload.kind !== "image") {
    upload.body.destroy();
    throw new AppError("unprocessable_entity", NOT_AN_IMAGE, { fieldErrors: { assetId: NOT_AN_IMAGE } });
  }
  const bytes = await readAtMost(upload.body, limits.imageMaxBytes);
  if (!bytes) {
    throw new AppError("unprocessable_entity", IMAGE_TOO_LARGE, { fieldErrors: { assetId: IMAGE_TOO_LARGE } });
  }

  const image = await platformReadyImage(bytes, upload);
  const request: NewExternalImageAd = {
    adGroupExternalId: adGroup.externalId,
    image,
    name: wanted.headline,
    headline: wanted.headline,
    body: wanted.body,
    landingUrl: wanted.landingUrl,
    status: wanted.status,
  };
  const auditTarget = { type: "creative", id: wanted.assetId, label: upload.name };
  const where = { platform, campaignId: target.campaignId, campaign: target.campaignName, adGroup: adGroup.name };

  let created: ExternalAd;
  try {
    // A creation has no id to read back by until it answers, so a retry first looks for an ad of
    // this name in the ad group that was not there before the first try: a lost answer must not
    // create the ad twice.
    const existing = new Set(
      (await session.call((tokens) => connector.listAds(tokens, target.account))).map((ad) => ad.externalId),
    );
    let hasSent = false;
    created = await session.call(async (tokens) => {
      if (hasSent) {
        const arrived = (await connector.listAds(tokens, target.account)).find(
          (ad) =>
            !existing.has(ad.externalId) && ad.adGroupExternalId === adGroup.externalId && ad.name === request.name,
        );
        if (arrived) return arrived;
      }
      hasSent = true;
      return createOnPlatform(tokens, target.account, request);
    });
  } catch (error) {
    await deps.audit.record(actor, {
      action: "ad.creation_failed",
      target: auditTarget,
      details: { ...where, error: describeFailure(error) },
    });
    throw toRefusal(error);
  }

  const adId = await deps.adCreation.saveCreatedAd(
    { organizationId, adAccountId: target.adAccountId, campaignId: target.campaignId, adGroupId: adGroup.id },
    created,
  );
  await deps.audit.record(actor, {
    action: "ad.created",
    target: { type: "ad", id: adId, label: created.name },
    details: { ...where, image: upload.name, adExternalId: created.externalId },
  });
  return {
    adId,
    externalId: created.externalId,
    name: created.name,
    platform,
    campaignId: target.campaignId,
    adGroupId: adGroup.id,
  };
}

/** The stream's bytes, or null (and the stream closed) once it passes `max`. */
async function readAtMost(stream: Readable, max: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.byteLength;
    if (total > max) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The image as the platforms take it: JPEG, PNG and GIF go as they are; WebP (which Google and
 * Meta refuse for ad images) is converted to PNG, which keeps its transparency.
 */
async function platformReadyImage(bytes: Uint8Array, upload: UploadedFile): Promise<NewExternalImageAd["image"]> {
  if (upload.contentType !== "image/webp") return { bytes, contentType: upload.contentType, fileName: upload.name };
  const { default: sharp } = await import("sharp");
  const png = await sharp(bytes).png().toBuffer();
  return {
    bytes: new Uint8Array(png),
    contentType: "image/png",
    fileName: `${upload.name.replace(/\.[^.]*$/, "")}.png`,
  };
}
